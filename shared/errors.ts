import { z } from 'zod';

/**
 * The one error shape that crosses the IPC boundary. Never carries stack traces, tokens or raw
 * response bodies: `message` is written for the person at the desk, `detail` for whoever helps them,
 * `code` for the program.
 */
export const AppErrorCode = z.enum([
  'invalid_input', // the renderer sent something the contract does not allow
  'unauthorized_sender', // a call from a frame or client that is not ours
  'unknown_channel',
  'not_signed_in',
  'session_expired', // the service refused the refresh token; sign in again
  'sign_in_cancelled',
  'sign_in_failed',
  'sign_in_timeout',
  'network', // the service could not be reached
  'cancelled', // the caller stopped the call (left the view); says nothing about the service
  'timeout',
  'rate_limited',
  'server', // the service answered 5xx
  'forbidden', // token lacks a scope
  'not_found',
  'validation', // the service refused the input (400/422) with field errors
  'conflict',
  'bad_response', // the service answered with something that does not fit the contract
  'keychain',
  'internal',
]);
export type AppErrorCode = z.infer<typeof AppErrorCode>;

export const AppError = z.object({
  code: AppErrorCode,
  message: z.string(),
  /** The technical line for support ("GET /2026-07/receiving: ECONNREFUSED"), shown behind "Details". */
  detail: z.string().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  retryable: z.boolean(),
  requestId: z.string().optional(),
});
export type AppError = z.infer<typeof AppError>;

/** Thrown inside the core and in the renderer; serialised as {@link AppError} at the boundary. */
export class AppErrorException extends Error {
  readonly appError: AppError;
  constructor(appError: AppError) {
    super(appError.message);
    this.name = 'AppErrorException';
    this.appError = appError;
  }
}

export function appError(code: AppErrorCode, message: string, extra: Partial<Omit<AppError, 'code' | 'message'>> = {}): AppErrorException {
  return new AppErrorException({ code, message, retryable: false, ...extra });
}
