// The account mirror (a core service beside the item cache): what the desk holds of the account's
// receiving orders, returns, unlinked receipts and lot exclusions, for screens to answer from.
export { AccountMirror, LOT_READS_PER_REFRESH, MIRROR_FILE, MIRROR_FRESH_MS, MIRROR_PACE_MS, MIRROR_REFRESH_MS } from './account-mirror.js';
export type { AccountMirrorDeps, MirrorFreshness } from './account-mirror.js';
export { type MirrorBoxes, type MirrorLotItem, type MirrorState } from './mirror-state.js';
