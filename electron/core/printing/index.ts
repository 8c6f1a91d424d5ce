// What other parts of the core may use of printing: the raw-port transport and the host status reading.
export { sendZpl, type SendOutcome, type ZplTarget } from './zpl-transport.js';
export { describeStop, parseHostStatus, type HostStatus } from './host-status.js';
