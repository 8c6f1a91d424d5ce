// What other parts of the core may use of printing: the raw-port transport, the host status reading,
// and the port a shell gives for the system's printers (with the reading of a printer's state for it).
export { sendZpl, type SendOutcome, type ZplTarget } from './zpl-transport.js';
export { parseHostStatus, stopSentences, type HostStatus } from './host-status.js';
export { printerStatus, type SystemPrintOptions, type SystemPrintPort } from './system-print.js';
