import { z } from 'zod';
import { JournalClerk, JournalDesk, type JournalEntry } from '../../journal/common/entry.js';
import { DateTime } from '../../../shared/schemas/common.js';
import { OutboxState } from '../../../shared/schemas/outbox.js';

/**
 * The end-of-shift report: what the desk did in a stretch of time, per clerk and in all, counted
 * from the desk's own journal (what the service answered "done" to, never what was only tried), and
 * what still waits in the outbox. Made offline: nothing here asks the service.
 */

/** The return actions a clerk asks for at intake, in the order the report lists them. */
export const REPORT_ACTIONS = ['Default', 'Restock', 'Quarantine', 'Dispose'] as const;

const Count = z.number().int().min(0);

export const ShiftTally = z.object({
  returnsCreated: Count,
  returnUnits: Count,
  /** Units of the returns created, by the action asked for each line (an action the desk does not know counts under its own name). */
  returnUnitsByAction: z.record(z.string().max(100), Count),
  returnsChanged: Count,
  returnsCancelled: Count,
  receivingCreated: Count,
  receivingBoxes: Count,
  receivingUnits: Count,
  receivingCancelled: Count,
  labelsPrinted: Count,
  receiptsLinked: Count,
  lotsExcluded: Count,
  lotsRestored: Count,
  /** Writes the service refused: the clerk saw why, and the report says how many. */
  refused: Count,
  /** Scans at intake and receiving, and those the desk could not match (a discrepancy found at the desk). */
  scans: Count,
  scansUnmatched: Count,
});
export type ShiftTally = z.infer<typeof ShiftTally>;

export const ShiftClerkTally = z.object({ clerk: JournalClerk.nullable(), tally: ShiftTally });
export type ShiftClerkTally = z.infer<typeof ShiftClerkTally>;

export const ShiftOutboxLine = z.object({
  referenceId: z.string(),
  /** Never `sent`: a sent return is no longer waiting. */
  state: OutboxState.exclude(['sent']),
  unitCount: Count,
  lineCount: Count,
  queuedAt: DateTime,
});
export type ShiftOutboxLine = z.infer<typeof ShiftOutboxLine>;

/** How the report says where a waiting return stands. */
export const OUTBOX_STATE_WORDS = {
  queued: 'shift.outbox.state.queued',
  sending: 'shift.outbox.state.sending',
  waiting: 'shift.outbox.state.waiting',
  held: 'shift.outbox.state.held',
  failed: 'shift.outbox.state.failed',
} as const satisfies Record<ShiftOutboxLine['state'], string>;

export const ShiftReport = z.object({
  from: DateTime,
  to: DateTime,
  /** When the report was made (the core's clock). */
  madeAt: DateTime,
  desk: JournalDesk,
  /** One per clerk who did something, in the order each first did; "no clerk" (null) where nobody had taken a turn. */
  clerks: z.array(ShiftClerkTally),
  total: ShiftTally,
  /** Returns still in the outbox when the report was made: the next shift's to see through. */
  outbox: z.array(ShiftOutboxLine),
  /** Whether the journal was whole: a report over a broken journal says so. */
  journalWhole: z.boolean(),
});
export type ShiftReport = z.infer<typeof ShiftReport>;

export function emptyTally(): ShiftTally {
  return {
    returnsCreated: 0,
    returnUnits: 0,
    returnUnitsByAction: {},
    returnsChanged: 0,
    returnsCancelled: 0,
    receivingCreated: 0,
    receivingBoxes: 0,
    receivingUnits: 0,
    receivingCancelled: 0,
    labelsPrinted: 0,
    receiptsLinked: 0,
    lotsExcluded: 0,
    lotsRestored: 0,
    refused: 0,
    scans: 0,
    scansUnmatched: 0,
  };
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0);

/** The views whose scans the report counts: the dock's two tasks (a scan that opened a record from elsewhere is not one). */
const COUNTED_VIEWS = new Set(['returns.intake', 'receiving.create', 'receiving.order']);
/** A scan the desk refused or found nothing for: a discrepancy found at the desk (an unknown code, an item not expected). */
const UNMATCHED = new Set(['refused', 'none']);

/** Adds one journal entry to a tally. Only what the service did counts; a refusal counts as one refused. */
export function addEntry(tally: ShiftTally, entry: JournalEntry): void {
  const { what, answer } = entry;
  if (what.kind === 'scan.outcome') {
    const view = what.details['view'];
    const result = what.details['result'];
    if (typeof view !== 'string' || !COUNTED_VIEWS.has(view)) return;
    tally.scans += 1;
    if (typeof result === 'string' && UNMATCHED.has(result)) tally.scansUnmatched += 1;
    return;
  }
  if (what.kind === 'journal.break') return;
  if (answer?.status === 'refused') {
    tally.refused += 1;
    return;
  }
  // 'none' (the desk's own act, such as printing) and 'done' both count; an entry with no answer is the desk's own too.
  const d = what.details;
  switch (what.kind) {
    case 'return.created': {
      tally.returnsCreated += 1;
      tally.returnUnits += count(d['units']);
      const byAction = d['unitsByAction'];
      if (byAction && typeof byAction === 'object' && !Array.isArray(byAction))
        for (const [action, units] of Object.entries(byAction)) tally.returnUnitsByAction[action] = (tally.returnUnitsByAction[action] ?? 0) + count(units);
      return;
    }
    case 'return.changed':
      tally.returnsChanged += 1;
      return;
    case 'return.cancelled':
      tally.returnsCancelled += 1;
      return;
    case 'receiving.created':
      // Found on the service after a lost answer: the same order the desk created, counted once.
      tally.receivingCreated += 1;
      tally.receivingBoxes += count(d['boxes']);
      tally.receivingUnits += count(d['units']);
      return;
    case 'receiving.cancelled':
      tally.receivingCancelled += 1;
      return;
    case 'labels.printed':
      tally.labelsPrinted += 1;
      return;
    case 'receipt.linked':
      tally.receiptsLinked += 1;
      return;
    case 'lot.excluded':
      tally.lotsExcluded += 1;
      return;
    case 'lot.restored':
      tally.lotsRestored += 1;
      return;
  }
}

