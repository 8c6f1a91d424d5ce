// What other areas may use of inventory's core: the offline item cache, the one item resolver on
// the service, and the inventory resources history reads.
export type { InventoryDesk } from './inventory-desk.js';
export { resolveItem } from './item-resolver.js';
export { queryHistory } from './resources.js';
