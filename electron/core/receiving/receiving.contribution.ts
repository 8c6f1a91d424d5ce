import { receivingChannels } from '../../../shared/ipc/receiving.js';
import { defineCoreArea } from '../area.js';
import { wroDraftPolicy } from './draft-policy.js';
import { receivingHandlers } from './handlers.js';

/** Warehouse receiving orders: list, detail, create (from a draft), cancel, box labels, items by code. */
export const receivingArea = defineCoreArea({
  id: 'receiving',
  channels: receivingChannels,
  draftPolicies: () => ({ 'wro-create': wroDraftPolicy }),
  create: (ctx) => ({
    handlers: receivingHandlers({
      api: ctx.api,
      channelId: ctx.channelId,
      clock: ctx.clock,
      itemNames: async () => {
        const index = await ctx.inventory.ready();
        return (id) => {
          const item = index.lookup(String(id)).matches.find((m) => m.matchedBy.includes('inventoryId'))?.item;
          return item ? { name: item.name, sku: item.sku } : null;
        };
      },
      import: { inventory: ctx.inventory, settings: ctx.settings, now: () => ctx.clock.now() },
      ...(ctx.options.showLabels ? { showLabels: ctx.options.showLabels } : {}),
    }),
  }),
});
