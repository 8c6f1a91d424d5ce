/**
 * The browser shell's launch secret arrives in the URL fragment once (a fragment never reaches a
 * server log); it is kept in sessionStorage for reloads of this tab and removed from the visible address.
 */
const SECRET_KEY = 'dockdesk.launch';

export function readLaunchSecret(): string | null {
  const match = /(?:^#|&)launch=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(SECRET_KEY, match[1]);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  return sessionStorage.getItem(SECRET_KEY);
}
