import type { EnvironmentKind, EnvironmentView } from '../../../shared/schemas/session.js';

/**
 * An environment as the core uses it, addresses resolved. The client secret is here because the
 * spec's token endpoint requires it (5.2); it comes from the keychain and never leaves main.
 * OAuth fields are null where the user has not configured them (sign-in with a token still works).
 */
export interface ResolvedEnvironment {
  id: string;
  name: string;
  kind: EnvironmentKind;
  apiBaseUrl: string;
  authUrl: string | null;
  clientId: string | null;
  clientSecret: string | null;
  scopes: string[];
}

/** What Dockdesk asks for: every API scope it uses, plus identity and refresh (spec 5.3). */
export const REQUESTED_SCOPES = [
  'openid',
  'offline_access',
  'channels_read',
  'receiving_read',
  'receiving_write',
  'inventory_read',
  'inventory_write',
  'returns_read',
  'returns_write',
  'locations_read',
  'products_read',
];

export function environmentView(env: ResolvedEnvironment): EnvironmentView {
  return { id: env.id, name: env.name, kind: env.kind, apiBaseUrl: env.apiBaseUrl, authUrl: env.authUrl };
}
