// What other areas may use of lots in the renderer: the expiry mark of a lot (the item view shows it too).
export { LotExpiry, useExpiryMarks } from './LotExpiry';
// The one confirmation for excluding a lot or deleting its exclusion (stock's expiring list uses it too).
export { ConfirmLotAction } from './ConfirmLotAction';
export type { LotAction, LotRef } from './queries';
