import * as oauth from 'oauth4webapi';
import { isLoopbackHttp } from '../../../shared/schemas/environments.js';
import { BODY_LIMITS, readBodyText } from '../api/body-limit.js';
import type { DispatcherPool } from '../api/dispatchers.js';
import { errorFromTransport } from '../api/errors.js';

/** The part of a fetch call oauth4webapi makes (its `CustomFetchOptions`), whatever the endpoint. */
interface OAuthFetchInit {
  method: string;
  headers: Record<string, string>;
  body?: URLSearchParams | undefined;
  signal?: AbortSignal | undefined;
}

/** Statuses whose Response may carry no body at all (the Fetch standard's "null body status"). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * The transport options for one oauth4webapi call to `endpoint`. Its requests go through the app's
 * undici pools (keep-alive, timeouts), and every body is read whole under the auth size cap before
 * the library sees it, so an endless answer stops at the cap with the app's own error. Plain http is
 * let through only where the endpoint itself is loopback (the local emulator); the library refuses
 * it anywhere else.
 */
export function oauthHttp(dispatchers: DispatcherPool, endpoint: string | URL, options: { timeoutMs?: number } = {}) {
  return {
    [oauth.customFetch]: (url: string, init: OAuthFetchInit) => fetchThrough(dispatchers, url, init, options.timeoutMs),
    // Marked deprecated by the library only so that it stands out: here it is true for loopback alone.
    [oauth.allowInsecureRequests]: isLoopbackHttp(new URL(endpoint)),
  };
}

async function fetchThrough(dispatchers: DispatcherPool, address: string, init: OAuthFetchInit, timeoutMs: number | undefined): Promise<Response> {
  const url = new URL(address);
  const endpoint = `${init.method} ${url.pathname}`;
  try {
    const res = await dispatchers.for(url).request({
      method: init.method,
      path: url.pathname + url.search,
      headers: init.headers,
      body: init.body?.toString(),
      signal: init.signal,
      ...(timeoutMs ? { headersTimeout: timeoutMs, bodyTimeout: timeoutMs } : {}),
    });
    const text = await readBodyText(res.body, BODY_LIMITS.authBytes, endpoint);
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    return new Response(NULL_BODY_STATUSES.has(res.statusCode) ? null : text, { status: res.statusCode, headers });
  } catch (error) {
    throw errorFromTransport(endpoint, error);
  }
}
