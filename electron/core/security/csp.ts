import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The renderer's Content-Security-Policy, decided here only. It is a strict CSP: scripts run only if
 * their hash is listed (the build adds the entry script's SRI hash; 'strict-dynamic' lets that script
 * load its own chunks). No inline scripts, no eval, no remote origins: the renderer talks only to its
 * own bridge. The renderer build writes the finished policy to dist/renderer/csp.json and into the
 * page's meta tag; the Electron protocol handler and the browser host send the same policy as a header.
 */
export function rendererCsp(scriptHashes: readonly string[]): string {
  if (scriptHashes.length === 0) throw new Error('a strict CSP needs at least one script hash');
  return [
    "default-src 'self'",
    `script-src 'strict-dynamic' ${scriptHashes.map((h) => `'${h}'`).join(' ')}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    // The browser shell's bridge socket (ws:// on the page's own host and port): CSP Level 3 lets
    // 'self' match it, so no ws: source is listed, and the socket can reach nothing else.
    "connect-src 'self'",
    // Box labels print from a hidden frame holding the PDF as a blob: URL made by the page itself (labels.ts).
    'frame-src blob:',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The Electron label viewer window's policy (served with the PDF by main's own scheme): Chromium's
 * PDF viewer shows the document (object-src for the PDF itself), and nothing else may load or run.
 */
export function labelViewerCsp(): string {
  return ["default-src 'none'", "object-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ');
}

export const CSP_MANIFEST_FILE = 'csp.json';

/** Reads the policy the renderer build produced; a missing or broken file means a broken build. */
export function loadRendererCsp(rendererDir: string): string {
  const file = join(rendererDir, CSP_MANIFEST_FILE);
  let parsed: { policy?: unknown };
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as { policy?: unknown };
  } catch (error) {
    throw new Error(`The renderer build has no readable ${file} (${(error as Error).message}). Run "npm run build:renderer".`, { cause: error });
  }
  if (typeof parsed.policy !== 'string' || !parsed.policy.includes("'strict-dynamic'"))
    throw new Error(`${file} does not hold a strict policy. Rebuild the renderer.`);
  return parsed.policy;
}

/** Headers every renderer response carries, in either shell. */
export function rendererSecurityHeaders(policy: string): Record<string, string> {
  return {
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    // A page Dockdesk opens (the sign-in popup) gets no window.opener handle back into the app.
    'cross-origin-opener-policy': 'same-origin',
  };
}
