import type { Server } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { startLoopbackServer } from './loopback-server.js';

/**
 * panva's oidc-provider (OpenID Certified) on loopback, configured like the spec's authorization
 * server (5.2): one confidential client with client_secret_post, PKCE S256 required, a loopback
 * redirect URI with any port (RFC 8252 7.3), form_post, 1-hour access tokens, 30-day refresh tokens
 * rotated on each use, offline_access only with consent (OpenID Connect Core 11).
 */
export const PROVIDER_CLIENT = { clientId: 'dockdesk-desk', clientSecret: 'a-test-secret-for-the-certified-provider' } as const;

export interface RunningProvider {
  issuer: string;
  provider: Provider;
  server: Server;
  close(): Promise<void>;
}

export async function startOidcProvider(options: { refreshTokens?: boolean; scopes: string[] }): Promise<RunningProvider> {
  const { server, url: issuer, close } = await startLoopbackServer();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: PROVIDER_CLIENT.clientId,
        client_secret: PROVIDER_CLIENT.clientSecret,
        application_type: 'native',
        redirect_uris: ['http://127.0.0.1/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['a-cookie-signing-key-for-tests'] },
    scopes: options.scopes,
    claims: { openid: ['sub', 'name', 'email'] },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, name: 'Olga Operator', email: `${id}@provider.test` }) }),
    pkce: { required: () => true },
    ttl: { AccessToken: 3600, RefreshToken: 30 * 24 * 3600, IdToken: 3600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 30 * 24 * 3600 },
    rotateRefreshToken: true,
    ...(options.refreshTokens === false ? { issueRefreshToken: () => false } : {}),
    features: { devInteractions: { enabled: true }, revocation: { enabled: true } },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    provider,
    server,
    close,
  };
}

export interface ProviderConsentOutcome {
  /** The callback fields the provider sent to the redirect URI. */
  fields: URLSearchParams;
  callbackStatus: number;
  callbackBody: string;
}

/**
 * Plays the person in the browser with plain HTTP and a cookie jar: follows the provider's redirects,
 * fills its login and consent forms (devInteractions), and delivers the form_post to the redirect URI.
 */
export async function signInAtProvider(
  authorizeUrl: string,
  options: { tamper?: (fields: URLSearchParams) => void; login?: string } = {},
): Promise<ProviderConsentOutcome> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  let url = authorizeUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 12; step++) {
    const res = await send(url, init);
    init = {};
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).toString();
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (prompt === 'login') {
      url = new URL(action, url).toString();
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt, login: options.login ?? 'olga', password: 'any' }).toString(),
      };
      continue;
    }
    if (prompt === 'consent') {
      url = new URL(action, url).toString();
      init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ prompt }).toString() };
      continue;
    }
    // The form_post page: its hidden fields go to the redirect URI, as the page's script would post them.
    const fields = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) fields.set(m[1]!, unescapeHtml(m[2]!));
    options.tamper?.(fields);
    const callback = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields });
    return { fields, callbackStatus: callback.status, callbackBody: await callback.text() };
  }
  throw new Error('the provider never reached the callback');
}

function unescapeHtml(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
