import { describe, expect, it } from 'vitest';
import { codeChallengeS256, createCodeVerifier, randomToken } from '../../electron/core/auth/pkce.js';
import { PKCE_VERIFIER_PATTERN } from '../../shared/schemas/oauth.js';

describe('PKCE (RFC 7636)', () => {
  it('matches the S256 example of RFC 7636 Appendix B', () => {
    expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers of 43 characters from the unreserved alphabet, different every time', () => {
    const verifiers = new Set(Array.from({ length: 200 }, () => createCodeVerifier()));
    expect(verifiers.size).toBe(200);
    for (const v of verifiers) {
      expect(v).toHaveLength(43);
      expect(v).toMatch(PKCE_VERIFIER_PATTERN);
    }
  });

  it('makes longer verifiers up to the 128-character limit and refuses sizes outside it', () => {
    expect(createCodeVerifier(96)).toHaveLength(128);
    expect(createCodeVerifier(96)).toMatch(PKCE_VERIFIER_PATTERN);
    expect(() => createCodeVerifier(31)).toThrow(RangeError);
    expect(() => createCodeVerifier(97)).toThrow(RangeError);
  });

  it('refuses to derive a challenge from a verifier outside the alphabet or length', () => {
    expect(() => codeChallengeS256('short')).toThrow(/43-128/);
    expect(() => codeChallengeS256('a'.repeat(129))).toThrow(/43-128/);
    expect(() => codeChallengeS256(`${'a'.repeat(42)}+`)).toThrow(/43-128/);
  });

  it('gives state and nonce values with 128 bits of randomness', () => {
    const token = randomToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    expect(randomToken()).not.toBe(token);
  });
});
