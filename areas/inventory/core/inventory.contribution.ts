import { inventoryChannels } from '../common/ipc.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import { inventoryHandlers } from './handlers.js';

/**
 * Inventory: lookups and searches over the offline cache, item detail, the cache's sync. The cache
 * itself (InventoryDesk) is a service of the core, built before the areas, because other areas read
 * it too (lots, returns' item lookups).
 */
export const inventoryArea = defineCoreArea({
  id: 'inventory',
  channels: inventoryChannels,
  needs: ['inventory', 'api', 'mirror'],
  create: (ctx) => ({ handlers: inventoryHandlers({ desk: ctx.inventory, api: ctx.api, mirror: ctx.mirror }) }),
});
