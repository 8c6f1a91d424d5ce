import { expect } from 'vitest';
import type { TestPostgres } from './postgres.js';
import { deskOn, value, type StoppableService, type TestCore } from './returns-desk.js';

/** What Settings → "Share with other desks" would send for this server, under a desk's name. */
export function storeSettings(server: TestPostgres, deskName: string) {
  const { host, port, database, role, password } = server.config;
  return { connection: { host, port, database, role }, password, deskName };
}

/** A desk signed in to `service` that shares the store on `server` (connected, or the test fails here). */
export async function sharingDesk(service: StoppableService, server: TestPostgres, deskName: string, dataDir?: string): Promise<TestCore> {
  const t = await deskOn(service, dataDir);
  const view = value<'desks.store.save'>(await t.core.dispatch('desks.store.save', storeSettings(server, deskName)));
  expect(view.state).toBe('connected');
  return t;
}
