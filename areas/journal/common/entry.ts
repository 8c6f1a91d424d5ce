import { z } from 'zod';
import { Said } from '../../../shared/errors.js';

/**
 * One entry of the desk's journal: what the desk did, when, at which desk and by which clerk, and
 * what the service answered. Entries are appended, never changed; each carries the hash of the one
 * before (core/chain.ts), so a changed or removed entry is found when the journal is read at start.
 */

/** What was done. `journal.break` is the journal's own: the first entry after a break was found, saying where. */
export const JournalKind = z.enum([
  'return.created',
  'return.changed',
  'return.cancelled',
  'receiving.created',
  'receiving.cancelled',
  'labels.printed',
  'receipt.linked',
  'lot.excluded',
  'lot.restored',
  'scan.outcome',
  'shift.reported',
  'photo.taken',
  'journal.break',
]);
export type JournalKind = z.infer<typeof JournalKind>;

/** The kind of record an entry is about (the same words as the records' pages). */
export const JournalRecordKind = z.enum(['return', 'receiving', 'receipt', 'lot', 'item', 'scan', 'journal']);
export type JournalRecordKind = z.infer<typeof JournalRecordKind>;

/** A value the details may hold: plain JSON only, so its canonical form (core/chain.ts) is one string. */
export type JournalValue = string | number | boolean | null | JournalValue[] | { [key: string]: JournalValue };
export const JournalValue: z.ZodType<JournalValue> = z.lazy(() =>
  z.union([z.string().max(2000), z.number(), z.boolean(), z.null(), z.array(JournalValue).max(200), z.record(z.string().max(100), JournalValue)]),
);

export const JournalRecordRef = z.object({
  kind: JournalRecordKind,
  /** The record's id on the service (a return's or order's number, as text); before it has one, its reference. */
  id: z.string().min(1).max(200),
  /** The record's own reference (a return's reference id), where it has one. */
  reference: z.string().max(200).nullable(),
});
export type JournalRecordRef = z.infer<typeof JournalRecordRef>;

/** Where a scan was made: the views whose scans the journal keeps ('other': a scan that opened a return or an order from any other view). */
export const ScanView = z.enum(['returns.intake', 'receiving.create', 'receiving.order', 'other']);
export type ScanView = z.infer<typeof ScanView>;

/**
 * What the desk made of a scan: a field took it (as a line, a tracking number, a lot), added it to a
 * line already there, or refused it; a scan outside a field opened one record (or found it and
 * offered it, the clerk having moved on), found several, or none, or its look-up failed.
 */
export const ScanResult = z.enum(['taken', 'merged', 'refused', 'opened', 'found', 'several', 'none', 'failed']);
export type ScanResult = z.infer<typeof ScanResult>;

/** One scan's outcome as the page tells the journal (the journal stamps it); `reason` is what the clerk was told, as told. */
export const ScanOutcome = z
  .object({
    view: ScanView,
    /** The scanned text, control characters shown by name. */
    code: z.string().min(1).max(500),
    result: ScanResult,
    reason: z.string().max(500).nullable(),
    /** The record the scan was about: the return or order of the view, or the one the scan opened. */
    record: JournalRecordRef.nullable(),
  })
  .strict();
export type ScanOutcome = z.infer<typeof ScanOutcome>;

export const JournalWhat = z.object({
  kind: JournalKind,
  record: JournalRecordRef.nullable(),
  /** A few facts worth keeping (lines and units of a return, the order's boxes), never a whole body. */
  details: z.record(z.string().max(100), JournalValue),
});
export type JournalWhat = z.infer<typeof JournalWhat>;

/** What the service answered: done (with the record's id), refused (with its words), or nothing asked of it. */
export const JournalAnswer = z.object({
  status: z.enum(['done', 'refused', 'none']),
  id: z.string().max(200).nullable(),
  said: z.array(Said).nullable(),
});
export type JournalAnswer = z.infer<typeof JournalAnswer>;

export const JournalClerk = z.object({ id: z.string().max(200), name: z.string().max(200) });
export type JournalClerk = z.infer<typeof JournalClerk>;
export const JournalDesk = z.object({ id: z.string().max(200), name: z.string().max(200) });
export type JournalDesk = z.infer<typeof JournalDesk>;

/** An entry as stored (one JSON line) and as read. */
export const JournalEntry = z.object({
  seq: z.number().int().positive(),
  /** ISO time from the core's clock. */
  at: z.string(),
  /** The environment the desk worked in (records' ids are per service). */
  environment: z.string().max(100),
  /**
   * The account signed in there (its subject), null for none: which account's desks may see the entry
   * through the store they share. Absent from entries written before the desk kept it (never shared).
   */
  account: z.string().max(200).nullable().optional(),
  /** null: no clerk had signed in at the desk. */
  clerk: JournalClerk.nullable(),
  desk: JournalDesk,
  what: JournalWhat,
  answer: JournalAnswer.nullable(),
  /** The hash of the entry before (hex SHA-256; 64 zeros before the first). */
  prev: z.string().regex(/^[0-9a-f]{64}$/),
  /** SHA-256 of this entry's canonical form, `prev` included, `hash` left out. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

/** What a caller hands the journal; the journal adds the sequence number, time, desk, clerk and hashes. */
export const JournalInput = z.object({ what: JournalWhat, answer: JournalAnswer.nullable() });
export type JournalInput = z.infer<typeof JournalInput>;

/** How the chain was broken: an entry changed (its hash no longer fits), or removed (a gap, or fewer than the journal had written). */
export const JournalBreakHow = z.enum(['changed', 'removed']);
export type JournalBreakHow = z.infer<typeof JournalBreakHow>;

/**
 * Whether the journal read at start is whole; when not, the first place it is broken and how, in the
 * desk's words; or that it could not be opened at all (seq null), so nothing is recorded this run.
 */
export const JournalState = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({
    ok: z.literal(false),
    seq: z.number().int().positive().nullable(),
    how: z.union([JournalBreakHow, z.literal('unavailable')]),
    said: z.array(Said),
  }),
]);
export type JournalState = z.infer<typeof JournalState>;
