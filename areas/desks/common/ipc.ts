import { z } from 'zod';
import { Said } from '../../../shared/errors.js';
import { NoInput } from '../../../shared/ipc/define.js';
import { SharedStoreState, StoreConnection } from './store.js';

/**
 * Sharing a store with the warehouse's other desks: where the store is, this desk's name there, and
 * where the desk stands with it. The password goes in and never comes back out: it is kept in the
 * keychain, as the service's tokens are.
 */

export const SharedStoreView = z.object({
  /** The store this desk shares (null: it works alone). */
  connection: StoreConnection.nullable(),
  deskName: z.string(),
  state: SharedStoreState,
  /** Why the store is not connected, in the desk's words (null when connected or off). */
  said: z.array(Said).nullable(),
});
export type SharedStoreView = z.infer<typeof SharedStoreView>;

export const SharedStoreSave = z
  .object({
    /** null: stop sharing; this desk works alone again. */
    connection: StoreConnection.nullable(),
    /** Kept in the keychain; absent: the one kept already. */
    password: z.string().max(1000).optional(),
    deskName: z.string().trim().min(1).max(80).optional(),
  })
  .strict();

export const desksChannels = {
  'desks.store.get': { input: NoInput, output: SharedStoreView },
  /** Connects to the store (applying its schema), and keeps the connection only when that worked. */
  'desks.store.save': { input: SharedStoreSave, output: SharedStoreView },
} as const;

export const desksEvents = {
  /** Where the desk stands with the store changed (the status bar's slot). */
  'desks.store.changed': SharedStoreView,
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const desksIpc = { id: 'desks', channels: desksChannels, events: desksEvents } as const;
