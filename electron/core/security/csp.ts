/**
 * The renderer's Content-Security-Policy, in one place: the Electron protocol handler, the browser
 * host and the Vite build (meta tag) all read it from here. No inline scripts, no eval, no remote
 * origins: the renderer talks only to its own bridge.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers every renderer response carries, in either shell. */
export const RENDERER_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': RENDERER_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};
