import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { z } from 'zod';

/** The id_token signing key (RS256). Published at /.well-known/jwks.json (API notes, OAuth details). */
export interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

export const SigningKeyRecord = z.object({
  kid: z.string(),
  privateJwk: z.record(z.string(), z.unknown()),
  publicJwk: z.record(z.string(), z.unknown()),
});

export async function createSigningKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateJwk, publicJwk };
}

export async function signIdToken(key: SigningKey, claims: Record<string, unknown>, issuer: string, audience: string, nowSeconds: number): Promise<string> {
  const privateKey = await importJWK(key.privateJwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + 3600)
    .sign(privateKey);
}
