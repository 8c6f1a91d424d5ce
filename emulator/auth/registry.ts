import { Scope } from '../../shared/schemas/channel.js';

/**
 * Who exists in the emulated account: the root user that signs in, and the OAuth apps registered
 * for it (spec 5.2 step 1). These values are demo credentials printed by `npm run emulator`; they
 * protect nothing and are documented in the README.
 */
export interface DemoUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  name: string;
  redirectUris: string[];
}

export const DEMO_USER: DemoUser = {
  id: '41001',
  email: 'demo@dockdesk.test',
  password: 'dockdesk-demo',
  name: 'Dana Demo',
};

/** Dockdesk's own registration; the app's local environment uses exactly these. */
export const DOCKDESK_CLIENT: OAuthClient = {
  clientId: 'dockdesk-desktop',
  clientSecret: 'dockdesk-local-emulator-secret',
  name: 'Dockdesk',
  // RFC 8252 7.3: the loopback IP literal of either family, any port.
  redirectUris: ['http://127.0.0.1/callback', 'http://[::1]/callback'],
};

export const ALL_SCOPES: readonly string[] = Scope.options;

export class ClientRegistry {
  private readonly clients = new Map<string, OAuthClient>();

  constructor(clients: OAuthClient[]) {
    for (const client of clients) this.clients.set(client.clientId, client);
  }

  get(clientId: string): OAuthClient | undefined {
    return this.clients.get(clientId);
  }

  register(client: OAuthClient): void {
    this.clients.set(client.clientId, client);
  }
}

/** A loopback redirect URI as sent, split around its port: `http://127.0.0.1` or `http://[::1]`, the port, the rest. */
const LOOPBACK_REDIRECT = /^(http:\/\/(?:127\.0\.0\.1|\[::1\])):([1-9][0-9]{0,4})([/?].*)?$/;

/**
 * Redirect URI matching: the registered string exactly, character for character, except that a
 * loopback IP redirect may carry any port (RFC 8252 section 7.3; API notes, OAuth details). The
 * comparison is of strings, never of parsed URLs: a parser would turn `/foo/../callback`, `%2e%2e`,
 * userinfo, `127.1`, `2130706433`, `0x7f.0.0.1` or a trailing-dot host into the registered address.
 */
export function redirectUriMatches(registered: readonly string[], requested: string): boolean {
  if (requested.includes('#')) return false; // RFC 6749 section 3.1.2: no fragment component
  if (registered.includes(requested)) return true;
  const loopback = LOOPBACK_REDIRECT.exec(requested);
  if (!loopback || Number(loopback[2]) > 65535) return false;
  return registered.includes(`${loopback[1]}${loopback[3] ?? ''}`);
}
