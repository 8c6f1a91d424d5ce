// What other areas may use of unidentified receipts' core: reading a page of receipts (Today's tiles).
export { listReceipts } from './resources.js';
