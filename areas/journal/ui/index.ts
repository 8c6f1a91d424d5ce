// What other areas show of the desk's journal: a record's section "Done at this desk", for its page.
export { RecordJournal } from './RecordJournal';
// The scans' outcomes the page tells the journal: the view that journals its scans, and the scan service's listener's calls.
export { useScanJournal, journalFieldScan, journalRoutedScan } from './scanJournal';
