import type { FastifyReply } from 'fastify';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** RFC 7807 problem details, the emulator's shape for auth failures, unknown paths and bad JSON (API notes). */
export function sendProblem(reply: FastifyReply, status: number, detail: string, headers: Record<string, string> = {}): FastifyReply {
  return reply
    .code(status)
    .headers(headers)
    .type('application/problem+json')
    .send({ type: 'about:blank', title: TITLES[status] ?? 'Error', status, detail });
}

/** The validation dictionary shape `{ "<field path>": ["message", ...] }` (API notes, Receiving). */
export function sendValidation(reply: FastifyReply, status: 400 | 422, errors: Record<string, string[]>): FastifyReply {
  return reply.code(status).type('application/json').send(errors);
}
