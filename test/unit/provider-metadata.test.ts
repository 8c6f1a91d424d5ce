import { describe, expect, it } from 'vitest';
import { DiscoveryDocument, fixedPathMetadata, issuerMismatch } from '../../electron/core/auth/provider-metadata.js';

const doc = {
  issuer: 'https://id.example.com',
  authorization_endpoint: 'https://id.example.com/oauth2/authorize?tenant=7',
  token_endpoint: 'https://id.example.com/oauth2/token',
  jwks_uri: 'https://id.example.com/keys',
};

describe('provider metadata from discovery', () => {
  it('accepts a discovery document with https endpoints (a query on the authorize endpoint included)', () => {
    expect(DiscoveryDocument.safeParse(doc).success).toBe(true);
    expect(DiscoveryDocument.safeParse({ ...doc, issuer: 'http://127.0.0.1:4010', token_endpoint: 'http://localhost:4010/token' }).success).toBe(true);
  });

  it('refuses endpoints that would send the browser or a token somewhere other than https (or loopback http)', () => {
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'http://id.example.com/authorize', 'ms-settings:privacy']) {
      expect(DiscoveryDocument.safeParse({ ...doc, authorization_endpoint: bad }).success).toBe(false);
    }
    expect(DiscoveryDocument.safeParse({ ...doc, token_endpoint: 'http://id.example.com/token' }).success).toBe(false);
  });

  it('names both addresses when the provider calls itself differently from the address typed', () => {
    expect(issuerMismatch('http://127.0.0.1:4010/', 'http://127.0.0.1:4010')).toBeNull();
    expect(issuerMismatch('http://localhost:4010', 'http://127.0.0.1:4010')).toBe(
      'The sign-in host calls itself http://127.0.0.1:4010, but the sign-in address is http://localhost:4010. Enter http://127.0.0.1:4010 as the sign-in address in Settings.',
    );
  });

  it("falls back to the spec's fixed paths (5.2) only as a whole, keeping any path prefix of the sign-in address", () => {
    expect(fixedPathMetadata('https://auth.example.com/tenant/')).toMatchObject({
      issuer: 'https://auth.example.com/tenant',
      authorizationEndpoint: 'https://auth.example.com/tenant/connect/authorize',
      tokenEndpoint: 'https://auth.example.com/tenant/connect/token',
      jwksUri: 'https://auth.example.com/tenant/.well-known/jwks.json',
      fromFixedPaths: true,
    });
  });
});
