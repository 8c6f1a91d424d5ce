import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthPaths } from '../../shared/schemas/oauth.js';
import type { EmulatorContext } from '../context.js';
import { hasForeignOrigin, isOwnHost } from '../http/local-only.js';
import { signIdToken } from './keys.js';
import { PasswordThrottle } from './password-throttle.js';
import { consentPage, errorPage, formPostPage } from './pages.js';
import { ALL_SCOPES, redirectUriMatches, type OAuthClient } from './registry.js';
import { OAuthError, type IssuedTokens } from './tokens.js';

/** A pending sign-in between the authorize GET and the consent POST. */
interface Interaction {
  client: OAuthClient;
  redirectUri: string;
  responseMode: 'fragment' | 'form_post';
  state: string | null;
  nonce: string | null;
  scopes: string[];
  codeChallenge: string;
  integrationName: string | null;
  expiresAt: number;
}

const INTERACTION_LIFETIME_MS = 10 * 60 * 1000;

type Query = Record<string, string | string[] | undefined>;
const one = (q: Query, key: string): string | undefined => {
  const v = q[key];
  return Array.isArray(v) ? undefined : v;
};

export function registerAuthRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const interactions = new Map<string, Interaction>();
  const pages = signInPages();
  registerAuthorizePage(app, ctx, pages, interactions);
  registerConsent(app, ctx, pages, interactions, new PasswordThrottle(() => ctx.clock.nowMs()));
  registerTokenRoutes(app, ctx);
}

type SignInPages = ReturnType<typeof signInPages>;

/** What the sign-in pages share: their headers, error page, own-host check and callback delivery. */
function signInPages() {
  const htmlHeaders = (formTargets: string[] = [], scriptNonce?: string) => ({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      scriptNonce ? `script-src 'nonce-${scriptNonce}'` : "script-src 'none'",
      // form-action also governs the redirect after a form submits, so the callback origin is allowed.
      `form-action 'self' ${formTargets.join(' ')}`.trim(),
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'x-frame-options': 'DENY',
    // same-origin, not no-referrer: under no-referrer the consent form's own POST would carry
    // `Origin: null` (Fetch, "serialize a request origin"), and the POST handler refuses foreign origins.
    'referrer-policy': 'same-origin',
  });

  const showError = (reply: FastifyReply, status: number, title: string, detail: string) =>
    reply.code(status).headers(htmlHeaders()).send(errorPage(title, detail));

  /**
   * The sign-in pages answer only to a Host that names this server (a loopback name or the address
   * it was reached on): a rebinding page would otherwise be "same origin" with the consent form and
   * pass its Origin check.
   */
  const refuseForeignHost = (request: FastifyRequest, reply: FastifyReply) =>
    isOwnHost(request)
      ? null
      : showError(
          reply,
          403,
          'Request refused',
          `The sign-in pages answer only to this server's own address (127.0.0.1, localhost or [::1] with port ${request.socket.localPort}); this request named another host.`,
        );

  /** Delivers the callback fields to the client, by fragment redirect or by form_post (API notes, OAuth details). */
  const deliver = (reply: FastifyReply, interaction: Pick<Interaction, 'redirectUri' | 'responseMode'>, fields: Record<string, string>) => {
    const origin = new URL(interaction.redirectUri).origin;
    if (interaction.responseMode === 'form_post') {
      const nonce = randomBytes(16).toString('base64');
      return reply
        .code(200)
        .headers(htmlHeaders([origin], nonce))
        .send(formPostPage(interaction.redirectUri, fields, nonce));
    }
    const target = `${interaction.redirectUri}#${new URLSearchParams(fields).toString()}`;
    return reply.code(302).headers({ location: target, 'cache-control': 'no-store' }).send();
  };

  return { htmlHeaders, showError, refuseForeignHost, deliver };
}

