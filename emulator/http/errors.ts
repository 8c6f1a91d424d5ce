import type { z } from 'zod';

/**
 * Errors a route throws; the router answers them in the shape each part of the API uses
 * (API notes): problem details, a validation dictionary, or {message, errors}.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly contentType = 'application/json',
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'detail' in body ? String(body.detail) : `HTTP ${status}`);
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problem(status: number, detail: string, headers: Record<string, string> = {}): HttpError {
  return new HttpError(status, { type: 'about:blank', title: TITLES[status] ?? 'Error', status, detail }, 'application/problem+json', headers);
}

export function validation(status: 400 | 422, errors: Record<string, string[]>): HttpError {
  return new HttpError(status, errors);
}

export function messageErrors(status: number, message: string, errors: string[]): HttpError {
  return new HttpError(status, { message, errors });
}

/** "boxes[0].box_items[1].quantity" from a zod path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '') || '(body)';
}

export function zodDictionary(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) (out[fieldPath(issue.path)] ??= []).push(issue.message);
  return out;
}

/** Parses a body with a schema, or throws the validation dictionary with the given status. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, status: 400 | 422 = 400): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validation(status, zodDictionary(parsed.error));
  return parsed.data;
}

/** Like parseBody, answering problem details (the 2026-07 style for some endpoints). */
export function parseBodyProblem<S extends z.ZodType>(schema: S, body: unknown, status = 400): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw problem(status, `${fieldPath(issue?.path ?? [])}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
