import { stockChannels } from '../common/ipc.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import { stockHandlers } from './handlers.js';
import { StockDesk } from './stock-desk.js';

/** Stock that needs attention, answered from the active account's inventory cache (lots, levels, exclusions heard). */
export const stockArea = defineCoreArea({
  id: 'stock',
  channels: stockChannels,
  needs: ['inventory', 'scope', 'api', 'clock'],
  provides: ['stock'],
  create: (ctx) => {
    const desk = new StockDesk({
      columns: async () => (await ctx.inventory.ready()).columns,
      asOf: () => ctx.inventory.freshness().syncedAt,
      account: () => {
        const { environmentId, subject } = ctx.scope();
        return subject ? `${environmentId} ${subject}` : null;
      },
      api: ctx.api,
      clock: ctx.clock,
    });
    return { handlers: stockHandlers(desk), services: { stock: { summary: (input) => desk.summary(input) } } };
  },
});
