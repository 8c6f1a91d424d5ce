import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import { appError } from '../words.js';
import { serviceUrlProblem } from '../../../shared/schemas/environments.js';
import { AuthPaths } from '../../../shared/schemas/oauth.js';
import type { DispatcherPool } from '../api/dispatchers.js';
import { endpointUrl } from '../api/urls.js';
import { oauthHttp } from './oauth-http.js';

/**
 * An endpoint the provider names: https (plain http only on loopback), the same rule as the
 * addresses a user types, so a discovery document cannot send the browser or a token anywhere else.
 * oauth4webapi checks the scheme of what it requests itself, but never sees the authorize endpoint,
 * which goes to the browser.
 */
const Endpoint = z
  .string()
  .url()
  .refine((v) => URL.canParse(v) && serviceUrlProblem(new URL(v).origin) === null, 'must be https (http only on loopback)');

/**
 * What Dockdesk needs of an OpenID provider's metadata (OpenID Connect Discovery 1.0 section 3), on
 * top of what oauth4webapi checks (a JSON object whose issuer is the address asked). Unknown fields
 * are kept for the library.
 */
export const DiscoveryDocument = z.looseObject({
  issuer: Endpoint,
  authorization_endpoint: Endpoint,
  token_endpoint: Endpoint,
  jwks_uri: Endpoint,
  response_modes_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  revocation_endpoint: Endpoint.optional(),
});

/** The two ways Dockdesk can prove its client secret to a token endpoint (RFC 6749 section 2.3.1). */
export type ClientAuthMethod = 'client_secret_post' | 'client_secret_basic';

export interface ProviderMetadata {
  /**
   * The provider as oauth4webapi takes it: the authorize, token, keys and revocation endpoints, the
   * issuer every response is held to, and what the provider says it supports (response modes, RFC
   * 9207 `iss`, id_token algorithms).
   */
  server: oauth.AuthorizationServer & { authorization_endpoint: string; token_endpoint: string; jwks_uri: string };
  /** How the client secret goes to the token (and revocation) endpoint. */
  clientAuthMethod: ClientAuthMethod;
  /** True when no discovery document exists and the spec's fixed paths are used. */
  fromFixedPaths: boolean;
}

/** The sign-in address as an issuer identifier: no trailing slash. */
export function issuerFromAuthUrl(authUrl: string): string {
  return authUrl.replace(/\/+$/, '');
}

/**
 * The spec's fixed paths (5.2), used only where the provider publishes no discovery document.
 * oauth4webapi learns a provider only from its metadata, so this one is described by hand.
 */
export function fixedPathMetadata(authUrl: string): ProviderMetadata {
  return {
    server: {
      issuer: issuerFromAuthUrl(authUrl),
      authorization_endpoint: endpointUrl(authUrl, AuthPaths.authorize).toString(),
      token_endpoint: endpointUrl(authUrl, AuthPaths.token).toString(),
      jwks_uri: endpointUrl(authUrl, AuthPaths.jwks).toString(),
      response_modes_supported: ['form_post'],
      // Without metadata the library would accept RS256 alone; these are the asymmetric algorithms the spec's keys may use.
      id_token_signing_alg_values_supported: ['RS256', 'ES256', 'PS256'],
    },
    // The spec's token request (5.2 steps 5 and 6) carries the secret in the form body.
    clientAuthMethod: 'client_secret_post',
    fromFixedPaths: true,
  };
}

export type DiscoveryResult =
  | { kind: 'found'; server: ProviderMetadata['server'] }
  | { kind: 'absent'; status: number }
  | { kind: 'invalid'; status: number; problem: string }
  /** The provider names itself by another identifier than the address it was asked under. */
  | { kind: 'mismatch'; issuer: string };

/**
 * Reads `{issuer}/.well-known/openid-configuration` with oauth4webapi (OpenID Connect Discovery 1.0
 * section 4.1: a path in the issuer is kept, the well-known part appended to it), size-capped.
 */
