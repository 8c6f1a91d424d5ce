// A receiving order from a spreadsheet: the file read (parse.ts), matched and checked (check.ts), the
// match remembered per layout (import-desk.ts).
export { ImportDesk, type ImportDeskDeps } from './import-desk.js';
export { parseSheet, type ParsedSheet } from './parse.js';
export { checkImport, type ImportItem, type ImportLookup } from './check.js';
