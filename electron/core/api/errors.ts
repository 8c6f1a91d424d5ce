import { z } from 'zod';
import { appError, AppErrorException, type AppErrorCode } from '../../../shared/errors.js';
import { ProblemDetails } from '../../../shared/schemas/common.js';
import { schemaIssue } from './body-verdict.js';

/**
 * Turns whatever the service answered into one AppError (issue: Errors). The service speaks three
 * error dialects: RFC 7807 problem details, a validation dictionary {"field": ["msg"]}, and
 * {message, errors[]} for returns. Bodies are read for their messages only; nothing else leaks.
 * `message` is the sentence for the person at the desk; the endpoint, status and error code go in
 * `detail`, the line a support person asks for.
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

/** What to say when the service's answer carries no message of its own. */
const PLAIN: Partial<Record<AppErrorCode, string>> = {
  not_signed_in: 'The service no longer accepts this sign-in. Sign in again.',
  forbidden: 'This account is not allowed to do that.',
  not_found: 'The service does not know this item (it may have been removed).',
  conflict: 'This changed in the service meanwhile. Reload it and try again.',
  rate_limited: 'The service asks Dockdesk to slow down. Try again in a moment.',
  validation: 'The service refused the input.',
  server: 'The service ran into a problem. Try again shortly; nothing was lost.',
};

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
    const what = scope ? `the “${scope}” permission` : 'a permission this needs';
    return appError(code, `This sign-in was not granted ${what}. Sign out and sign in again to grant it.`, extra);
  }
  const problem = ProblemDetails.safeParse(body);
  if (problem.success && (problem.data.detail || problem.data.title)) {
    return appError(code, (problem.data.detail ?? problem.data.title)!, extra);
  }
  const messageErrors = MessageErrors.safeParse(body);
  if (messageErrors.success) {
    const list = messageErrors.data.errors ?? [];
    return appError(code, `${messageErrors.data.message}${list.length ? ` (${list.join('; ')})` : ''}`, {
      ...extra,
      ...(list.length ? { fieldErrors: { _: list } } : {}),
    });
  }
  const dictionary = ValidationDictionary.safeParse(body);
  if (dictionary.success && Object.keys(dictionary.data).length > 0) {
    const first = Object.entries(dictionary.data)[0]!;
    return appError(code, `${first[0]}: ${first[1].join(' ')}`, { ...extra, fieldErrors: dictionary.data });
  }
  return appError(code, PLAIN[code] ?? `The service answered with an error (HTTP ${status}).`, extra);
}

/** A response that does not fit its schema: a plain sentence, and the endpoint and first broken field as detail. */
export function errorFromSchema(endpoint: string, error: z.ZodError): AppErrorException {
  const { path, message } = schemaIssue(error);
  return errorFromShape(endpoint, path, message);
}

/** The same error from a check made elsewhere (a `BodyVerdict`): the broken field's path and message. */
export function errorFromShape(endpoint: string, path: string, message: string): AppErrorException {
  return appError('bad_response', 'The service sent an answer Dockdesk does not understand. Nothing was changed.', {
    retryable: false,
    detail: `${endpoint} sent an unexpected response: field "${path}": ${message}.`,
  });
}

/** A body that is not JSON (cut off mid-way): the answer is lost, whatever the status said, so a read asks again. */
export function notJsonError(endpoint: string): AppErrorException {
  return appError('bad_response', `${endpoint} answered with a body that is not JSON.`, { retryable: true });
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

/** "The service at 127.0.0.1:4010", or "The service" when the address is not known here. */
function theService(url: string | URL | undefined): string {
  if (url === undefined) return 'The service';
  try {
    return `The service at ${new URL(url).host}`;
  } catch {
    return 'The service';
  }
}

/** A call the caller stopped (the person left the view): not a failure of the network or the service. */
export function cancelledError(endpoint: string): AppErrorException {
  return appError('cancelled', 'The request was cancelled.', { retryable: false, detail: `${endpoint}: cancelled` });
}

/** Errors thrown by undici before any response: the network, not the service. */
export function errorFromTransport(endpoint: string, error: unknown, url?: string | URL): AppErrorException {
  if (error instanceof AppErrorException) return error;
  const e = error as { code?: string; name?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  // A request undici refused to send (a bad header value): an argument error, never retried.
  if (code === 'UND_ERR_INVALID_ARG')
    return appError('internal', 'The request could not be sent. Nothing was changed.', {
      retryable: false,
      detail: `${endpoint}: ${(error as Error).message}`,
    });
  if (e.name === 'AbortError' || code === 'UND_ERR_ABORTED') return cancelledError(endpoint);
  if (TIMEOUT_CODES.has(code))
    return appError('timeout', `${theService(url)} did not answer in time. Check the connection and try again.`, {
      retryable: true,
      detail: `${endpoint}: ${code}`,
    });
  if (NETWORK_CODES.has(code))
    return appError('network', `${theService(url)} cannot be reached. Check the network; nothing was lost.`, {
      retryable: true,
      detail: `${endpoint}: ${code}`,
    });
  return appError(
    'network',
    `The request to ${theService(url)
      .replace(/^The service at /, '')
      .replace(/^The service$/, 'the service')} failed.`,
    { retryable: true, detail: `${endpoint}: ${(error as Error).message}` },
  );
}

export function isTransportFailure(error: AppErrorException): boolean {
  return error.appError.code === 'network' || error.appError.code === 'timeout';
}
