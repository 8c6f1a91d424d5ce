// Receiving's addresses (#/receiving/<id>) are its face; other areas take from it only how a
// receiving order's difference is said, so Today says it in the same words as the order.
export { differenceSaid } from './difference';
