import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { sendProblem } from './problem.js';

/**
 * Bearer check and scope check for every API route (API notes, Errors): 401 with
 * `error="invalid_token"` for a missing, expired or revoked token; 403 with `insufficient_scope`.
 * Answers and returns false when the request must stop.
 */
export function authorize(ctx: EmulatorContext, request: FastifyRequest, reply: FastifyReply, scope: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) {
    sendProblem(reply, 401, 'An access token is required: send Authorization: Bearer <token>.', {
      'www-authenticate': 'Bearer error="invalid_token", error_description="missing token"',
    });
    return false;
  }
  const check = ctx.tokens.checkAccessToken(match[1]);
  if (!check.ok) {
    const why = check.reason === 'expired' ? 'The access token has expired.' : check.reason === 'revoked' ? 'The access token was revoked.' : 'The access token is not valid.';
    sendProblem(reply, 401, why, { 'www-authenticate': `Bearer error="invalid_token", error_description="${check.reason}"` });
    return false;
  }
  if (!check.grant?.scopes.includes(scope)) {
    sendProblem(reply, 403, `The access token lacks the ${scope} scope.`, {
      'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"`,
    });
    return false;
  }
  return true;
}
