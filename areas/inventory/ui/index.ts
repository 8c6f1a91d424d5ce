// What other areas may use of inventory in the renderer: item names before ids, the one sync-status
// source (the offline cache's state), and the items a scanned code names.
export { ItemName, useItemNames, type ItemNaming } from './ItemName';
export { useInventoryItem, useLiveInventoryItem, useSyncStatus } from './queries';
// What a change elsewhere (a lot excluded or restored) calls so the item's quantities are read again.
export { itemQuantitiesChanged } from './queries';
