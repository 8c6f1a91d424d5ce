import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { AppErrorException } from '../../../shared/errors.js';
import { appError } from '../words.js';
import { IdTokenClaims, OAuthErrorBody, TokenResponse } from '../../../shared/schemas/oauth.js';
import { BODY_LIMITS, readBodyText } from '../api/body-limit.js';
import type { DispatcherPool } from '../api/dispatchers.js';
import { errorFromSchema, errorFromTransport } from '../api/errors.js';
import { loadProviderMetadata, type ClientAuthMethod, type ProviderMetadata } from './provider-metadata.js';

/** The OAuth token endpoint (spec 5.2 steps 5 and 6) over undici, and id_token verification. */
export interface OAuthClientConfig {
  authUrl: string;
  clientId: string;
  clientSecret: string;
}

/** An RFC 6749 error from the token endpoint, kept apart so invalid_grant can end the session. */
export class TokenEndpointError extends AppErrorException {
  constructor(
    readonly oauthError: string,
    description: string,
  ) {
    super({ code: oauthError === 'invalid_grant' ? 'session_expired' : 'sign_in_failed', message: description, retryable: false });
  }
}

/**
 * RFC 6749 section 2.3.1: for HTTP Basic the client id and secret are each encoded as
 * application/x-www-form-urlencoded first, then joined with ':' and Base64-encoded, so a secret
 * holding ':', '+', '%' or a space arrives as it was issued.
 */
export function basicCredentials(clientId: string, clientSecret: string): string {
  const form = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
  return `Basic ${Buffer.from(`${form(clientId)}:${form(clientSecret)}`, 'utf8').toString('base64')}`;
}

/** The form fields and headers that authenticate the client by the method the provider chose. */
export function clientAuthentication(
  method: ClientAuthMethod,
  client: { clientId: string; clientSecret: string },
): { fields: Record<string, string>; headers: Record<string, string> } {
  if (method === 'client_secret_post') return { fields: { client_id: client.clientId, client_secret: client.clientSecret }, headers: {} };
  return { fields: {}, headers: { authorization: basicCredentials(client.clientId, client.clientSecret) } };
}

export class TokenClient {
  private metadataPromise: Promise<ProviderMetadata> | null = null;

  constructor(
    private readonly config: OAuthClientConfig,
    private readonly dispatchers: DispatcherPool,
  ) {}

  /** The provider's endpoints from its discovery document (fixed paths only when it has none); read once. */
  metadata(): Promise<ProviderMetadata> {
    this.metadataPromise ??= loadProviderMetadata(this.dispatchers, this.config.authUrl).catch((error: unknown) => {
      this.metadataPromise = null; // try discovery again next time
      throw error;
    });
    return this.metadataPromise;
  }

  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<TokenResponse> {
    return this.post({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
    });
  }

  /** form_post where the provider offers it (so the code never sits in a URL), else the fragment relay, else the query. */
  async preferredResponseMode(): Promise<'form_post' | 'fragment' | 'query'> {
    const modes = (await this.metadata()).responseModes;
    return modes.includes('form_post') ? 'form_post' : modes.includes('fragment') ? 'fragment' : 'query';
  }

  /** No PKCE values on refresh (spec 5.2 step 6). */
  refresh(refreshToken: string): Promise<TokenResponse> {
    return this.post({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /**
   * RFC 7009: hands a refresh token back to the provider, where discovery names a revocation
   * endpoint. Best effort (a sign-out never waits on the network to succeed): false when it did not.
   */
  async revoke(refreshToken: string): Promise<boolean> {
    const metadata = await this.metadata();
    if (!metadata.revocationEndpoint) return false;
    const url = new URL(metadata.revocationEndpoint);
    const auth = clientAuthentication(metadata.clientAuthMethod, this.config);
    const res = await this.dispatchers.for(url).request({
      method: 'POST',
      path: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...auth.headers },
      body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token', ...auth.fields }).toString(),
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    await res.body.dump();
    return res.statusCode === 200;
  }

  /** Verifies signature (published keys), issuer, audience, expiry and the nonce we sent. */
  async verifyIdToken(idToken: string, expectedNonce: string): Promise<IdTokenClaims> {
    const metadata = await this.metadata();
    const jwks = await this.getJson(metadata.jwksUri);
    let payload: unknown;
    try {
      const result = await jwtVerify(idToken, createLocalJWKSet(jwks as JSONWebKeySet), {
        issuer: metadata.issuer,
        audience: this.config.clientId,
        algorithms: ['RS256', 'ES256', 'PS256'],
        clockTolerance: 120,
      });
      payload = result.payload;
    } catch (error) {
      throw appError('sign_in_failed', 'errors.signIn.untrusted', undefined, {
        detail: `The identity token from the service failed verification (${(error as Error).message}).`,
      });
    }
    const claims = IdTokenClaims.parse(payload);
    if (claims.nonce !== expectedNonce)
      throw appError('sign_in_failed', 'errors.signIn.untrusted', undefined, { detail: 'The identity token does not carry the nonce of this sign-in.' });
    return claims;
  }

  private async getJson(address: string): Promise<unknown> {
    const url = new URL(address);
    const endpoint = `GET ${url.pathname}`;
    let text: string;
    try {
      const res = await this.dispatchers.for(url).request({ method: 'GET', path: url.pathname + url.search, headers: { accept: 'application/json' } });
      text = await readBodyText(res.body, BODY_LIMITS.authBytes, endpoint);
      if (res.statusCode !== 200)
        throw appError('sign_in_failed', 'errors.signIn.hostError', undefined, { retryable: true, detail: `${endpoint} answered HTTP ${res.statusCode}` });
    } catch (error) {
      throw errorFromTransport(endpoint, error);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw appError('bad_response', 'errors.api.notJson', undefined, { detail: `${endpoint} answered with a body that is not JSON` });
    }
  }

  private async post(fields: Record<string, string>): Promise<TokenResponse> {
    const metadata = await this.metadata();
    const url = new URL(metadata.tokenEndpoint);
    const endpoint = `POST ${url.pathname}`;
    const auth = clientAuthentication(metadata.clientAuthMethod, this.config);
    const body = new URLSearchParams({ ...fields, ...auth.fields }).toString();
    let status: number;
    let json: unknown;
    try {
      const res = await this.dispatchers.for(url).request({
        method: 'POST',
        path: url.pathname + url.search,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...auth.headers },
        body,
      });
      status = res.statusCode;
      const text = await readBodyText(res.body, BODY_LIMITS.authBytes, endpoint);
      try {
        json = JSON.parse(text) as unknown;
      } catch {
        json = null;
      }
    } catch (error) {
      throw errorFromTransport(endpoint, error);
    }
    if (status !== 200) {
      const oauth = OAuthErrorBody.safeParse(json);
      if (oauth.success)
        throw new TokenEndpointError(
          oauth.data.error,
          `The service refused the token request (${oauth.data.error}${oauth.data.error_description ? `: ${oauth.data.error_description}` : ''}).`,
        );
      throw status >= 500
        ? appError('server', 'errors.api.server', undefined, { retryable: true, detail: `${endpoint} answered HTTP ${status}` })
        : appError('sign_in_failed', 'errors.signIn.hostError', undefined, { detail: `${endpoint} answered HTTP ${status}` });
    }
    const parsed = TokenResponse.safeParse(json);
    if (!parsed.success) throw errorFromSchema(endpoint, parsed.error);
    return parsed.data;
  }
}
