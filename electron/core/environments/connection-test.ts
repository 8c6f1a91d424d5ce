import type { ConnectionTest } from '../../../shared/schemas/environments.js';
import { BODY_LIMITS, readBodyText } from '../api/body-limit.js';
import type { DispatcherPool } from '../api/dispatchers.js';
import { OPERATIONS } from '../api/operations.js';
import { endpointUrl } from '../api/urls.js';
import { chooseClientAuthMethod, issuerMismatchDetail, readDiscovery } from '../auth/provider-metadata.js';

const TEST_TIMEOUT_MS = 8_000;

/**
 * "Test connection" in Settings: is the sign-in host an OpenID provider that names itself by the
 * address typed, and does the API host answer like the service (a protected call without a token
 * is refused with 401 and a Bearer challenge)? Each check says in words what it found.
 */
export async function testConnection(dispatchers: DispatcherPool, input: { apiBaseUrl: string; authUrl: string | null }): Promise<ConnectionTest> {
  const checks: ConnectionTest['checks'] = [];
  const unreachable = (error: unknown) => {
    const e = error as { code?: string; message?: string; appError?: { message: string } };
    return e.appError ? e.appError.message : `cannot be reached (${e.code ?? e.message})`;
  };

  if (input.authUrl) {
    const origin = new URL(input.authUrl).origin;
    try {
      const found = await readDiscovery(dispatchers, input.authUrl, { timeoutMs: TEST_TIMEOUT_MS });
      if (found.kind === 'absent')
        checks.push({ name: 'Sign-in host', ok: false, detail: `${origin} answered ${found.status} without an OpenID configuration.` });
      else if (found.kind === 'invalid') checks.push({ name: 'Sign-in host', ok: false, detail: `${origin} ${found.problem}.` });
      else if (found.kind === 'mismatch') checks.push({ name: 'Sign-in host', ok: false, detail: issuerMismatchDetail(input.authUrl, found.issuer) });
      else {
        const doc = found.server;
        if (!doc.code_challenge_methods_supported?.includes('S256'))
          checks.push({ name: 'Sign-in host', ok: false, detail: `${doc.issuer} does not offer PKCE with S256, which Dockdesk requires.` });
        else if (!chooseClientAuthMethod(doc.token_endpoint_auth_methods_supported))
          checks.push({
            name: 'Sign-in host',
            ok: false,
            detail: `${doc.issuer} accepts no client secret (neither client_secret_post nor client_secret_basic), which Dockdesk signs in with.`,
          });
        else checks.push({ name: 'Sign-in host', ok: true, detail: `OpenID provider ${doc.issuer} found, with PKCE (S256).` });
      }
    } catch (error) {
      checks.push({ name: 'Sign-in host', ok: false, detail: `${origin}: ${unreachable(error)}.`.replace(/\.\.$/, '.') });
    }
  }

  const api = endpointUrl(input.apiBaseUrl, OPERATIONS['channel.list'].path);
  try {
    const res = await dispatchers
      .for(api)
      .request({ method: 'GET', path: api.pathname, headers: { accept: 'application/json' }, headersTimeout: TEST_TIMEOUT_MS, bodyTimeout: TEST_TIMEOUT_MS });
    await readBodyText(res.body, BODY_LIMITS.authBytes, `GET ${api.pathname}`);
    const challenge = String(res.headers['www-authenticate'] ?? '');
    if (res.statusCode === 401 && /bearer/i.test(challenge))
      checks.push({ name: 'API host', ok: true, detail: `${api.origin} answered and asks for a token, as the service does.` });
    else
      checks.push({
        name: 'API host',
        ok: false,
        detail: `${api.origin} answered ${res.statusCode} to ${api.pathname}; the service answers 401 with a Bearer challenge. Check the address.`,
      });
  } catch (error) {
    checks.push({ name: 'API host', ok: false, detail: `${api.origin}: ${unreachable(error)}`.replace(/([^.])$/, '$1.') });
  }
  return { ok: checks.every((c) => c.ok), checks };
}
