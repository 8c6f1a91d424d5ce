// What other areas may use of receiving's core: reading receiving orders and their boxes on the
// service, and the service query of a list filter (unidentified receipts look for the order to link).
export { receivingServiceQuery } from './list-query.js';
export { getReceivingBoxes, getReceivingLabels, getReceivingOrder, listAllReceivingOrders, listReceivingOrders } from './resources.js';
// An order's boxes as the desk has read them (box labels find a box's page by its place among them).
export { boxIndexFor } from './box-index.js';
// What the composition root hands receiving from the shell (the Electron label viewer).
export type { ReceivingHandlerDeps } from './handlers.js';
export { namedOrderById } from './desk.js';
// Today's tile of orders received with a discrepancy counts them with the discrepancy list's own call,
// which knows lot items from the offline cache as receiving's own list does.
export { readDiscrepancyList, type LotItems } from './discrepancy-list.js';
export { cachedLotItems } from './item-facts.js';
