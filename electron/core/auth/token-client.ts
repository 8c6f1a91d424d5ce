import * as oauth from 'oauth4webapi';
import { AppErrorException } from '../../../shared/errors.js';
import { appError } from '../words.js';
import { IdTokenClaims, OAuthErrorBody, TokenResponse } from '../../../shared/schemas/oauth.js';
import type { DispatcherPool } from '../api/dispatchers.js';
import { errorFromSchema } from '../api/errors.js';
import { oauthHttp } from './oauth-http.js';
import { loadProviderMetadata, type ProviderMetadata } from './provider-metadata.js';

/** The OAuth token endpoint (spec 5.2 steps 5 and 6) and id_token verification, on oauth4webapi over undici. */
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

/** Clock skew allowed on the id_token's times: desks' clocks drift more than the library's 30-second default. */
const CLOCK_TOLERANCE_SECONDS = 120;
/** A sign-out hands the grant back without waiting long: it never holds the sign-out up. */
const REVOCATION_TIMEOUT_MS = 10_000;

export class TokenClient {
  private metadataPromise: Promise<ProviderMetadata> | null = null;
  private readonly client: oauth.Client;

  constructor(
    private readonly config: OAuthClientConfig,
    private readonly dispatchers: DispatcherPool,
  ) {
    this.client = { client_id: config.clientId, [oauth.clockTolerance]: CLOCK_TOLERANCE_SECONDS };
  }

  /** The provider's endpoints from its discovery document (fixed paths only when it has none); read once. */
  metadata(): Promise<ProviderMetadata> {
    this.metadataPromise ??= loadProviderMetadata(this.dispatchers, this.config.authUrl).catch((error: unknown) => {
      this.metadataPromise = null; // try discovery again next time
      throw error;
    });
    return this.metadataPromise;
  }

  /** form_post where the provider offers it (so the code never sits in a URL), else the fragment relay, else the query. */
  async preferredResponseMode(): Promise<'form_post' | 'fragment' | 'query'> {
    const modes = (await this.metadata()).server.response_modes_supported ?? ['query', 'fragment'];
    return modes.includes('form_post') ? 'form_post' : modes.includes('fragment') ? 'fragment' : 'query';
  }

  /**
   * Completes a browser sign-in: the authorization response is checked (RFC 9207: where the provider
   * sends `iss`, or says it always does, it must be this provider), its code exchanged with the PKCE
   * verifier, and the id_token verified: signature against the published keys, issuer, audience,
   * expiry and the nonce this sign-in sent.
   */
  async exchangeCode(input: {
    code: string;
    iss: string | null;
    redirectUri: string;
    codeVerifier: string;
    nonce: string;
  }): Promise<{ tokens: TokenResponse; claims: IdTokenClaims }> {
    const metadata = await this.metadata();
    const { server } = metadata;
    let callback: URLSearchParams;
    try {
      const fields = new URLSearchParams({ code: input.code, ...(input.iss === null ? {} : { iss: input.iss }) });
      // The loopback receiver hands over only the response that carried this sign-in's state.
      callback = oauth.validateAuthResponse(server, this.client, fields, oauth.skipStateCheck);
    } catch (error) {
      throw untrusted(`The sign-in response was refused: ${(error as Error).message}.`);
    }
    const endpoint = `POST ${new URL(server.token_endpoint).pathname}`;
    const response = await oauth.authorizationCodeGrantRequest(
      server,
      this.client,
      this.clientAuth(metadata),
      callback,
      input.redirectUri,
      input.codeVerifier,
      oauthHttp(this.dispatchers, server.token_endpoint),
    );
    let answer: oauth.TokenEndpointResponse;
    try {
      answer = await oauth.processAuthorizationCodeResponse(server, this.client, response, { expectedNonce: input.nonce });
    } catch (error) {
      if (isMissingIdToken(error)) throw appError('sign_in_failed', 'errors.signIn.noIdToken');
      throw await tokenEndpointFailure(error, endpoint);
    }
    // The library checks the id_token's claims; its signature is checked here, against the provider's published keys.
    try {
      await oauth.validateApplicationLevelSignature(server, response, oauthHttp(this.dispatchers, server.jwks_uri));
    } catch (error) {
      if (error instanceof AppErrorException) throw error;
      throw untrusted(`The identity token from the service failed verification (${(error as Error).message}).`);
    }
    const claims = IdTokenClaims.safeParse(oauth.getValidatedIdTokenClaims(answer));
    if (!claims.success) throw errorFromSchema(endpoint, claims.error);
    return { tokens: tokenResponse(answer, endpoint), claims: claims.data };
  }

