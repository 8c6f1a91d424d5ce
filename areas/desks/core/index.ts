// What other areas may use of the store several desks share (ARCHITECTURE.md, "Desks share a store").
export { openStore, storeAway, storeProblem, STORE_TIMEOUTS, type OpenedStore, type OpenStoreOptions, type StoreProblem } from './store.js';
export { migrate, migrations, type MigrationResult } from './migrations.js';
export { sharedOutbox, type NewOutboxEntry, type OutboxScope, type SharedOutbox, type SharedOutboxEntry, type SharedOutboxState } from './outbox.js';
export { holdSyncLease, syncLeaseKey, type SyncLease } from './sync-lease.js';
export { announce, desksAt, leave, listenPresence, registerDesk, type DeskIdentity, type PresenceListener, type PresenceRecord } from './presence.js';
export { type SharedStore } from './shared-store.js';
export { sharedJournalStore, type JournalRow, type JournalScope, type SharedJournalStore } from './journal-store.js';
export { type SharedSync, type SyncRole } from './shared-sync.js';
export { type PassPage, type PassTerms, type TakenPass } from './shared-passes.js';
export { type PublishResult, type SetChanges, type SetPosition, type SetPublish, type SetRow } from './shared-sets.js';
