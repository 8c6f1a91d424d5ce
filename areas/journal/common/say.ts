import type { MessageId } from '../../../shared/errors.js';
import type { JournalEntry } from './entry.js';

/**
 * An entry of the journal in the desk's words, said once for every place that shows one: a record's
 * page ("Done at this desk") and the claim pack's timeline. `t` and `said` are the page's (react-intl)
 * or the core's (the catalogs in the chosen language); only messages without tags are said here.
 */
export interface EntryWords {
  t: (id: MessageId, values?: Record<string, string | number>) => string;
  said: (words: { id: string; values?: Record<string, string | number> }) => string;
}

const count = (value: unknown): number => (typeof value === 'number' ? value : 0);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** A dotted name as a message's select key: `scan.outcome` → `scanOutcome`. */
const camel = (name: string): string => name.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());

/** What was done, in the desk's words; a refused action is said as tried, since it did not happen. */
export function whatSaid({ t }: EntryWords, entry: JournalEntry): string {
  const { kind, details } = entry.what;
  const refused = entry.answer?.status === 'refused' ? 'yes' : 'no';
  switch (kind) {
    case 'return.created':
      return t('journal.record.returnCreated', { refused, units: count(details.units), lines: count(details.lines) });
    case 'return.changed':
      return t('journal.record.returnChanged', { refused, units: count(details.units), lines: count(details.lines) });
    case 'receiving.created':
      return t('journal.record.receivingCreated', { refused, boxes: count(details.boxes), units: count(details.units) });
    case 'return.cancelled':
    case 'receiving.cancelled':
      return t('journal.record.cancelled', { refused });
    case 'labels.printed':
      return typeof details.printer === 'string' && details.printer
        ? t('journal.record.labelsPrintedOn', { printer: details.printer })
        : t('journal.record.labelsPrinted');
    case 'receipt.linked':
      return t('journal.record.receiptLinked', { refused });
    case 'lot.excluded':
    case 'lot.restored':
      return t('journal.record.lotChanged', { refused, excluded: kind === 'lot.excluded' ? 'yes' : 'no', lot: text(details.lotNumber) });
    case 'photo.taken':
      if (details.boxId !== undefined)
        return t('journal.record.boxPhotoTaken', {
          box: typeof details.boxNumber === 'number' ? details.boxNumber : count(details.boxId),
          checksum: text(details.checksum).slice(0, 12),
        });
      return t('journal.record.photoTaken', { item: text(details.itemName) || text(details.sku), checksum: text(details.checksum).slice(0, 12) });
    case 'scan.outcome':
      return t('journal.record.scanned', { code: text(details.code), view: camel(text(details.view)), result: text(details.result) });
    default:
      // Kinds no record page of these areas shows (lots, scans) still read as something, never as a blank line.
      return t('journal.record.other', { kind: camel(kind) });
  }
}

/** What the service answered: confirmed, refused with its reasons (each its own sentence), or nothing asked of it. */
export function answerSaid({ t, said }: EntryWords, entry: JournalEntry): string | null {
  const answer = entry.answer;
  // A scan asks nothing of the service: what the clerk was told of it is said instead.
  if (entry.what.kind === 'scan.outcome') return text(entry.what.details.reason) || null;
  if (!answer) return t('journal.record.answer.none');
  if (answer.status === 'refused') return t('journal.record.answer.refused', { reasons: (answer.said ?? []).map(said).join(' ') });
  if (answer.status === 'none') return t('journal.record.answer.none');
  return entry.what.details.foundOnService === true ? t('journal.record.answer.found') : t('journal.record.answer.done');
}
