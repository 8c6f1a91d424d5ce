import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorFromResponse, errorFromSchema, errorFromTransport } from '../../electron/core/api/errors.js';
import { backoffDelayMs, RETRY, retryAfterSeconds } from '../../electron/core/api/retry-policy.js';

describe('service errors become one AppError', () => {
  it('reads problem details', () => {
    const e = errorFromResponse('GET /2026-07/receiving/{id}', 404, {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Receiving order 9 does not exist.',
    });
    expect(e.appError).toMatchObject({ code: 'not_found', retryable: false });
    // The desk's own sentence (by status), and the service's words as they came, marked as its.
    expect(e.appError.said).toEqual({ id: 'errors.api.notFound' });
    expect(e.appError.message).toBe('The service does not know this item (it may have been removed).');
    expect(e.appError.serviceMessage).toBe('Receiving order 9 does not exist.');
    expect(e.appError.detail).toBe('GET /2026-07/receiving/{id} answered HTTP 404');
  });

  it('reads a validation dictionary into field errors', () => {
    const e = errorFromResponse('POST /2026-07/receiving', 422, {
      'boxes[0].box_items[0].quantity': ['must be at least 1'],
      expected_arrival_date: ['must be in the future'],
    });
    expect(e.appError.code).toBe('validation');
    expect(e.appError.fieldErrors).toEqual({ 'boxes[0].box_items[0].quantity': ['must be at least 1'], expected_arrival_date: ['must be in the future'] });
    expect(e.appError.said).toEqual({ id: 'errors.api.validation' });
    expect(e.appError.serviceMessage).toBe('boxes[0].box_items[0].quantity: must be at least 1');
  });

  it('reads the {message, errors} shape of returns', () => {
    const e = errorFromResponse('POST /2026-07/return', 422, { message: 'The return breaks the rules.', errors: ['inventory id 5 appears twice'] });
    expect(e.appError.said).toEqual({ id: 'errors.api.validation' });
    expect(e.appError.serviceMessage).toBe('The return breaks the rules. (inventory id 5 appears twice)');
    expect(e.appError.fieldErrors).toEqual({ _: ['inventory id 5 appears twice'] });
  });

  it('marks 5xx and 429 retryable and 4xx not', () => {
    expect(errorFromResponse('x', 503, null).appError).toMatchObject({ code: 'server', retryable: true });
    expect(errorFromResponse('x', 429, { statusCode: 429, message: 'slow down' }).appError).toMatchObject({ code: 'rate_limited', retryable: true });
    expect(errorFromResponse('x', 403, null).appError).toMatchObject({ code: 'forbidden', retryable: false });
  });

  it('says a 403 for a scope the sign-in lacks is fixed by signing in again (RFC 6750 insufficient_scope)', () => {
    const e = errorFromResponse(
      'GET /2026-07/order',
      403,
      { title: 'Forbidden', detail: 'The access token lacks the orders_read scope.' },
      undefined,
      'Bearer error="insufficient_scope", scope="orders_read"',
    );
    expect(e.appError).toMatchObject({ code: 'forbidden', retryable: false });
    expect(e.appError.message).toBe('This sign-in was not granted the “orders_read” permission. Sign out and sign in again to grant it.');
    expect(e.appError.said).toEqual({ id: 'errors.api.scopeMissing', values: { scope: 'orders_read' } });
    // Any other 403 keeps the service's own words, beside the desk's.
    expect(errorFromResponse('x', 403, { title: 'Forbidden', detail: 'Not your warehouse.' }, undefined, 'Bearer realm="api"').appError).toMatchObject({
      message: 'This account is not allowed to do that.',
      serviceMessage: 'Not your warehouse.',
    });
  });

  it('names the endpoint and the field of a broken response', () => {
    const schema = z.object({ items: z.array(z.object({ id: z.number() })) });
    const parsed = schema.safeParse({ items: [{ id: 'seven' }] });
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      const e = errorFromSchema('GET /2026-07/channel', parsed.error).appError;
      expect(e.message).not.toMatch(/GET|items/);
      expect(e.detail).toMatch(/GET \/2026-07\/channel .*"items\.0\.id"/);
    }
  });

  it('says what happened as a person would, with the technical line apart', () => {
    const refused = errorFromTransport(
      'GET /2026-07/receiving',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4010'), { code: 'ECONNREFUSED' }),
      'http://127.0.0.1:4010/2026-07/receiving',
    ).appError;
    expect(refused.message).toBe('The service at 127.0.0.1:4010 cannot be reached. Check the network; nothing was lost.');
    expect(refused.detail).toBe('GET /2026-07/receiving: ECONNREFUSED');
    const late = errorFromTransport(
      'GET /2026-07/receiving',
      Object.assign(new Error('Headers Timeout'), { code: 'UND_ERR_HEADERS_TIMEOUT' }),
      'http://127.0.0.1:4010/',
    ).appError;
    expect(late.message).toMatch(/^The service at 127\.0\.0\.1:4010 did not answer in time/);
    expect(late.detail).toBe('GET /2026-07/receiving: UND_ERR_HEADERS_TIMEOUT');
    const bare = errorFromResponse('GET /2026-07/receiving', 503, null).appError;
    expect(bare.message).not.toMatch(/\/2026-07|HTTP/);
    expect(bare.detail).toBe('GET /2026-07/receiving answered HTTP 503');
  });

  it('gives a cancelled call its own code, not a network failure', () => {
    const e = errorFromTransport('GET /2026-07/receiving', Object.assign(new Error('This operation was aborted'), { name: 'AbortError' })).appError;
    expect(e.code).toBe('cancelled');
    expect(e.retryable).toBe(false);
  });

  it('tells a refused connection from a timeout', () => {
    expect(errorFromTransport('x', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).appError).toMatchObject({
      code: 'network',
      retryable: true,
    });
    expect(errorFromTransport('x', Object.assign(new Error('Headers Timeout'), { code: 'UND_ERR_HEADERS_TIMEOUT' })).appError).toMatchObject({
      code: 'timeout',
      retryable: true,
    });
  });
});

describe('retry policy', () => {
  it('honours x-retry-after and Retry-After', () => {
    expect(retryAfterSeconds({ 'x-retry-after': '3' })).toBe(3);
    expect(retryAfterSeconds({ 'retry-after': '7' })).toBe(7);
    expect(retryAfterSeconds({})).toBeNull();
    expect(backoffDelayMs(1, 3)).toBe(3000);
  });

  it('backs off exponentially with full jitter under a ceiling', () => {
    expect(backoffDelayMs(1, null, () => 1)).toBe(RETRY.baseDelayMs);
    expect(backoffDelayMs(3, null, () => 1)).toBe(RETRY.baseDelayMs * 4);
    expect(backoffDelayMs(30, null, () => 1)).toBe(RETRY.maxDelayMs);
    expect(backoffDelayMs(3, null, () => 0)).toBe(0);
  });
});
