import type { ConnectionTest } from '../../../shared/schemas/environments.js';
import { AuthPaths } from '../../../shared/schemas/oauth.js';
import type { DispatcherPool } from '../api/dispatchers.js';
import { OPERATIONS } from '../api/operations.js';
import { endpointUrl } from '../api/urls.js';

const TEST_TIMEOUT_MS = 8_000;

/**
 * "Test connection" in Settings: is the sign-in host an OpenID provider, and does the API host
 * answer like the service (a protected call without a token is refused with 401 and a Bearer
 * challenge)? Each check says in words what it found.
 */
export async function testConnection(dispatchers: DispatcherPool, input: { apiBaseUrl: string; authUrl: string | null }): Promise<ConnectionTest> {
  const checks: ConnectionTest['checks'] = [];
  const get = async (url: URL) => {
    const res = await dispatchers.for(url).request({ method: 'GET', path: url.pathname, headers: { accept: 'application/json' }, headersTimeout: TEST_TIMEOUT_MS, bodyTimeout: TEST_TIMEOUT_MS });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, text };
  };
  const unreachable = (error: unknown) => `cannot be reached (${(error as { code?: string }).code ?? (error as Error).message})`;

  if (input.authUrl) {
    const url = endpointUrl(input.authUrl, AuthPaths.discovery);
    try {
      const res = await get(url);
      const doc = res.status === 200 ? (JSON.parse(res.text) as { issuer?: string; token_endpoint?: string; code_challenge_methods_supported?: string[] }) : null;
      if (!doc?.issuer || !doc.token_endpoint) checks.push({ name: 'Sign-in host', ok: false, detail: `${url.origin} answered ${res.status} without an OpenID configuration.` });
      else if (!doc.code_challenge_methods_supported?.includes('S256')) checks.push({ name: 'Sign-in host', ok: false, detail: `${doc.issuer} does not offer PKCE with S256, which Dockdesk requires.` });
      else checks.push({ name: 'Sign-in host', ok: true, detail: `OpenID provider ${doc.issuer} found, with PKCE (S256).` });
    } catch (error) {
      checks.push({ name: 'Sign-in host', ok: false, detail: `${url.origin} ${unreachable(error)}.` });
    }
  }

  const api = endpointUrl(input.apiBaseUrl, OPERATIONS['channel.list'].path);
  try {
    const res = await get(api);
    const challenge = String(res.headers['www-authenticate'] ?? '');
    if (res.status === 401 && /bearer/i.test(challenge)) checks.push({ name: 'API host', ok: true, detail: `${api.origin} answered and asks for a token, as the service does.` });
    else checks.push({ name: 'API host', ok: false, detail: `${api.origin} answered ${res.status} to ${api.pathname}; the service answers 401 with a Bearer challenge. Check the address.` });
  } catch (error) {
    checks.push({ name: 'API host', ok: false, detail: `${api.origin} ${unreachable(error)}.` });
  }
  return { ok: checks.every((c) => c.ok), checks };
}
