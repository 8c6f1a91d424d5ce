import { z } from 'zod';
import type { MessageArgs } from './i18n/messages.generated.js';

/**
 * The one error shape that crosses the IPC boundary. Never carries stack traces, tokens or raw
 * response bodies. What the person at the desk reads is `said`: a message id of the catalogs with its
 * arguments, said in the desk's language where it is shown; `message` is the same sentence in English
 * (the logs', and what shows where `said` is absent). `serviceMessage` is the service's own words,
 * exactly as they came, shown marked as the service's; `detail` is the technical line for whoever helps
 * (endpoint, status, library error), never translated; `code` is for the program.
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

/** A message id of the catalogs (shared/i18n/messages/<lang>/*.json). */
export type MessageId = keyof MessageArgs;
/** What a message's arguments may be once they cross IPC: text and numbers (data, never words of the desk). */
export type MessageValues = Record<string, string | number>;

/** The desk's own explanation: a message id and its arguments, said in the clerk's language where it is shown. */
export const Said = z.object({
  id: z.string().min(1).max(200),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Said = z.infer<typeof Said>;

export const AppError = z.object({
  code: AppErrorCode,
  /** The desk's sentence in English: for logs, and shown where `said` is absent (an older main, a bridge failure). */
  message: z.string(),
  /** The same sentence as a message id with its arguments: what the renderer shows, in the clerk's language. */
  said: Said.optional(),
  /** The service's own words (a problem's detail or title, a refusal's message), exactly as they came. */
  serviceMessage: z.string().optional(),
  /** The technical line for support ("GET /2026-07/receiving: ECONNREFUSED"), shown behind "Details". */
  detail: z.string().optional(),
  /** The service's (or the desk's checks') words per field, as they came. */
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

/** Everything of an AppError besides its code and its words. */
export type AppErrorExtra = Partial<Omit<AppError, 'code' | 'message' | 'said'>>;

/**
 * A message's arguments as a call passes them: none for a message that takes none, else exactly its
 * arguments (from the generated types), so a misspelt id or a missing argument does not compile.
 */
export type SayArgs<K extends MessageId> = MessageArgs[K] extends undefined ? [] : [values: MessageArgs[K]];

/** What the desk would say, ahead of saying it: a message id with exactly its arguments (`said('errors.x', { … })`). */
export interface Saying {
  id: MessageId;
  values?: MessageValues;
}
export function said<K extends MessageId>(id: K, ...[values]: SayArgs<K>): Saying {
  return values === undefined ? { id } : { id, values };
}
