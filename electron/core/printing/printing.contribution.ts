import { printingChannels } from '../../../shared/ipc/printing.js';
import { defineCoreArea } from '../area.js';
import { createPrintingDesk } from './desk.js';

/** The desk's label printers (profiles per desk) and its print queue, one job at a time per printer. */
export const printingArea = defineCoreArea({
  id: 'printing',
  channels: printingChannels,
  create: (ctx) => {
    const desk = createPrintingDesk(ctx);
    return { handlers: desk.handlers, close: () => desk.idle() };
  },
});
