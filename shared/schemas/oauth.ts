import { z } from 'zod';

/** Spec 5.2 step 5: token endpoint response. */
export const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'token_type must be bearer'),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
  id_token: z.string().optional(),
  scope: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** RFC 6749 section 5.2 error codes (API notes, Errors). */
export const OAuthErrorCode = z.enum([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'access_denied',
  'unsupported_response_type',
  'server_error',
]);

export const OAuthErrorBody = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});
export type OAuthErrorBody = z.infer<typeof OAuthErrorBody>;

/** id_token claims the client relies on (API notes, OAuth details). */
export const IdTokenClaims = z.looseObject({
  iss: z.string(),
  sub: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  iat: z.number(),
  nonce: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
});
export type IdTokenClaims = z.infer<typeof IdTokenClaims>;

/** PKCE verifier alphabet and length (spec 5.2 step 2, RFC 7636 section 4.1). */
export const PKCE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

/** The OAuth paths on the authorization host (spec 5.2; discovery and keys per the API notes). */
export const AuthPaths = {
  authorize: '/connect/authorize',
  token: '/connect/token',
  jwks: '/.well-known/jwks.json',
  discovery: '/.well-known/openid-configuration',
} as const;

/**
 * RFC 6750 section 2.1: a bearer token is a b64token, `1*( ALPHA / DIGIT / "-" / "." / "_" / "~" /
 * "+" / "/" ) *"="`. Anything else (a space, a line break, a zero-width space from a copy) cannot be
 * sent in an Authorization header, so it is refused where it enters.
 */
export const BEARER_TOKEN_PATTERN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** A personal access token as pasted by a person (spec 5.1). */
export const PastedToken = z
  .string()
  .trim()
  .min(8, 'Paste the whole token.')
  .max(4096, 'That is longer than any token; paste only the token.')
  .regex(BEARER_TOKEN_PATTERN, 'The token contains characters a token cannot have (a space, line break or invisible character from copying). Copy it again.');
