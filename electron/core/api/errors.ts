import { z } from 'zod';
import { AppErrorException, type AppErrorCode, type AppErrorExtra, type MessageId } from '../../../shared/errors.js';
import { appError, sayError } from '../words.js';
import { ProblemDetails } from '../../../shared/schemas/common.js';
import { schemaIssue } from './body-verdict.js';

/**
 * Turns whatever the service answered into one AppError (issue: Errors). The service speaks three
 * error dialects: RFC 7807 problem details, a validation dictionary {"field": ["msg"]}, and
 * {message, errors[]} for returns. Bodies are read for their messages only; nothing else leaks.
 * `said` is the desk's sentence for the person at the desk (by status), `serviceMessage` the service's
 * own words as they came; the endpoint, status and error code go in `detail`, the line a support
 * person asks for. Field errors stay the service's words, per field.
 */
const ValidationDictionary = z.record(z.string(), z.array(z.string()));
const MessageErrors = z.object({ message: z.string(), errors: z.array(z.string()).optional() });

function codeForStatus(status: number): { code: AppErrorCode; retryable: boolean } {
  if (status === 401) return { code: 'not_signed_in', retryable: false };
  if (status === 403) return { code: 'forbidden', retryable: false };
  if (status === 404) return { code: 'not_found', retryable: false };
  if (status === 409) return { code: 'conflict', retryable: false };
  if (status === 429) return { code: 'rate_limited', retryable: true };
  if (status === 400 || status === 422) return { code: 'validation', retryable: false };
  if (status >= 500) return { code: 'server', retryable: true };
  return { code: 'internal', retryable: false };
}

/**
 * The desk's own explanation of a refusal, by its code: said in the clerk's language, beside the
 * service's own words (problem detail or title, a refusal's message) when it gave some.
 */
const EXPLANATIONS: Partial<Record<AppErrorCode, MessageId>> = {
  not_signed_in: 'errors.api.notSignedIn',
  forbidden: 'errors.api.forbidden',
  not_found: 'errors.api.notFound',
  conflict: 'errors.api.conflict',
  rate_limited: 'errors.api.rateLimited',
  validation: 'errors.api.validation',
  server: 'errors.api.server',
};

function explanation(code: AppErrorCode, status: number, extra: AppErrorExtra): AppErrorException {
  const id = EXPLANATIONS[code];
  return id ? sayError(code, { id }, extra) : appError(code, 'errors.api.status', { status }, extra);
}

/** The scope a 403 names in `WWW-Authenticate: Bearer error="insufficient_scope", scope="..."` (RFC 6750, 3.1). */
export function missingScope(wwwAuthenticate: string | undefined): string | null {
  if (!wwwAuthenticate || !/error="insufficient_scope"/.test(wwwAuthenticate)) return null;
  return /scope="([^"]*)"/.exec(wwwAuthenticate)?.[1] ?? '';
}

export function errorFromResponse(endpoint: string, status: number, body: unknown, requestId?: string, wwwAuthenticate?: string): AppErrorException {
  const { code, retryable } = codeForStatus(status);
  const extra = {
    retryable,
    detail: `${endpoint} answered HTTP ${status}${requestId ? ` (request id ${requestId})` : ''}`,
    ...(requestId ? { requestId } : {}),
  };
  // A sign-in made before Dockdesk asked for this permission: only a new sign-in grants it.
  const scope = status === 403 ? missingScope(wwwAuthenticate) : null;
  if (scope !== null) {
    return scope ? appError(code, 'errors.api.scopeMissing', { scope }, extra) : appError(code, 'errors.api.permissionMissing', undefined, extra);
  }
  // The service's own words travel as they came, marked as its; the sentence is the desk's, by status.
  const problem = ProblemDetails.safeParse(body);
  if (problem.success && (problem.data.detail || problem.data.title)) {
    return explanation(code, status, { ...extra, serviceMessage: (problem.data.detail ?? problem.data.title)! });
  }
  const messageErrors = MessageErrors.safeParse(body);
  if (messageErrors.success) {
    const list = messageErrors.data.errors ?? [];
    return explanation(code, status, {
      ...extra,
      serviceMessage: `${messageErrors.data.message}${list.length ? ` (${list.join('; ')})` : ''}`,
      ...(list.length ? { fieldErrors: { _: list } } : {}),
    });
  }
  const dictionary = ValidationDictionary.safeParse(body);
  if (dictionary.success && Object.keys(dictionary.data).length > 0) {
    const first = Object.entries(dictionary.data)[0]!;
    return explanation(code, status, { ...extra, serviceMessage: `${first[0]}: ${first[1].join(' ')}`, fieldErrors: dictionary.data });
  }
  return explanation(code, status, extra);
}

