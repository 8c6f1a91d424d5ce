// What other areas may use of receiving's core: reading receiving orders and their boxes on the
// service, and the service query of a list filter (unidentified receipts look for the order to link).
export { receivingServiceQuery } from './list-query.js';
export { getReceivingBoxes, getReceivingOrder, listAllReceivingOrders, listReceivingOrders } from './resources.js';
// What the composition root hands receiving from the shell (the Electron label viewer).
export type { ReceivingHandlerDeps } from './handlers.js';
export { namedOrderById } from './desk.js';
