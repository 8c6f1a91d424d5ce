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
  redirectUris: ['http://127.0.0.1/callback'],
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

/**
 * Redirect URI matching: exact string match, except that a loopback IP redirect matches a registered
 * one whatever its port (RFC 8252 section 7.3; API notes, OAuth details).
 */
export function redirectUriMatches(registered: readonly string[], requested: string): boolean {
  if (requested.includes('#')) return false; // RFC 6749 section 3.1.2: no fragment component
  if (registered.includes(requested)) return true;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || !(url.hostname === '127.0.0.1' || url.hostname === '[::1]')) return false;
  const withoutPort = `${url.protocol}//${url.hostname}${url.pathname}${url.search}`;
  return registered.includes(withoutPort);
}
