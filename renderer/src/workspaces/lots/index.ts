// What other areas may use of lots in the renderer: the expiry mark of a lot (the item view shows it too).
export { LotExpiry, useExpiryMarks } from './LotExpiry';
