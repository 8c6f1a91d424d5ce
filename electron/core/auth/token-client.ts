import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { appError, AppErrorException } from '../../../shared/errors.js';
import { AuthPaths, IdTokenClaims, OAuthErrorBody, TokenResponse } from '../../../shared/schemas/oauth.js';
import type { DispatcherPool } from '../api/dispatchers.js';
import { errorFromSchema, errorFromTransport } from '../api/errors.js';
import { endpointUrl } from '../api/urls.js';

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

export class TokenClient {
  constructor(
    private readonly config: OAuthClientConfig,
    private readonly dispatchers: DispatcherPool,
  ) {}

  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<TokenResponse> {
    return this.post({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
    });
  }

  private responseMode: Promise<'form_post' | 'fragment'> | null = null;

  /** form_post where the server offers it (so the code never sits in a URL), else the fragment relay. */
  preferredResponseMode(): Promise<'form_post' | 'fragment'> {
    this.responseMode ??= this.getJson(AuthPaths.discovery)
      .then((doc) => ((doc as { response_modes_supported?: string[] }).response_modes_supported?.includes('form_post') ? 'form_post' : 'fragment'))
      .catch(() => {
        this.responseMode = null; // try discovery again next time
        return 'form_post';
      });
    return this.responseMode;
  }

  /** No PKCE values on refresh (spec 5.2 step 6). */
  refresh(refreshToken: string): Promise<TokenResponse> {
    return this.post({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** Verifies signature (published keys), issuer, audience, expiry and the nonce we sent. */
  async verifyIdToken(idToken: string, expectedNonce: string): Promise<IdTokenClaims> {
    const jwks = await this.getJson(AuthPaths.jwks);
    let payload: unknown;
    try {
      const result = await jwtVerify(idToken, createLocalJWKSet(jwks as JSONWebKeySet), {
        issuer: this.config.authUrl.replace(/\/$/, ''),
        audience: this.config.clientId,
        algorithms: ['RS256', 'ES256', 'PS256'],
        clockTolerance: 120,
      });
      payload = result.payload;
    } catch (error) {
      throw appError('sign_in_failed', `The identity token from the service failed verification (${(error as Error).message}).`);
    }
    const claims = IdTokenClaims.parse(payload);
    if (claims.nonce !== expectedNonce) throw appError('sign_in_failed', 'The identity token does not carry the nonce of this sign-in; it was refused.');
    return claims;
  }

  private async getJson(path: string): Promise<unknown> {
    const url = endpointUrl(this.config.authUrl, path);
    try {
      const res = await this.dispatchers.for(url).request({ method: 'GET', path: url.pathname + url.search, headers: { accept: 'application/json' } });
      if (res.statusCode !== 200) {
        await res.body.dump();
        throw appError('sign_in_failed', `${path} answered HTTP ${res.statusCode}.`, { retryable: true });
      }
      return await res.body.json();
    } catch (error) {
      throw errorFromTransport(`GET ${path}`, error);
    }
  }

  private async post(fields: Record<string, string>): Promise<TokenResponse> {
    const url = endpointUrl(this.config.authUrl, AuthPaths.token);
    const body = new URLSearchParams({ ...fields, client_id: this.config.clientId, client_secret: this.config.clientSecret }).toString();
    let status: number;
    let json: unknown;
    try {
      const res = await this.dispatchers.for(url).request({
        method: 'POST',
        path: url.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
      });
      status = res.statusCode;
      json = await res.body.json().catch(() => null);
    } catch (error) {
      throw errorFromTransport('POST /connect/token', error);
    }
    if (status !== 200) {
      const oauth = OAuthErrorBody.safeParse(json);
      if (oauth.success) throw new TokenEndpointError(oauth.data.error, `The service refused the token request (${oauth.data.error}${oauth.data.error_description ? `: ${oauth.data.error_description}` : ''}).`);
      throw appError(status >= 500 ? 'server' : 'sign_in_failed', `POST /connect/token answered HTTP ${status}.`, { retryable: status >= 500 });
    }
    const parsed = TokenResponse.safeParse(json);
    if (!parsed.success) throw errorFromSchema('POST /connect/token', parsed.error);
    return parsed.data;
  }
}