function registerAuthorizePage(app: FastifyInstance, ctx: EmulatorContext, pages: SignInPages, interactions: Map<string, Interaction>): void {
  const { htmlHeaders, showError, refuseForeignHost, deliver } = pages;
  app.get(AuthPaths.authorize, async (request, reply) => {
    const foreignHost = refuseForeignHost(request, reply);
    if (foreignHost) return foreignHost;
    const q = request.query as Query;
    const clientId = one(q, 'client_id');
    const client = clientId ? ctx.clients.get(clientId) : undefined;
    if (!client) return showError(reply, 400, 'Unknown application', 'client_id is missing or not registered with this service.');
    const redirectUri = one(q, 'redirect_uri');
    if (redirectUri?.includes('#')) {
      return showError(reply, 400, 'Invalid redirect URI', 'redirect_uri must not contain a fragment (#...); see RFC 6749 section 3.1.2.');
    }
    if (!redirectUri || !redirectUriMatches(client.redirectUris, redirectUri)) {
      // RFC 6749 section 4.1.2.1: never redirect to an unverified URI; tell the user instead.
      return showError(reply, 400, 'Invalid redirect URI', 'redirect_uri does not match a value registered for this application.');
    }
    const responseModeRaw = one(q, 'response_mode') ?? 'fragment';
    const responseMode = responseModeRaw === 'form_post' ? 'form_post' : 'fragment';
    const state = one(q, 'state') ?? null;
    const fail = (error: string, description: string) =>
      deliver(reply, { redirectUri, responseMode }, { error, error_description: description, ...(state !== null ? { state } : {}) });

    if (responseModeRaw !== 'fragment' && responseModeRaw !== 'form_post') return fail('invalid_request', 'response_mode must be fragment or form_post.');
    if (one(q, 'response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be "code".');
    const codeChallenge = one(q, 'code_challenge');
    const method = one(q, 'code_challenge_method');
    if (!codeChallenge) return fail('invalid_request', 'code_challenge is required (PKCE).');
    if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256; the plain method is not accepted.');
    if (!/^[A-Za-z0-9_-]{43}$/.test(codeChallenge))
      return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier (43 characters).');
    const scope = one(q, 'scope');
    if (!scope) return fail('invalid_request', 'scope is required.');
    const scopes = [...new Set(scope.split(' ').filter(Boolean))];
    const unknown = scopes.filter((s) => !ALL_SCOPES.includes(s));
    if (unknown.length > 0) return fail('invalid_scope', `Unknown scope: ${unknown.join(', ')}.`);

    const interactionId = randomBytes(18).toString('base64url');
    interactions.set(interactionId, {
      client,
      redirectUri,
      responseMode,
      state,
      nonce: one(q, 'nonce') ?? null,
      scopes,
      codeChallenge,
      integrationName: one(q, 'integration_name') ?? null,
      expiresAt: ctx.clock.nowMs() + INTERACTION_LIFETIME_MS,
    });
    return reply
      .code(200)
      .headers(htmlHeaders([new URL(redirectUri).origin]))
      .send(
        consentPage({ interactionId, clientName: client.name, scopes, askIntegrationName: one(q, 'integration_name') === undefined, email: '', error: null }),
      );
  });
}

function registerConsent(
  app: FastifyInstance,
  ctx: EmulatorContext,
  pages: SignInPages,
  interactions: Map<string, Interaction>,
  throttle: PasswordThrottle,
): void {
  const { htmlHeaders, showError, refuseForeignHost, deliver } = pages;
  app.post(AuthPaths.authorize, async (request, reply) => {
    const foreignHost = refuseForeignHost(request, reply);
    if (foreignHost) return foreignHost;
    // Login CSRF: only the consent form this server served may post here.
    if (hasForeignOrigin(request)) return showError(reply, 403, 'Request refused', 'This sign-in form can only be sent from the sign-in page itself.');
    const body = (request.body ?? {}) as Query;
    const interactionId = one(body, 'interaction') ?? '';
    const interaction = interactions.get(interactionId);
    if (!interaction || interaction.expiresAt < ctx.clock.nowMs()) {
      interactions.delete(interactionId);
      return showError(reply, 400, 'Sign-in expired', 'This sign-in page has expired. Start the sign-in again from the app.');
    }
    const stateField: Record<string, string> = interaction.state !== null ? { state: interaction.state } : {};
    if (one(body, 'decision') !== 'approve') {
      interactions.delete(interactionId);
      return deliver(reply, interaction, { error: 'access_denied', error_description: 'The user denied the request.', ...stateField });
    }
    const email = (one(body, 'email') ?? '').trim();
    const consentAgain = (status: number, error: string, headers: Record<string, string> = {}) =>
      reply
        .code(status)
        .headers({ ...htmlHeaders([new URL(interaction.redirectUri).origin]), ...headers })
        .send(
          consentPage({
            interactionId,
            clientName: interaction.client.name,
            scopes: interaction.scopes,
            askIntegrationName: interaction.integrationName === null,
            email,
            error,
          }),
        );
    const waitMs = throttle.waitMs(email, request.ip);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      return consentAgain(429, `Too many wrong passwords. Wait ${seconds} second${seconds === 1 ? '' : 's'}, then try again.`, {
        'retry-after': String(seconds),
      });
    }
    const user = ctx.users.find((u) => u.email.toLowerCase() === email.toLowerCase() && u.password === one(body, 'password'));
    if (user) throttle.succeeded(email, request.ip);
    else throttle.failed(email, request.ip);
    const integrationName = interaction.integrationName ?? one(body, 'integration_name')?.trim() ?? '';
    if (!user || integrationName === '') {
      return consentAgain(200, user ? 'Name this integration to continue.' : 'That email and password do not match an account.');
    }
    interactions.delete(interactionId);
    const code = ctx.tokens.issueCode({
      clientId: interaction.client.clientId,
      redirectUri: interaction.redirectUri,
      codeChallenge: interaction.codeChallenge,
      scopes: interaction.scopes,
      nonce: interaction.nonce,
      userId: user.id,
      integrationName,
    });
    const fields: Record<string, string> = { code, scope: interaction.scopes.join(' '), ...stateField, session_state: randomBytes(12).toString('base64url') };
    if (interaction.scopes.includes('openid')) fields.id_token = await idTokenFor(ctx, user.id, interaction.client.clientId, interaction.nonce);
    return deliver(reply, interaction, fields);
  });
}

function registerTokenRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post(AuthPaths.token, async (request, reply) => {
    reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' });
    try {
      const tokens = await handleTokenRequest(ctx, request);
      return reply.code(200).send(tokens);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      if (error.status === 401) reply.header('www-authenticate', 'Basic realm="token"');
      return reply.code(error.status).send({ error: error.error, error_description: error.description });
    }
  });

  app.get(AuthPaths.discovery, async () => {
    const issuer = ctx.issuer();
    return {
      issuer,
      authorization_endpoint: `${issuer}${AuthPaths.authorize}`,
      token_endpoint: `${issuer}${AuthPaths.token}`,
      jwks_uri: `${issuer}${AuthPaths.jwks}`,
      response_types_supported: ['code'],
      response_modes_supported: ['fragment', 'form_post'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      scopes_supported: ALL_SCOPES,
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce', 'name', 'email'],
    };
  });

  app.get(AuthPaths.jwks, async () => ({ keys: [ctx.signingKey.publicJwk] }));
}

async function idTokenFor(ctx: EmulatorContext, userId: string, clientId: string, nonce: string | null): Promise<string> {
  const user = ctx.users.find((u) => u.id === userId);
  const claims: Record<string, unknown> = { sub: userId, name: user?.name, email: user?.email };
  if (nonce) claims.nonce = nonce;
  return signIdToken(ctx.signingKey, claims, ctx.issuer(), clientId, Math.floor(ctx.clock.nowMs() / 1000));
}

/** Client authentication: client_secret_basic or client_secret_post; the secret is always required (spec 5.2). */
function authenticateClient(ctx: EmulatorContext, request: FastifyRequest, body: Query): OAuthClient {
  let clientId = one(body, 'client_id');
  let secret = one(body, 'client_secret');
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const sep = decoded.indexOf(':');
    if (sep < 0) throw new OAuthError('invalid_client', 'Basic client authentication must be client_id:client_secret (RFC 6749 section 2.3.1).', 401);
    try {
      clientId = decodeURIComponent(decoded.slice(0, sep));
      secret = decodeURIComponent(decoded.slice(sep + 1));
    } catch {
      throw new OAuthError('invalid_client', 'Basic client authentication has a malformed %-escape in client_id or client_secret.', 401);
    }
  }
  const client = clientId ? ctx.clients.get(clientId) : undefined;
  if (!client || !secret || !sameSecret(secret, client.clientSecret))
    throw new OAuthError('invalid_client', 'Client authentication failed (client_id and client_secret are required).', 401);
  return client;
}

/** Constant-time comparison: equal-length digests, so neither content nor length leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

async function handleTokenRequest(ctx: EmulatorContext, request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError('invalid_request', 'The token request body must be application/x-www-form-urlencoded.');
  }
  const body = (request.body ?? {}) as Query;
  const client = authenticateClient(ctx, request, body);
  const grantType = one(body, 'grant_type');
  let issued: IssuedTokens;
  if (grantType === 'authorization_code') {
    const code = one(body, 'code');
    const redirectUri = one(body, 'redirect_uri');
    const codeVerifier = one(body, 'code_verifier');
    if (!code || !redirectUri || !codeVerifier) throw new OAuthError('invalid_request', 'code, redirect_uri and code_verifier are required.');
    issued = ctx.tokens.exchangeCode({ code, clientId: client.clientId, redirectUri, codeVerifier });
  } else if (grantType === 'refresh_token') {
    const refreshToken = one(body, 'refresh_token');
    if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token is required.');
    issued = ctx.tokens.refreshTokens({ refreshToken, clientId: client.clientId });
  } else {
    throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  }
  const response: Record<string, unknown> = {
    access_token: issued.accessToken,
    expires_in: issued.expiresIn,
    token_type: 'bearer',
    scope: issued.grant.scopes.join(' '),
  };
  if (issued.refreshToken) response.refresh_token = issued.refreshToken;
  if (issued.grant.scopes.includes('openid')) response.id_token = await idTokenFor(ctx, issued.grant.userId, client.clientId, issued.nonce);
  return response;
}
