import type { FastifyRequest } from 'fastify';

/**
 * Guards for the emulator's local surfaces (the control API and the consent form) against web pages
 * the user happens to visit: DNS rebinding (a foreign Host), cross-site requests (a foreign Origin),
 * and CORS "simple" requests that need no preflight (bodyless or form-encoded writes).
 */

/** The Host a browser sends for this server when reached by a loopback address. */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  return host !== undefined && [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host.toLowerCase());
}

/**
 * The Host a browser sends for a page of this server: a loopback name (as for the control API), or
 * the very IP address the connection arrived on (an emulator bound to a LAN address, reached by it).
 * Never another name, so a DNS-rebinding page, which must use its own domain as Host, gets nowhere.
 */
export function isOwnHost(request: FastifyRequest): boolean {
  const port = request.socket.localPort ?? -1;
  if (isLoopbackHost(request.headers.host, port)) return true;
  const local = request.socket.localAddress;
  if (!local || request.headers.host === undefined) return false;
  const address = local.startsWith('::ffff:') ? local.slice(7) : local;
  const literal = address.includes(':') ? `[${address}]` : address;
  return request.headers.host.toLowerCase() === `${literal}:${port}`.toLowerCase();
}

/**
 * A present Origin that is not this server's own. `null` (opaque origins, sandboxed frames) counts
 * as foreign; a missing Origin is a non-browser client (curl, tests, the CLI) and is let through.
 */
export function hasForeignOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin.toLowerCase() !== `http://${(request.headers.host ?? '').toLowerCase()}`;
}

/** application/json (any parameters): a type no HTML form or simple cross-site request can send. */
export function isJsonBody(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^application\/json\s*(;|$)/i.test(type.trim());
}

export const CONTROL_PREFIX = '/__emulator/';

/**
 * Is this request for the control API? Decided by the route the router matched, and by the path
 * decoded as the router decodes it, never by the raw URL: `/%5F%5Femulator/pats` reaches the same
 * handler as `/__emulator/pats`, so it must meet the same guard.
 */
export function isControlRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && (route.startsWith(CONTROL_PREFIX) || route === CONTROL_PREFIX.slice(0, -1))) return true;
  return decodedPath(request.url).toLowerCase().startsWith(CONTROL_PREFIX.slice(0, -1));
}

/** The path of a request URL, percent-decoded and with dot segments resolved; undecodable bytes stay as sent. */
export function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw;
  }
  try {
    return new URL(decoded.replace(/\\/g, '/'), 'http://x').pathname;
  } catch {
    return decoded;
  }
}
