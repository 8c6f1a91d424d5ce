// The end-of-shift report's channels are its face (areas/shift/common/ipc.ts); its time form is the one other PDFs of the desk use.
export { reportTime } from './report-pdf.js';
