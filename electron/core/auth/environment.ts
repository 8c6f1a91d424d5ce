import type { EnvironmentKind, EnvironmentView } from '../../../shared/schemas/session.js';
import { OPERATIONS } from '../api/operations.js';

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

/**
 * What Dockdesk asks for: identity and refresh (spec 5.3), plus the scope of every operation the
 * client calls, read from the version table so that a new operation cannot be left without its scope
 * (the order lookup of the return intake once was).
 */
export const REQUESTED_SCOPES: string[] = ['openid', 'offline_access', ...new Set(Object.values(OPERATIONS).map((o) => o.scope))];

export function environmentView(env: ResolvedEnvironment): EnvironmentView {
  return { id: env.id, name: env.name, kind: env.kind, apiBaseUrl: env.apiBaseUrl, authUrl: env.authUrl };
}
