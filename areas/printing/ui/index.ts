// What other areas may use of printing in the renderer: the item label action for a view that shows
// an item, and for a view that shows lines of goods (a return line, a box's item, a lot in stock); and
// a system printer's job handed to the browser's print dialog (browser host), and a job's title and
// problem in the clerk's words, for views that print; the desk's printer settings as the page holds them
// (a view that prints a text label says which printer it goes to, textLabelPrinter in common/).
export { PrintItemLabel, PRINT_ITEM_LABEL_KEYS, type LabelledItem } from './PrintItemLabel';
export { LineLabelDialog, PrintLineLabel, lineWords, type LabelLine } from './PrintLineLabel';
export { browserDialogWords, handToBrowser } from './browserPrint';
export { jobProblem, jobTitle } from './printerText';
export { usePrintingSettings } from './queries';
