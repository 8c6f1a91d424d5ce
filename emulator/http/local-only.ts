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
