// What other areas may use of lots' core: which lots of an item are excluded (the item view marks them).
export { listLotExclusions } from './resources.js';
export { heldExclusions, readExclusions } from './held.js';
