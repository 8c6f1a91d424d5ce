import type { FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { problem } from './errors.js';

export interface Grant {
  id: string;
  userId: string;
  scopes: string[];
  kind: 'oauth' | 'pat';
}

/**
 * Bearer check and scope check for every API route (API notes, Errors): 401 with
 * `error="invalid_token"` for a missing, expired or revoked token; 403 with `insufficient_scope`.
 */
export function authorizeRequest(ctx: EmulatorContext, request: FastifyRequest, scope: string): Grant {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) {
    throw problem(401, 'An access token is required: send Authorization: Bearer <token>.', {
      'www-authenticate': 'Bearer error="invalid_token", error_description="missing token"',
    });
  }
  const check = ctx.tokens.checkAccessToken(match[1]);
  if (!check.ok || !check.grant) {
    const why =
      check.reason === 'expired'
        ? 'The access token has expired.'
        : check.reason === 'revoked'
          ? 'The access token was revoked.'
          : 'The access token is not valid.';
    throw problem(401, why, { 'www-authenticate': `Bearer error="invalid_token", error_description="${check.reason ?? 'invalid'}"` });
  }
  if (!check.grant.scopes.includes(scope)) {
    throw problem(403, `The access token lacks the ${scope} scope.`, { 'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"` });
  }
  return { id: check.grant.id, userId: check.grant.userId, scopes: check.grant.scopes, kind: check.grant.kind };
}
