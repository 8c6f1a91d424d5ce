// What other areas may use of inventory's core: the offline item cache (built once, by the composition
// root), the one item resolver on the service, and the inventory resources history reads.
export { InventoryDesk, type InventoryDeskDeps } from './inventory-desk.js';
export { resolveItem } from './item-resolver.js';
export { queryHistory } from './resources.js';
// The cache's columns as stored, for areas that read the whole cache at once (stock's lists): its
// layout, the total-of-all-centers level and the one way text is folded for matching.
export { entry, type CacheColumns } from './cache-format.js';
export { FLAG_BITS, LEVEL_FIELDS, LOT_NUMBERS } from './cache-columns.js';
export { TOTAL_FC_ID } from './records.js';
export { foldColumn, foldText } from './search-text.js';
