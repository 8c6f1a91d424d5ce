import { describe, expect, it } from 'vitest';
import { chooseClientAuthMethod, DiscoveryDocument, fixedPathMetadata, issuerMismatch } from '../../electron/core/auth/provider-metadata.js';
import { basicCredentials, clientAuthentication } from '../../electron/core/auth/token-client.js';

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

  it('holds the issuer to the configured address exactly, a path included (RFC 8414 3.3); only the trailing slash settings drop is leeway', () => {
    expect(issuerMismatch('https://id.example.com/tenants/7', 'https://id.example.com/tenants/7')).toBeNull();
    expect(issuerMismatch('https://id.example.com', 'https://id.example.com/')).toBeNull();
    expect(issuerMismatch('https://id.example.com/tenants/7', 'https://id.example.com/tenants/8')).toContain('Enter https://id.example.com/tenants/8');
    expect(issuerMismatch('https://id.example.com/tenants/7', 'https://id.example.com')).toContain('calls itself https://id.example.com,');
    expect(issuerMismatch('https://id.example.com/Tenants/7', 'https://id.example.com/tenants/7')).not.toBeNull();
  });

  it('chooses client_secret_post where offered, else client_secret_basic, which is also the default when discovery names none', () => {
    expect(chooseClientAuthMethod(['client_secret_basic', 'client_secret_post'])).toBe('client_secret_post');
    expect(chooseClientAuthMethod(['private_key_jwt', 'client_secret_basic'])).toBe('client_secret_basic');
    expect(chooseClientAuthMethod(undefined)).toBe('client_secret_basic');
    expect(chooseClientAuthMethod(['private_key_jwt', 'tls_client_auth'])).toBeNull();
  });

  it('encodes Basic credentials as RFC 6749 2.3.1 says: each part form-encoded, joined by a colon, then Base64', () => {
    const header = basicCredentials('desk client:7', 'a secret: with+plus %25 & é');
    expect(header.startsWith('Basic ')).toBe(true);
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    expect(decoded).toBe('desk+client%3A7:a+secret%3A+with%2Bplus+%2525+%26+%C3%A9');
    const [id, secret] = decoded.split(':').map((part) => decodeURIComponent(part.replace(/\+/g, '%20')));
    expect([id, secret]).toEqual(['desk client:7', 'a secret: with+plus %25 & é']);
    expect(clientAuthentication('client_secret_basic', { clientId: 'a', clientSecret: 'b' })).toEqual({
      fields: {},
      headers: { authorization: basicCredentials('a', 'b') },
    });
    expect(clientAuthentication('client_secret_post', { clientId: 'a', clientSecret: 'b' })).toEqual({
      fields: { client_id: 'a', client_secret: 'b' },
      headers: {},
    });
  });

  it("falls back to the spec's fixed paths (5.2) only as a whole, keeping any path prefix of the sign-in address", () => {
    expect(fixedPathMetadata('https://auth.example.com/tenant/')).toMatchObject({
      issuer: 'https://auth.example.com/tenant',
      authorizationEndpoint: 'https://auth.example.com/tenant/connect/authorize',
      tokenEndpoint: 'https://auth.example.com/tenant/connect/token',
      jwksUri: 'https://auth.example.com/tenant/.well-known/jwks.json',
      clientAuthMethod: 'client_secret_post',
      fromFixedPaths: true,
    });
  });
});
