import { join, normalize, sep } from 'node:path';

/**
 * The Electron shell's own scheme, `app://dockdesk/`, and the decisions made on its URLs, kept in
 * plain Node so they are tested with the URL forms Electron reports.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'dockdesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Is this address a page of the app itself? Scheme and host are compared, never `URL.origin`: for a
 * scheme WHATWG does not call special (app: is one of those in Node's URL) `origin` is the string
 * "null", so comparing origins would refuse every one of our own frames. A port or credentials make
 * it another address.
 */
export function isAppUrl(address: string): boolean {
  if (!URL.canParse(address)) return false;
  const url = new URL(address);
  return url.protocol === `${APP_SCHEME}:` && url.hostname.toLowerCase() === APP_HOST && url.port === '' && url.username === '' && url.password === '';
}

export type AppFileLookup = { kind: 'file'; path: string } | { kind: 'refused'; status: 400 | 403 | 404; text: string };

/**
 * The file of the renderer build an app:// request asks for: `/` is index.html, a path is
 * percent-decoded (a malformed escape is a bad request, not an exception in the protocol handler),
 * and nothing outside the build folder is served.
 */
export function appFileFor(root: string, requestUrl: string): AppFileLookup {
  if (!URL.canParse(requestUrl)) return { kind: 'refused', status: 400, text: 'Bad request' };
  const url = new URL(requestUrl);
  if (url.hostname.toLowerCase() !== APP_HOST) return { kind: 'refused', status: 404, text: 'Not found' };
  let relative: string;
  try {
    relative = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
  } catch {
    return { kind: 'refused', status: 400, text: 'Bad request: the path has a malformed %-escape' };
  }
  if (relative.includes('\0')) return { kind: 'refused', status: 400, text: 'Bad request' };
  const file = normalize(join(root, relative));
  if (!file.startsWith(root + sep)) return { kind: 'refused', status: 403, text: 'Forbidden' };
  return { kind: 'file', path: file };
}
