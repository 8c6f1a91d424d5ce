import type { ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store.js';
import type { TestPostgres } from './postgres.js';
import { deskOn, value, type StoppableService, type TestCore } from './returns-desk.js';

/** What Settings → "Share with other desks" would send for this server, under a desk's name. */
export function storeSettings(server: TestPostgres, deskName: string) {
  const { host, port, database, role, password } = server.config;
  return { connection: { host, port, database, role }, password, deskName };
}

/** A desk signed in to `service` that shares the store on `server` (connected, or the test fails here). */
export async function sharingDesk(
  service: StoppableService,
  server: TestPostgres,
  deskName: string,
  dataDir?: string,
  options: Parameters<typeof deskOn>[2] = {},
): Promise<TestCore> {
  const t = await deskOn(service, dataDir, options);
  const view = value<'desks.store.save'>(await t.core.dispatch('desks.store.save', storeSettings(server, deskName)));
  expect(view.state).toBe('connected');
  return t;
}

/**
 * A keychain that outlives a desk's restart (the store's password must still be there when the desk
 * starts again), kept apart from the machine's keychain, which other test files use at the same time.
 */
export function lastingKeychain(): Parameters<typeof deskOn>[2] {
  const stores = new Map<string, MemorySecretStore>();
  return {
    openSecrets: (name) => {
      let store = stores.get(name);
      if (!store) stores.set(name, (store = new MemorySecretStore()));
      return Promise.resolve({ store, fallbackReason: null });
    },
  };
}

/**
 * After a file of desks sharing a store: desk processes killed, cores closed (a failed close does not
 * keep the rest open), then the service and the store stopped. Each part may be missing (the set-up
 * failed, or PostgreSQL is not here).
 */
export async function stopDesks(world: {
  children?: readonly ChildProcess[];
  cores: readonly TestCore[];
  service?: StoppableService;
  server?: TestPostgres;
}): Promise<void> {
  for (const child of world.children ?? []) child.kill('SIGKILL');
  for (const t of world.cores) await t.dispose().catch(() => {});
  await world.service?.down();
  await world.server?.stop();
}
