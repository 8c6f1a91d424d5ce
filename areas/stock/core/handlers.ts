import type { stockChannels } from '../common/ipc.js';
import type { HandlersFor } from '../../../electron/core/ipc/registry.js';
import type { StockDesk } from './stock-desk.js';

/** The stock channels: thin over the StockDesk. */
export function stockHandlers(desk: StockDesk): HandlersFor<typeof stockChannels> {
  return {
    'stock.summary': async (input) => desk.summary(input),
    'stock.expiring': async (input) => desk.expiring(input),
    'stock.exclusions': async ({ inventoryIds }, call) => desk.refreshExclusions(inventoryIds, call.signal),
    'stock.items': async (query) => desk.items(query),
  };
}
