// What other parts of the core may use of printing: the raw-port transport, the host status reading,
// the port a shell gives for the system's printers (with the reading of a printer's state for it), and
// the `labelPrinter` service's type (a short text label to the desk's label printer).
export { sendZpl, type SendOutcome, type ZplTarget } from './zpl-transport.js';
export { parseHostStatus, stopSentences, type HostStatus } from './host-status.js';
export { printerStatus, type SystemPrintOptions, type SystemPrintPort } from './system-print.js';
export type { LabelPrinterService } from './label-printer.js';
