import { receivingChannels } from '../common/ipc.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import { wroDraftPolicy } from './draft-policy.js';
import { receivingHandlers } from './handlers.js';
import { cachedItemByCode, cachedItemNames, cachedLotItems } from './item-facts.js';

/** Warehouse receiving orders: list, detail, create (from a draft), cancel, box labels, items by code. */
export const receivingArea = defineCoreArea({
  id: 'receiving',
  channels: receivingChannels,
  needs: ['api', 'channelId', 'clock', 'inventory', 'mirror', 'settings', 'showLabels', 'journal'],
  draftPolicies: () => ({ 'wro-create': wroDraftPolicy }),
  create: (ctx) => ({
    handlers: receivingHandlers({
      api: ctx.api,
      channelId: ctx.channelId,
      clock: ctx.clock,
      itemNames: cachedItemNames(ctx.inventory),
      lotItems: cachedLotItems(ctx.inventory),
      mirror: ctx.mirror,
      cachedItem: cachedItemByCode(ctx.inventory),
      journal: ctx.journal,
      import: { inventory: ctx.inventory, settings: ctx.settings, now: () => ctx.clock.now() },
      ...(ctx.showLabels ? { showLabels: ctx.showLabels } : {}),
    }),
  }),
});
