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
