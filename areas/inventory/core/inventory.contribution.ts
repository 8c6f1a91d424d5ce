import { inventoryChannels } from '../common/ipc.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import { inventoryHandlers } from './handlers.js';

/**
 * Inventory: lookups and searches over the offline cache, item detail, the cache's sync. The cache
 * itself (InventoryDesk) is a service of the core, built before the areas, because other areas read
 * it too (lots, returns' item lookups). The desks sharing a store share its sync (desks' `sharedSync`).
 */
export const inventoryArea = defineCoreArea({
  id: 'inventory',
  channels: inventoryChannels,
  needs: ['inventory', 'api', 'mirror', 'sharedSync'],
  create: (ctx) => {
    // The desks sharing a store sync once for all: this desk follows the store while another holds the lease.
    ctx.inventory.attachShare(ctx.sharedSync);
    return { handlers: inventoryHandlers({ desk: ctx.inventory, api: ctx.api, mirror: ctx.mirror }) };
  },
});
