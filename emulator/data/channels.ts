import type { StoredChannel } from './model.js';
import { Scope } from '../../shared/schemas/channel.js';

/**
 * The account's channels (spec 2.1): the single-merchant channel with write scopes, named `SMA` as
 * the published channel list names a personal access token's channel (clients pick it by that
 * name), and a read-only one.
 */
export function seedChannels(): StoredChannel[] {
  const apiScopes = Scope.options.filter((s) => s !== 'offline_access' && s !== 'openid');
  return [
    { id: 7301, name: 'Dockdesk Warehouse Desk', application_name: 'SMA', scopes: [...apiScopes] },
    { id: 7302, name: 'Reporting (read-only)', application_name: 'Analytics Connector', scopes: apiScopes.filter((s) => s.endsWith('_read')) },
  ];
}
