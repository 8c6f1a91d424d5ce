import { z } from 'zod';
import { appError } from '../words.js';
import { serviceUrlProblem } from '../../../shared/schemas/environments.js';
import { AuthPaths } from '../../../shared/schemas/oauth.js';
import { BODY_LIMITS, discardBody, readBodyText } from '../api/body-limit.js';
import type { DispatcherPool } from '../api/dispatchers.js';
import { errorFromTransport } from '../api/errors.js';
import { endpointUrl } from '../api/urls.js';

/**
 * What Dockdesk needs of an OpenID provider's discovery document (OpenID Connect Discovery 1.0,
 * section 3, and RFC 9207 section 3 for the `iss` parameter). Unknown fields are ignored.
 */
/**
 * An endpoint the provider names: https (plain http only on loopback), the same rule as the
 * addresses a user types, so a discovery document cannot send the browser or a token anywhere else.
 */
const Endpoint = z
  .string()
  .url()
  .refine((v) => URL.canParse(v) && serviceUrlProblem(new URL(v).origin) === null, 'must be https (http only on loopback)');

export const DiscoveryDocument = z.looseObject({
  issuer: Endpoint,
  authorization_endpoint: Endpoint,
  token_endpoint: Endpoint,
  jwks_uri: Endpoint,
  response_modes_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  authorization_response_iss_parameter_supported: z.boolean().optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  revocation_endpoint: Endpoint.optional(),
});
export type DiscoveryDocument = z.infer<typeof DiscoveryDocument>;

/** The two ways Dockdesk can prove its client secret to a token endpoint (RFC 6749 section 2.3.1). */
export type ClientAuthMethod = 'client_secret_post' | 'client_secret_basic';

export interface ProviderMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** RFC 7009, where the provider names one: a refresh token is handed back there at sign-out. */
  revocationEndpoint: string | null;
  /** How the client secret goes to the token (and revocation) endpoint. */
  clientAuthMethod: ClientAuthMethod;
  jwksUri: string;
  responseModes: string[];
  /** RFC 9207: the provider puts `iss` in every authorization response, and the client must check it. */
  issParameterSupported: boolean;
  /** True when no discovery document exists and the spec's fixed paths are used. */
  fromFixedPaths: boolean;
}

/** The sign-in address as an issuer identifier: no trailing slash. */
export function issuerFromAuthUrl(authUrl: string): string {
  return authUrl.replace(/\/+$/, '');
}

/** The spec's fixed paths (5.2), used only where the provider publishes no discovery document. */
export function fixedPathMetadata(authUrl: string): ProviderMetadata {
  return {
    issuer: issuerFromAuthUrl(authUrl),
    authorizationEndpoint: endpointUrl(authUrl, AuthPaths.authorize).toString(),
    tokenEndpoint: endpointUrl(authUrl, AuthPaths.token).toString(),
    revocationEndpoint: null,
    // The spec's token request (5.2 steps 5 and 6) carries the secret in the form body.
    clientAuthMethod: 'client_secret_post',
    jwksUri: endpointUrl(authUrl, AuthPaths.jwks).toString(),
    responseModes: ['form_post'],
    issParameterSupported: false,
    fromFixedPaths: true,
  };
}

export type DiscoveryResult =
  { kind: 'found'; document: DiscoveryDocument } | { kind: 'absent'; status: number } | { kind: 'invalid'; status: number; problem: string };

/**
 * Reads `{issuer}/.well-known/openid-configuration` (OpenID Connect Discovery 1.0 section 4.1: a path
 * in the issuer is kept, the well-known part appended to it), size-capped and schema-checked.
 */
export async function readDiscovery(dispatchers: DispatcherPool, authUrl: string, options: { timeoutMs?: number } = {}): Promise<DiscoveryResult> {
  const url = endpointUrl(authUrl, AuthPaths.discovery);
  const endpoint = `GET ${url.pathname}`;
  let status: number;
  let text: string;
  try {
    const res = await dispatchers.for(url).request({
      method: 'GET',
      path: url.pathname + url.search,
      headers: { accept: 'application/json' },
      ...(options.timeoutMs ? { headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs } : {}),
    });
    status = res.statusCode;
    if (status === 404 || status === 410) {
      await discardBody(res.body);
      return { kind: 'absent', status };
    }
    text = await readBodyText(res.body, BODY_LIMITS.authBytes, endpoint);
  } catch (error) {
    throw errorFromTransport(endpoint, error);
  }
  if (status !== 200) return { kind: 'invalid', status, problem: `answered HTTP ${status}` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'invalid', status, problem: 'answered with a body that is not JSON' };
  }
  const parsed = DiscoveryDocument.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { kind: 'invalid', status, problem: `published an OpenID configuration without a valid "${issue?.path.join('.') || '(document)'}"` };
  }
  return { kind: 'found', document: parsed.data };
}

/**
 * The provider's endpoints for a sign-in: from discovery, checked against the sign-in address
 * (Discovery 1.0 section 4.3: the issuer must be exactly the address it was fetched under), or the
 * spec's fixed paths when there is no discovery document at all.
 */
export async function loadProviderMetadata(dispatchers: DispatcherPool, authUrl: string): Promise<ProviderMetadata> {
  const result = await readDiscovery(dispatchers, authUrl);
  if (result.kind === 'absent') return fixedPathMetadata(authUrl);
  if (result.kind === 'invalid')
    throw appError(
      'sign_in_failed',
      'errors.signIn.hostUnusable',
      { host: new URL(authUrl).origin },
      {
        retryable: result.status >= 500,
        detail: `${new URL(authUrl).origin} ${result.problem}`,
      },
    );
  const doc = result.document;
  if (issuerMismatch(authUrl, doc.issuer))
    throw appError('sign_in_failed', 'errors.signIn.issuerMismatch', { issuer: doc.issuer, address: issuerFromAuthUrl(authUrl) });
  const clientAuthMethod = chooseClientAuthMethod(doc.token_endpoint_auth_methods_supported);
  if (!clientAuthMethod)
    throw appError('sign_in_failed', 'errors.signIn.clientAuthMethod', {
      host: new URL(authUrl).origin,
      methods: doc.token_endpoint_auth_methods_supported!.join(', '),
    });
  return {
    issuer: doc.issuer,
    authorizationEndpoint: doc.authorization_endpoint,
    tokenEndpoint: doc.token_endpoint,
    revocationEndpoint: doc.revocation_endpoint ?? null,
    clientAuthMethod,
    jwksUri: doc.jwks_uri,
    responseModes: doc.response_modes_supported ?? ['query', 'fragment'],
    issParameterSupported: doc.authorization_response_iss_parameter_supported === true,
    fromFixedPaths: false,
  };
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

/**
 * The words for a provider that names itself differently from the address typed (say localhost
 * versus 127.0.0.1, or another path). RFC 8414 section 3.3: the metadata's issuer must be the very
 * identifier the well-known path was appended to. Settings keep addresses without a trailing slash,
 * and `https://idp/` and `https://idp` share one discovery URL, so that slash is the only leeway.
 */
export function issuerMismatch(authUrl: string, issuer: string): string | null {
  const configured = issuerFromAuthUrl(authUrl);
  if (issuer === configured || issuer === `${configured}/`) return null;
  return `The sign-in host calls itself ${issuer}, but the sign-in address is ${issuerFromAuthUrl(authUrl)}. Enter ${issuer} as the sign-in address in Settings.`;
}
