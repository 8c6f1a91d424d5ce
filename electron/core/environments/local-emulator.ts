import { join } from 'node:path';
import { DOCKDESK_CLIENT } from '../../../emulator/auth/registry.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator/server.js';
import { REQUESTED_SCOPES, type ResolvedEnvironment } from './environments.js';

/**
 * The "Local emulator" environment, the default: the emulator runs inside the app's own process
 * on a free loopback port. Its sign-ins persist under the app's data folder, so a refresh token in
 * the keychain still works after the app restarts (on a new port: tokens are not bound to it).
 */
export type LocalEmulatorOptions = Pick<EmulatorOptions, 'seed' | 'inventoryItems' | 'receivingOrders'>;

export async function startLocalEnvironment(dataDir: string, options: LocalEmulatorOptions = {}): Promise<{ environment: ResolvedEnvironment; emulator: RunningEmulator }> {
  const emulator = await startEmulator({ ...options, dataDir: join(dataDir, 'emulator') });
  return {
    emulator,
    environment: {
      id: 'local',
      name: 'Local emulator',
      kind: 'local',
      apiBaseUrl: emulator.url,
      authUrl: emulator.url,
      clientId: DOCKDESK_CLIENT.clientId,
      clientSecret: DOCKDESK_CLIENT.clientSecret,
      scopes: REQUESTED_SCOPES,
    },
  };
}