/** A response that does not fit its schema: a plain sentence, and the endpoint and first broken field as detail. */
export function errorFromSchema(endpoint: string, error: z.ZodError): AppErrorException {
  const { path, message } = schemaIssue(error);
  return errorFromShape(endpoint, path, message);
}

/** The same error from a check made elsewhere (a `BodyVerdict`): the broken field's path and message. */
export function errorFromShape(endpoint: string, path: string, message: string): AppErrorException {
  return appError('bad_response', 'errors.api.unexpected', undefined, {
    retryable: false,
    detail: `${endpoint} sent an unexpected response: field "${path}": ${message}.`,
  });
}

/** A body that is not JSON (cut off mid-way): the answer is lost, whatever the status said, so a read asks again. */
export function notJsonError(endpoint: string): AppErrorException {
  return appError('bad_response', 'errors.api.notJson', undefined, { retryable: true, detail: `${endpoint} answered with a body that is not JSON` });
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** The service's host and port ("127.0.0.1:4010"), or null when the address is not known here. */
function hostOf(url: string | URL | undefined): string | null {
  if (url === undefined) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** A call the caller stopped (the person left the view): not a failure of the network or the service. */
export function cancelledError(endpoint: string): AppErrorException {
  return appError('cancelled', 'errors.api.cancelled', undefined, { retryable: false, detail: `${endpoint}: cancelled` });
}

/** Errors thrown by undici before any response: the network, not the service. */
export function errorFromTransport(endpoint: string, error: unknown, url?: string | URL): AppErrorException {
  if (error instanceof AppErrorException) return error;
  const e = error as { code?: string; name?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  const host = hostOf(url);
  // A request undici refused to send (a bad header value): an argument error, never retried.
  if (code === 'UND_ERR_INVALID_ARG')
    return appError('internal', 'errors.api.notSent', undefined, {
      retryable: false,
      detail: `${endpoint}: ${(error as Error).message}`,
    });
  if (e.name === 'AbortError' || code === 'UND_ERR_ABORTED') return cancelledError(endpoint);
  if (TIMEOUT_CODES.has(code))
    return host
      ? appError('timeout', 'errors.api.noAnswerAt', { host }, { retryable: true, detail: `${endpoint}: ${code}` })
      : appError('timeout', 'errors.api.noAnswer', undefined, { retryable: true, detail: `${endpoint}: ${code}` });
  if (NETWORK_CODES.has(code))
    return host
      ? appError('network', 'errors.api.unreachableAt', { host }, { retryable: true, detail: `${endpoint}: ${code}` })
      : appError('network', 'errors.api.unreachable', undefined, { retryable: true, detail: `${endpoint}: ${code}` });
  const extra = { retryable: true, detail: `${endpoint}: ${(error as Error).message}` };
  return host ? appError('network', 'errors.api.failedAt', { host }, extra) : appError('network', 'errors.api.failed', undefined, extra);
}

export function isTransportFailure(error: AppErrorException): boolean {
  return error.appError.code === 'network' || error.appError.code === 'timeout';
}