  /** No PKCE values on refresh (spec 5.2 step 6). */
  async refresh(refreshToken: string): Promise<TokenResponse> {
    const metadata = await this.metadata();
    const { server } = metadata;
    const endpoint = `POST ${new URL(server.token_endpoint).pathname}`;
    const response = await oauth.refreshTokenGrantRequest(
      server,
      this.client,
      this.clientAuth(metadata),
      refreshToken,
      oauthHttp(this.dispatchers, server.token_endpoint),
    );
    try {
      return tokenResponse(await oauth.processRefreshTokenResponse(server, this.client, response), endpoint);
    } catch (error) {
      throw await tokenEndpointFailure(error, endpoint);
    }
  }

  /**
   * RFC 7009: hands a refresh token back to the provider, where discovery names a revocation
   * endpoint. Best effort (a sign-out never waits on the network to succeed): false when it did not.
   */
  async revoke(refreshToken: string): Promise<boolean> {
    const metadata = await this.metadata();
    const endpoint = metadata.server.revocation_endpoint;
    if (!endpoint) return false;
    const response = await oauth.revocationRequest(metadata.server, this.client, this.clientAuth(metadata), refreshToken, {
      additionalParameters: { token_type_hint: 'refresh_token' },
      ...oauthHttp(this.dispatchers, endpoint, { timeoutMs: REVOCATION_TIMEOUT_MS }),
    });
    return oauth.processRevocationResponse(response).then(
      () => true,
      () => false,
    );
  }

  private clientAuth(metadata: ProviderMetadata): oauth.ClientAuth {
    return clientAuthentication(metadata.clientAuthMethod, this.config.clientSecret);
  }
}

/**
 * The library's client authentication for the method the provider's metadata chose. Its
 * client_secret_basic form-encodes the id and secret before Base64 (RFC 6749 section 2.3.1), so a
 * secret holding ':', '+', '%' or a space arrives as it was issued.
 */
export function clientAuthentication(method: ProviderMetadata['clientAuthMethod'], clientSecret: string): oauth.ClientAuth {
  return method === 'client_secret_post' ? oauth.ClientSecretPost(clientSecret) : oauth.ClientSecretBasic(clientSecret);
}

function untrusted(detail: string): AppErrorException {
  return appError('sign_in_failed', 'errors.signIn.untrusted', undefined, { detail });
}

/** What the session stores and uses, held to the spec's token response (a bearer token with its lifetime). */
function tokenResponse(answer: oauth.TokenEndpointResponse, endpoint: string): TokenResponse {
  const parsed = TokenResponse.safeParse(answer);
  if (!parsed.success) throw errorFromSchema(endpoint, parsed.error);
  return parsed.data;
}

/** openid is always asked for, so an answer without an id_token cannot prove who signed in. */
function isMissingIdToken(error: unknown): boolean {
  if (!(error instanceof oauth.OperationProcessingError) || error.code !== oauth.INVALID_RESPONSE) return false;
  const body = (error.cause as { body?: unknown } | undefined)?.body;
  // The library asks for the id_token last, once access_token and token_type have passed.
  return typeof body === 'object' && body !== null && 'access_token' in body && !('id_token' in body);
}

/** The app's error for a token endpoint answer oauth4webapi refused. */
async function tokenEndpointFailure(error: unknown, endpoint: string): Promise<AppErrorException> {
  if (error instanceof AppErrorException) return error;
  const refused = (body: OAuthErrorBody) =>
    new TokenEndpointError(body.error, `The service refused the token request (${body.error}${body.error_description ? `: ${body.error_description}` : ''}).`);
  if (error instanceof oauth.ResponseBodyError)
    return refused({ error: error.error, ...(error.error_description ? { error_description: error.error_description } : {}) });
  // A 401 with a challenge (client authentication refused) still says why in its body.
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const body = OAuthErrorBody.safeParse(await error.response.json().catch(() => null));
    return body.success ? refused(body.data) : httpStatusError(error.status, endpoint);
  }
  if (error instanceof oauth.OperationProcessingError) {
    if (error.cause instanceof Response && error.cause.status !== 200) return httpStatusError(error.cause.status, endpoint);
    // Never retried: a refresh that landed but whose answer was cut off must not present the rotated-out token again.
    if (error.code === oauth.PARSE_ERROR || error.code === oauth.RESPONSE_IS_NOT_JSON)
      return appError('bad_response', 'errors.api.notJson', undefined, { retryable: false, detail: `${endpoint} answered with a body that is not JSON` });
    const cause = error.cause as { claims?: unknown; header?: unknown } | undefined;
    if (cause && typeof cause === 'object' && ('claims' in cause || 'header' in cause))
      return untrusted(`The identity token from the service failed verification (${error.message}).`);
  }
  return appError('bad_response', 'errors.api.unexpected', undefined, {
    retryable: false,
    detail: `${endpoint} sent an unexpected response: ${(error as Error).message}.`,
  });
}

function httpStatusError(status: number, endpoint: string): AppErrorException {
  return status >= 500
    ? appError('server', 'errors.api.server', undefined, { retryable: true, detail: `${endpoint} answered HTTP ${status}` })
    : appError('sign_in_failed', 'errors.signIn.hostError', undefined, { detail: `${endpoint} answered HTTP ${status}` });
}
