// What other areas may use of returns' core: reading every return of a listing (Today's tiles).
// The outbox is offered through the core's shared services (area.ts), owned here.
export { getReturn, listAllReturns } from './resources.js';