function addTally(into: ShiftTally, from: ShiftTally): void {
  for (const key of Object.keys(from) as (keyof ShiftTally)[]) {
    if (key === 'returnUnitsByAction') {
      for (const [action, units] of Object.entries(from.returnUnitsByAction))
        into.returnUnitsByAction[action] = (into.returnUnitsByAction[action] ?? 0) + units;
    } else into[key] += from[key];
  }
}

/**
 * Counts a shift's journal entries of one environment per clerk, in the order each clerk first
 * appears. A return created twice in the journal (a crash between recording and marking it sent, the
 * outbox says) counts once: by its record's id.
 */
export function tallyShift(entries: readonly JournalEntry[], environment: string): { clerks: ShiftClerkTally[]; total: ShiftTally } {
  const byClerk = new Map<string, ShiftClerkTally>();
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry.environment !== environment) continue;
    const once = entry.what.kind === 'return.created' || entry.what.kind === 'receiving.created';
    if (once && entry.answer?.status !== 'refused' && entry.what.record) {
      const key = `${entry.what.kind}\n${entry.what.record.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    const key = entry.clerk?.id ?? '';
    let row = byClerk.get(key);
    if (!row) byClerk.set(key, (row = { clerk: entry.clerk, tally: emptyTally() }));
    addEntry(row.tally, entry);
  }
  const clerks = [...byClerk.values()];
  const total = emptyTally();
  for (const row of clerks) addTally(total, row.tally);
  return { clerks, total };
}

/** One row of a tally as the report says it: a message id (with the action's own message for a row by action) and the count. */
export type TallyRow =
  { id: 'shift.returns.unitsByAction'; action: ActionMessage; count: number } | { id: Exclude<TallyMessage, 'shift.returns.unitsByAction'>; count: number };
/** Each action's words in the report. */
const ACTION_WORDS = {
  Default: 'shift.action.Default',
  Restock: 'shift.action.Restock',
  Quarantine: 'shift.action.Quarantine',
  Dispose: 'shift.action.Dispose',
} as const satisfies Record<(typeof REPORT_ACTIONS)[number], string>;
type ActionMessage = (typeof ACTION_WORDS)[keyof typeof ACTION_WORDS];
type TallyMessage =
  | 'shift.returns.created'
  | 'shift.returns.units'
  | 'shift.returns.unitsByAction'
  | 'shift.returns.changed'
  | 'shift.returns.cancelled'
  | 'shift.receiving.created'
  | 'shift.receiving.boxes'
  | 'shift.receiving.units'
  | 'shift.receiving.cancelled'
  | 'shift.labels.printed'
  | 'shift.receipts.linked'
  | 'shift.lots.excluded'
  | 'shift.lots.restored'
  | 'shift.scans'
  | 'shift.scans.unmatched'
  | 'shift.refused';

/**
 * A tally's rows, in the order the page and the PDF list them: returns received and units returned
 * always (a shift of none says 0), then units by each action asked, then every other count that is not
 * zero, so a clerk's part reads short. An action the desk does not know is not one a clerk can ask
 * for at intake; it is counted under the item's preference rather than dropped.
 */
export function tallyRows(tally: ShiftTally): TallyRow[] {
  const rows: TallyRow[] = [
    { id: 'shift.returns.created', count: tally.returnsCreated },
    { id: 'shift.returns.units', count: tally.returnUnits },
  ];
  const byAction = new Map<(typeof REPORT_ACTIONS)[number], number>();
  for (const [action, units] of Object.entries(tally.returnUnitsByAction)) {
    const known = (REPORT_ACTIONS as readonly string[]).includes(action) ? (action as (typeof REPORT_ACTIONS)[number]) : 'Default';
    byAction.set(known, (byAction.get(known) ?? 0) + units);
  }
  for (const action of REPORT_ACTIONS) {
    const units = byAction.get(action) ?? 0;
    if (units > 0) rows.push({ id: 'shift.returns.unitsByAction', action: ACTION_WORDS[action], count: units });
  }
  const rest: [Exclude<TallyMessage, 'shift.returns.unitsByAction'>, number][] = [
    ['shift.returns.changed', tally.returnsChanged],
    ['shift.returns.cancelled', tally.returnsCancelled],
    ['shift.receiving.created', tally.receivingCreated],
    ['shift.receiving.boxes', tally.receivingBoxes],
    ['shift.receiving.units', tally.receivingUnits],
    ['shift.receiving.cancelled', tally.receivingCancelled],
    ['shift.labels.printed', tally.labelsPrinted],
    ['shift.receipts.linked', tally.receiptsLinked],
    ['shift.lots.excluded', tally.lotsExcluded],
    ['shift.lots.restored', tally.lotsRestored],
    ['shift.scans', tally.scans],
    ['shift.scans.unmatched', tally.scansUnmatched],
    ['shift.refused', tally.refused],
  ];
  for (const [id, count] of rest) if (count > 0) rows.push({ id, count });
  return rows;
}
