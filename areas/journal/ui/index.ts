// What other areas show of the desk's journal: a record's section "Done at this desk", for its page.
export { RecordJournal } from './RecordJournal';
