import { printingChannels } from '../common/ipc.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import { createPrintingDesk } from './desk.js';

/** The desk's printers (profiles per desk: network label printers and system printers) and its print queue, one job at a time per printer. */
export const printingArea = defineCoreArea({
  id: 'printing',
  channels: printingChannels,
  needs: ['settings', 'clock', 'emit', 'emulator', 'api', 'systemPrint', 'journal'],
  provides: ['labelPrinter'],
  create: (ctx) => {
    const desk = createPrintingDesk(ctx);
    return { handlers: desk.handlers, close: () => desk.idle(), services: { labelPrinter: desk.labelPrinter } };
  },
});
