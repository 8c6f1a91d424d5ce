import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { startLoopbackServer } from './loopback-server.js';

/**
 * panva's oidc-provider (OpenID Certified) on loopback, by default configured like the spec's
 * authorization server (5.2): one confidential client with client_secret_post, PKCE S256 required, a
 * loopback redirect URI with any port (RFC 8252 7.3), form_post, 1-hour access tokens, 30-day refresh
 * tokens rotated on each use, offline_access only with consent (OpenID Connect Core 11).
 *
 * The `standard` configuration is the other common way a provider is set up: an issuer with a path
 * (the provider mounted under it, as an application mounts it), client_secret_basic as the only client
 * authentication it offers, its endpoint names only in discovery, and a secret with characters that
 * Basic's form-encoding must carry (RFC 6749 2.3.1).
 */
export const PROVIDER_CLIENT = { clientId: 'dockdesk-desk', clientSecret: 'a-test-secret-for-the-certified-provider' } as const;
export const STANDARD_PROVIDER_CLIENT = { clientId: 'dockdesk desk:basic', clientSecret: 'a secret: with+plus %25 & colon' } as const;
export const STANDARD_ISSUER_PATH = '/tenants/warehouse-7/oidc';

export interface RunningProvider {
  issuer: string;
  client: { clientId: string; clientSecret: string };
  provider: Provider;
  server: Server;
  /** How the client authenticated at each token-endpoint call, in order. */
  tokenRequests: { basic: boolean }[];
  close(): Promise<void>;
}

export interface OidcProviderOptions {
  refreshTokens?: boolean;
  scopes: string[];
  /** The issuer with a path, client_secret_basic only, RFC 9207 iss (see above). */
  standard?: boolean;
  /** A misbehaving provider: the token response leaves out the id_token though openid was asked for. */
  withholdIdToken?: boolean;
  /** Someone between provider and desk: each token response's id_token is rewritten on its way. */
  alterIdToken?: (idToken: string) => string;
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<RunningProvider> {
  const { server, url: origin, close } = await startLoopbackServer();
  const mount = options.standard ? STANDARD_ISSUER_PATH : '';
  const issuer = `${origin}${mount}`;
  const client = options.standard ? STANDARD_PROVIDER_CLIENT : PROVIDER_CLIENT;
  const authMethod = options.standard ? 'client_secret_basic' : 'client_secret_post';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        application_type: 'native',
        redirect_uris: ['http://127.0.0.1/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: authMethod,
      },
    ],
    ...(options.standard ? { clientAuthMethods: ['client_secret_basic'] } : {}),
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
  const tokenRequests: RunningProvider['tokenRequests'] = [];
  provider.use(async (ctx, next) => {
    const isToken = ctx.path === '/token';
    if (isToken) tokenRequests.push({ basic: /^basic /i.test(ctx.get('authorization')) });
    await next();
    if (isToken) {
      const body = ctx.body as Record<string, unknown> | undefined;
      if (options.withholdIdToken && body && typeof body === 'object') delete body.id_token;
      if (options.alterIdToken && typeof body?.id_token === 'string') body.id_token = options.alterIdToken(body.id_token);
    }
  });
  const callback = provider.callback();
  server.on('request', (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (mount) {
      // Mounted under the issuer's path, the way connect and express mount it: the provider sees the rest.
      if (url !== mount && !url.startsWith(`${mount}/`) && !url.startsWith(`${mount}?`)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not under the issuer path');
        return;
      }
      req.originalUrl = url;
      req.url = url.slice(mount.length) || '/';
    }
    callback(req, res);
  });
  return { issuer, client, provider, server, tokenRequests, close };
}

export interface ProviderConsentOutcome {
  /** The callback fields the provider sent to the redirect URI. */
  fields: URLSearchParams;
  /** The redirect URI the fields went to (without them), so a test can deliver them again. */
  callbackUrl: string;
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
      const target = new URL(url);
      if (target.pathname === '/callback' && target.searchParams.has('state')) {
        // response_mode=query: the fields ride on the redirect, and the browser follows it to the receiver.
        const fields = new URLSearchParams(target.search);
        options.tamper?.(fields);
        const callbackUrl = `${target.origin}${target.pathname}`;
        const callback = await fetch(`${callbackUrl}?${fields.toString()}`);
        return { fields, callbackUrl, callbackStatus: callback.status, callbackBody: await callback.text() };
      }
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
    return { fields, callbackUrl: action, callbackStatus: callback.status, callbackBody: await callback.text() };
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
