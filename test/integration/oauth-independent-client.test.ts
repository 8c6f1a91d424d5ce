import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCKDESK_CLIENT } from '../../emulator/auth/registry.js';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';
import { completeConsent } from '../support/consent.js';

/**
 * An OAuth client library that is not ours (oauth4webapi) against the emulator's authorization
 * server: discovery, PKCE S256, code exchange with id_token checks, refresh with rotation; and the
 * refusals RFC 6749 and 7636 ask for.
 */
let emu: RunningEmulator;
let as: oauth.AuthorizationServer;
const client: oauth.Client = { client_id: DOCKDESK_CLIENT.clientId };
const clientAuth = oauth.ClientSecretPost(DOCKDESK_CLIENT.clientSecret);
const insecure = { [oauth.allowInsecureRequests]: true };
const redirectUri = 'http://127.0.0.1:61234/callback';

beforeAll(async () => {
  emu = await startEmulator();
  const issuer = new URL(emu.url);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
});
afterAll(async () => {
  await emu.close();
});

async function authorize(options: { method?: string; redirect?: string; verifier?: string } = {}) {
  const verifier = options.verifier ?? oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    response_type: 'code',
    scope: 'openid offline_access receiving_read',
    redirect_uri: options.redirect ?? redirectUri,
    code_challenge: options.method === 'plain' ? verifier : await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: options.method ?? 'S256',
    state,
    nonce,
    integration_name: 'oauth4webapi',
  }).toString();
  return { url: url.toString(), verifier, state, nonce };
}

/** The spec's callback also carries id_token (5.2 step 4); oauth4webapi treats that as a hybrid response, so it is set aside here. */
function callbackParams(fields: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(fields);
  params.delete('id_token');
  return params;
}

describe('an independent OAuth client (oauth4webapi)', () => {
  it('discovers the server, completes the PKCE flow, and refreshes with a rotated token', async () => {
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    const { url, verifier, state, nonce } = await authorize();
    const { fields } = await completeConsent(url, { deliver: false });
    const params = oauth.validateAuthResponse(as, client, callbackParams(fields), state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, redirectUri, verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);
    const claims = oauth.getValidatedIdTokenClaims(tokens)!;
    expect(claims).toMatchObject({ iss: emu.url, aud: client.client_id, nonce, sub: '41001' });

    const api = await fetch(`${emu.url}/2026-07/receiving?Limit=1`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(api.status).toBe(200);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, insecure),
    );
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    // The rotated-out token is now refused, and its reuse revokes the grant.
    const reuse = oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, insecure));
    await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant' });
    const revoked = oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshed.refresh_token!, insecure),
    );
    await expect(revoked).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong code_verifier with invalid_grant', async () => {
    const { url, state } = await authorize();
    const params = oauth.validateAuthResponse(as, client, callbackParams((await completeConsent(url, { deliver: false })).fields), state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, redirectUri, oauth.generateRandomCodeVerifier(), insecure);
    await expect(oauth.processAuthorizationCodeResponse(as, client, response)).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('code_verifier'),
    });
  });

  it('refuses a reused code with invalid_grant', async () => {
    const { url, verifier, state, nonce } = await authorize();
    const params = oauth.validateAuthResponse(as, client, callbackParams((await completeConsent(url, { deliver: false })).fields), state);
    await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, redirectUri, verifier, insecure),
      { expectedNonce: nonce },
    );
    const again = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, redirectUri, verifier, insecure);
    await expect(oauth.processAuthorizationCodeResponse(as, client, again, { expectedNonce: nonce })).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses the plain challenge method with invalid_request at the redirect URI', async () => {
    const { url, state } = await authorize({ method: 'plain' });
    const res = await fetch(url, { redirect: 'manual' });
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(() => oauth.validateAuthResponse(as, client, new URLSearchParams(location.hash.slice(1)), state)).toThrow(oauth.AuthorizationResponseError);
    try {
      oauth.validateAuthResponse(as, client, new URLSearchParams(location.hash.slice(1)), state);
    } catch (error) {
      expect((error as oauth.AuthorizationResponseError).error).toBe('invalid_request');
    }
  });

  it('refuses a mismatched redirect URI: never redirects at authorize, invalid_grant at the token endpoint', async () => {
    const unregistered = await fetch((await authorize({ redirect: 'https://attacker.example/callback' })).url, { redirect: 'manual' });
    expect(unregistered.status).toBe(400);
    expect(unregistered.headers.get('location')).toBeNull();

    const { url, verifier, state } = await authorize();
    const params = oauth.validateAuthResponse(as, client, callbackParams((await completeConsent(url, { deliver: false })).fields), state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, 'http://127.0.0.1:61234/other', verifier, insecure);
    await expect(oauth.processAuthorizationCodeResponse(as, client, response)).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('redirect_uri'),
    });
  });
});
