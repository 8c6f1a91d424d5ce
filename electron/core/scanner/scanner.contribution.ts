import { scannerChannels } from '../../../shared/ipc/scanner.js';
import { defineCoreArea } from '../area.js';
import { scannerHandlers } from './handlers.js';

/** The barcode scanner's settings (calibration, sounds), kept in main's settings file. */
export const scannerArea = defineCoreArea({
  id: 'scanner',
  channels: scannerChannels,
  needs: ['settings'],
  create: (ctx) => ({ handlers: scannerHandlers({ settings: ctx.settings }) }),
});
