import type { Saying } from '../../../shared/errors.js';
import type { PrintJob } from '../common/ipc.js';
import type { TextLabel } from '../common/text-label.js';

/**
 * A short text label the desk makes itself (the end-of-shift summary), to the label printer
 * `textLabelPrinter` chooses, through the print queue as every label goes; refused, said why, when
 * the desk has no network label printer. Other areas reach it as the `labelPrinter` service.
 */
export interface LabelPrinterService {
  printText: (label: TextLabel, what: Saying) => Promise<PrintJob>;
}
