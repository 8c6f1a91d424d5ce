import type { Scan } from '../../../shared/scan/detector';
import type { Translate } from '../i18n/useT';
import { createStore, useStore } from '../ui/store';

/** One line of the scan log: what came in and what became of it. */
export interface ScanLogEntry {
  id: number;
  at: Date;
  raw: string;
  text: string;
  symbology: string | null;
  outcome: 'opened' | 'found' | 'several' | 'none' | 'field' | 'refused' | 'merged' | 'pending';
  /** "Opened WRO 5012", "Nothing matches", "3 matches: chose WRO 5012", ...: in the language the log is read in. */
  result: Said;
}

/** Words said in whichever language the desk is in when they are read. */
export type Said = (t: Translate) => string;

export const SCAN_LOG_LIMIT = 50;

const entries = createStore<ScanLogEntry[]>([]);
let nextId = 1;

/** Adds a scan (newest first, the last 50 kept) and answers a function that records its outcome. */
export function logScan(scan: Scan, outcome: ScanLogEntry['outcome'], result: Said): (outcome: ScanLogEntry['outcome'], result: Said) => void {
  const entry: ScanLogEntry = { id: nextId++, at: new Date(), raw: scan.raw, text: scan.text, symbology: scan.symbology, outcome, result };
  entries.set((all) => [entry, ...all].slice(0, SCAN_LOG_LIMIT));
  return (o, r) => entries.set((all) => all.map((e) => (e.id === entry.id ? { ...e, outcome: o, result: r } : e)));
}

export function useScanLog(): readonly ScanLogEntry[] {
  return useStore(entries);
}
