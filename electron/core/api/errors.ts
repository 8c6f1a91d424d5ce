import { z } from 'zod';
import { appError, AppErrorException, type AppErrorCode } from '../../../shared/errors.js';
import { ProblemDetails } from '../../../shared/schemas/common.js';

/**
 * Turns whatever the service answered into one AppError (issue: Errors). The service speaks three
 * error dialects: RFC 7807 problem details, a validation dictionary {"field": ["msg"]}, and
 * {message, errors[]} for returns. Bodies are read for their messages only; nothing else leaks.
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

export function errorFromResponse(endpoint: string, status: number, body: unknown, requestId?: string): AppErrorException {
  const { code, retryable } = codeForStatus(status);
  const extra = { retryable, ...(requestId ? { requestId } : {}) };
  const problem = ProblemDetails.safeParse(body);
  if (problem.success && (problem.data.detail || problem.data.title)) {
    return appError(code, `${endpoint}: ${problem.data.detail ?? problem.data.title}`, extra);
  }
  const messageErrors = MessageErrors.safeParse(body);
  if (messageErrors.success) {
    const list = messageErrors.data.errors ?? [];
    return appError(code, `${endpoint}: ${messageErrors.data.message}${list.length ? ` (${list.join('; ')})` : ''}`, { ...extra, ...(list.length ? { fieldErrors: { _: list } } : {}) });
  }
  const dictionary = ValidationDictionary.safeParse(body);
  if (dictionary.success && Object.keys(dictionary.data).length > 0) {
    const first = Object.entries(dictionary.data)[0]!;
    return appError(code, `${endpoint}: ${first[0]}: ${first[1].join(' ')}`, { ...extra, fieldErrors: dictionary.data });
  }
  return appError(code, `${endpoint} answered HTTP ${status}.`, extra);
}

/** A response that does not fit its schema names the endpoint and the first field that broke. */
export function errorFromSchema(endpoint: string, error: z.ZodError): AppErrorException {
  const issue = error.issues[0];
  const path = issue?.path.length ? issue.path.join('.') : '(body)';
  return appError('bad_response', `${endpoint} sent an unexpected response: field "${path}": ${issue?.message ?? 'invalid'}.`, { retryable: false });
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Errors thrown by undici before any response: the network, not the service. */
export function errorFromTransport(endpoint: string, error: unknown): AppErrorException {
  if (error instanceof AppErrorException) return error;
  const e = error as { code?: string; name?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  if (e.name === 'AbortError' || code === 'UND_ERR_ABORTED') return appError('network', `${endpoint}: the request was cancelled.`, { retryable: false });
  if (TIMEOUT_CODES.has(code)) return appError('timeout', `${endpoint}: the service did not answer in time. Check the connection and try again.`, { retryable: true });
  if (NETWORK_CODES.has(code)) return appError('network', `${endpoint}: the service cannot be reached (${code}). Check the network; nothing was lost.`, { retryable: true });
  return appError('network', `${endpoint}: the request failed (${(error as Error).message}).`, { retryable: true });
}

export function isTransportFailure(error: AppErrorException): boolean {
  return error.appError.code === 'network' || error.appError.code === 'timeout';
}