export async function readDiscovery(dispatchers: DispatcherPool, authUrl: string, options: { timeoutMs?: number } = {}): Promise<DiscoveryResult> {
  const issuer = new URL(issuerFromAuthUrl(authUrl));
  const response = await oauth.discoveryRequest(issuer, oauthHttp(dispatchers, issuer, options));
  return discoveryFromResponse(issuer, response);
}

/**
 * What a discovery answer says. The issuer must be the very identifier the well-known path was
 * appended to (RFC 8414 section 3.3, Discovery 1.0 section 4.3), as oauth4webapi compares them: so
 * `https://idp/` and `https://idp` are one, a path must match exactly.
 */
export async function discoveryFromResponse(expectedIssuer: URL, response: Response): Promise<DiscoveryResult> {
  const status = response.status;
  if (status === 404 || status === 410) return { kind: 'absent', status };
  if (status !== 200) return { kind: 'invalid', status, problem: `answered HTTP ${status}` };
  let server: oauth.AuthorizationServer;
  try {
    server = await oauth.processDiscoveryResponse(expectedIssuer, response);
  } catch (error) {
    if (!(error instanceof oauth.OperationProcessingError) && !(error instanceof TypeError)) throw error;
    if (error instanceof oauth.OperationProcessingError && error.code === oauth.JSON_ATTRIBUTE_COMPARISON)
      return { kind: 'mismatch', issuer: String((error.cause as { body: { issuer: unknown } }).body.issuer) };
    if (error instanceof oauth.OperationProcessingError && (error.code === oauth.PARSE_ERROR || error.code === oauth.RESPONSE_IS_NOT_JSON))
      return { kind: 'invalid', status, problem: 'answered with a body that is not JSON' };
    return { kind: 'invalid', status, problem: 'published an OpenID configuration without a valid "issuer"' };
  }
  const parsed = DiscoveryDocument.safeParse(server);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { kind: 'invalid', status, problem: `published an OpenID configuration without a valid "${issue?.path.join('.') || '(document)'}"` };
  }
  return { kind: 'found', server: parsed.data as ProviderMetadata['server'] };
}

/**
 * The provider's endpoints for a sign-in: from discovery, checked against the sign-in address, or
 * the spec's fixed paths when there is no discovery document at all.
 */
export async function loadProviderMetadata(dispatchers: DispatcherPool, authUrl: string): Promise<ProviderMetadata> {
  const result = await readDiscovery(dispatchers, authUrl);
  const host = new URL(authUrl).origin;
  if (result.kind === 'absent') return fixedPathMetadata(authUrl);
  if (result.kind === 'invalid')
    throw appError('sign_in_failed', 'errors.signIn.hostUnusable', { host }, { retryable: result.status >= 500, detail: `${host} ${result.problem}` });
  if (result.kind === 'mismatch')
    throw appError('sign_in_failed', 'errors.signIn.issuerMismatch', { issuer: result.issuer, address: issuerFromAuthUrl(authUrl) });
  const offered = result.server.token_endpoint_auth_methods_supported;
  const clientAuthMethod = chooseClientAuthMethod(offered);
  if (!clientAuthMethod) throw appError('sign_in_failed', 'errors.signIn.clientAuthMethod', { host, methods: (offered ?? []).join(', ') });
  return { server: result.server, clientAuthMethod, fromFixedPaths: false };
}

/**
 * The client authentication to use: client_secret_post where offered (the spec's form, 5.2), else
 * client_secret_basic, which is also the default when discovery names none (Discovery 1.0 section
 * 3). Null when the provider offers neither.
 */
export function chooseClientAuthMethod(supported: readonly string[] | undefined): ClientAuthMethod | null {
  if (!supported) return 'client_secret_basic';
  if (supported.includes('client_secret_post')) return 'client_secret_post';
  if (supported.includes('client_secret_basic')) return 'client_secret_basic';
  return null;
}

/** The words for a provider that names itself differently from the address typed (say localhost versus 127.0.0.1, or another path). */
export function issuerMismatchDetail(authUrl: string, issuer: string): string {
  return `The sign-in host calls itself ${issuer}, but the sign-in address is ${issuerFromAuthUrl(authUrl)}. Enter ${issuer} as the sign-in address in Settings.`;
}
