import type { StoredChannel } from './model.js';
import { Scope } from '../../shared/schemas/channel.js';

/** The account's channels (spec 2.1): the single-merchant channel with write scopes, and a read-only one. */
export function seedChannels(): StoredChannel[] {
  const apiScopes = Scope.options.filter((s) => s !== 'offline_access' && s !== 'openid');
  return [
    { id: 7301, name: 'Dockdesk Warehouse Desk', application_name: 'Single-merchant application', scopes: [...apiScopes] },
    { id: 7302, name: 'Reporting (read-only)', application_name: 'Analytics Connector', scopes: apiScopes.filter((s) => s.endsWith('_read')) },
  ];
}
