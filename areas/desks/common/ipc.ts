import { z } from 'zod';
import { Said } from '../../../shared/errors.js';
import { NoInput } from '../../../shared/ipc/define.js';
import { PresenceRecordKind, SharedStoreState, StoreConnection } from './store.js';

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
  /**
   * Whether the desk has anything to share now: not while it is on the built-in emulator (which runs
   * inside this desk, so no other desk reaches it) or nobody is signed in. Connected, it still is.
   */
  sharing: z.boolean(),
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

/** A record a clerk has open: a receiving order, a return, an unidentified receipt being linked. */
export const PresenceRecordRef = z.object({ kind: PresenceRecordKind, id: z.string().min(1).max(100) }).strict();

/** The other desks that have the record open, by name (empty when none, or when no store is shared). */
export const PresenceAnswer = z.object({
  kind: PresenceRecordKind,
  id: z.string(),
  desks: z.array(z.object({ deskName: z.string() })),
});
export type PresenceAnswer = z.infer<typeof PresenceAnswer>;

export const desksChannels = {
  'desks.store.get': { input: NoInput, output: SharedStoreView },
  /** Connects to the store (applying its schema), and keeps the connection only when that worked. */
  'desks.store.save': { input: SharedStoreSave, output: SharedStoreView },
  /** The record is open at this desk (told to the others); the answer names the other desks that have it open. */
  'desks.presence.enter': { input: PresenceRecordRef, output: PresenceAnswer },
  /** The record was closed at this desk. */
  'desks.presence.exit': { input: PresenceRecordRef, output: z.object({}) },
} as const;

export const desksEvents = {
  /** Where the desk stands with the store changed (the status bar's slot). */
  'desks.store.changed': SharedStoreView,
  /** Another desk opened or closed a record open here. */
  'desks.presence.changed': PresenceAnswer,
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const desksIpc = { id: 'desks', channels: desksChannels, events: desksEvents } as const;
