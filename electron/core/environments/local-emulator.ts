import { join } from 'node:path';
import { DOCKDESK_CLIENT } from '../../../emulator/auth/registry.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator/server.js';

/**
 * The "Local emulator" environment, the default: a sandbox emulator inside the app's own process on
 * a free loopback port. Its data and sign-ins persist under the app's data folder, so a refresh token
 * in the keychain still works after the app restarts (on a new port: tokens are not bound to it).
 */
/** Dockdesk's registration with the local emulator (demo values, documented in the README). */
export const LOCAL_CLIENT = { clientId: DOCKDESK_CLIENT.clientId, clientSecret: DOCKDESK_CLIENT.clientSecret } as const;

export type LocalEmulatorOptions = Pick<EmulatorOptions, 'seed' | 'inventoryItems' | 'receivingOrders' | 'rateLimit'>;

export function startLocalEmulator(dataDir: string, options: LocalEmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ ...options, environments: ['sandbox'], dataDir: join(dataDir, 'emulator') });
}
