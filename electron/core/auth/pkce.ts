import { createHash, randomBytes } from 'node:crypto';
import { PKCE_VERIFIER_PATTERN } from '../../../shared/schemas/oauth.js';

/**
 * PKCE (RFC 7636) with S256 only. Hand-written on node:crypto because it is two lines and the
 * libraries that offer it bring a whole OAuth client we do not otherwise use.
 */

/** 32 random bytes give a 43-character base64url verifier, the RFC's recommended size. */
export function createCodeVerifier(byteLength = 32): string {
  if (byteLength < 32 || byteLength > 96) throw new RangeError('a verifier needs 32 to 96 random bytes (43-128 characters)');
  return randomBytes(byteLength).toString('base64url');
}

export function codeChallengeS256(verifier: string): string {
  if (!PKCE_VERIFIER_PATTERN.test(verifier)) throw new RangeError('code_verifier must be 43-128 characters of [A-Za-z0-9-._~]');
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Opaque values for `state` and `nonce`: 128 bits of randomness each. */
export function randomToken(byteLength = 16): string {
  return randomBytes(byteLength).toString('base64url');
}
