import { describe, expect, it } from 'vitest';
import {
  chooseClientAuthMethod,
  DiscoveryDocument,
  discoveryFromResponse,
  fixedPathMetadata,
  issuerMismatchDetail,
} from '../../electron/core/auth/provider-metadata.js';
import { clientAuthentication } from '../../electron/core/auth/token-client.js';

const doc = {
  issuer: 'https://id.example.com',
  authorization_endpoint: 'https://id.example.com/oauth2/authorize?tenant=7',
  token_endpoint: 'https://id.example.com/oauth2/token',
  jwks_uri: 'https://id.example.com/keys',
};

/** A discovery answer as it arrives (a JSON body unless said otherwise). */
function answer(body: unknown, init: { status?: number; type?: string } = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': init.type ?? 'application/json' },
  });
}
const read = (configured: string, body: unknown, init?: { status?: number; type?: string }) => discoveryFromResponse(new URL(configured), answer(body, init));

describe('provider metadata from discovery', () => {
  it('accepts a discovery document with https endpoints (a query on the authorize endpoint included)', () => {
    expect(DiscoveryDocument.safeParse(doc).success).toBe(true);
    expect(DiscoveryDocument.safeParse({ ...doc, issuer: 'http://127.0.0.1:4010', token_endpoint: 'http://localhost:4010/token' }).success).toBe(true);
  });

  it('refuses endpoints that would send the browser or a token somewhere other than https (or loopback http)', async () => {
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'http://id.example.com/authorize', 'ms-settings:privacy']) {
      expect(DiscoveryDocument.safeParse({ ...doc, authorization_endpoint: bad }).success).toBe(false);
    }
    expect(DiscoveryDocument.safeParse({ ...doc, token_endpoint: 'http://id.example.com/token' }).success).toBe(false);
    expect(await read(doc.issuer, { ...doc, authorization_endpoint: 'javascript:alert(1)' })).toEqual({
      kind: 'invalid',
      status: 200,
      problem: 'published an OpenID configuration without a valid "authorization_endpoint"',
    });
  });

  it('names both addresses when the provider calls itself differently from the address typed', async () => {
    expect(await read('http://localhost:4010', { ...doc, issuer: 'http://127.0.0.1:4010' })).toEqual({ kind: 'mismatch', issuer: 'http://127.0.0.1:4010' });
    expect(issuerMismatchDetail('http://localhost:4010', 'http://127.0.0.1:4010')).toBe(
      'The sign-in host calls itself http://127.0.0.1:4010, but the sign-in address is http://localhost:4010. Enter http://127.0.0.1:4010 as the sign-in address in Settings.',
    );
  });

  it('holds the issuer to the configured address exactly, a path included (RFC 8414 3.3); a bare host with or without its slash is one', async () => {
    const issuerOf = async (configured: string, issuer: string) => {
      const result = await read(configured, { ...doc, issuer });
      return result.kind === 'found' ? 'found' : result.kind === 'mismatch' ? result.issuer : result.kind;
    };
    expect(await issuerOf('https://id.example.com/tenants/7', 'https://id.example.com/tenants/7')).toBe('found');
    expect(await issuerOf('https://id.example.com', 'https://id.example.com/')).toBe('found');
    expect(await issuerOf('https://id.example.com/tenants/7', 'https://id.example.com/tenants/8')).toBe('https://id.example.com/tenants/8');
    expect(await issuerOf('https://id.example.com/tenants/7', 'https://id.example.com')).toBe('https://id.example.com');
    expect(await issuerOf('https://id.example.com/Tenants/7', 'https://id.example.com/tenants/7')).toBe('https://id.example.com/tenants/7');
  });

  it('tells a missing document (the fixed paths apply) from a broken one', async () => {
    expect(await read(doc.issuer, 'gone', { status: 404, type: 'text/plain' })).toEqual({ kind: 'absent', status: 404 });
    expect(await read(doc.issuer, 'busy', { status: 503, type: 'text/plain' })).toEqual({ kind: 'invalid', status: 503, problem: 'answered HTTP 503' });
    expect(await read(doc.issuer, '<html>', { type: 'text/html' })).toMatchObject({ kind: 'invalid', problem: 'answered with a body that is not JSON' });
    expect(await read(doc.issuer, { ...doc, issuer: 42 })).toMatchObject({ kind: 'invalid', problem: expect.stringContaining('"issuer"') });
  });

  it('chooses client_secret_post where offered, else client_secret_basic, which is also the default when discovery names none', () => {
    expect(chooseClientAuthMethod(['client_secret_basic', 'client_secret_post'])).toBe('client_secret_post');
    expect(chooseClientAuthMethod(['private_key_jwt', 'client_secret_basic'])).toBe('client_secret_basic');
    expect(chooseClientAuthMethod(undefined)).toBe('client_secret_basic');
    expect(chooseClientAuthMethod(['private_key_jwt', 'tls_client_auth'])).toBeNull();
  });

  it('sends Basic credentials as RFC 6749 2.3.1 says (each part form-encoded, joined by a colon, then Base64), or the form fields', async () => {
    const server = { issuer: doc.issuer };
    const apply = async (method: 'client_secret_basic' | 'client_secret_post', clientId: string, secret: string) => {
      const body = new URLSearchParams();
      const headers = new Headers();
      await clientAuthentication(method, secret)(server, { client_id: clientId }, body, headers);
      return { body: Object.fromEntries(body), authorization: headers.get('authorization') };
    };
    const basic = await apply('client_secret_basic', 'desk client:7', 'a secret: with+plus %25 & é');
    expect(basic.body).toEqual({});
    expect(basic.authorization!.startsWith('Basic ')).toBe(true);
    const decoded = Buffer.from(basic.authorization!.slice(6), 'base64').toString('utf8');
    const [id, secret] = decoded.split(':').map((part) => decodeURIComponent(part.replace(/\+/g, '%20')));
    expect([id, secret]).toEqual(['desk client:7', 'a secret: with+plus %25 & é']);
    expect(await apply('client_secret_post', 'a', 'b')).toEqual({ body: { client_id: 'a', client_secret: 'b' }, authorization: null });
  });

  it("falls back to the spec's fixed paths (5.2) only as a whole, keeping any path prefix of the sign-in address", () => {
    expect(fixedPathMetadata('https://auth.example.com/tenant/')).toMatchObject({
      server: {
        issuer: 'https://auth.example.com/tenant',
        authorization_endpoint: 'https://auth.example.com/tenant/connect/authorize',
        token_endpoint: 'https://auth.example.com/tenant/connect/token',
        jwks_uri: 'https://auth.example.com/tenant/.well-known/jwks.json',
      },
      clientAuthMethod: 'client_secret_post',
      fromFixedPaths: true,
    });
  });
});
