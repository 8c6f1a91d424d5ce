import { useSyncExternalStore } from 'react';
import type { Scan } from '../../../shared/scan/detector';

/** One line of the scan log: what came in and what became of it. */
export interface ScanLogEntry {
  id: number;
  at: Date;
  raw: string;
  text: string;
  symbology: string | null;
  outcome: 'opened' | 'several' | 'none' | 'field' | 'refused' | 'merged' | 'pending';
  /** "Opened WRO 5012", "Nothing matches", "3 matches: chose WRO 5012", ... */
  result: string;
}

export const SCAN_LOG_LIMIT = 50;

let entries: ScanLogEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Adds a scan (newest first, the last 50 kept) and answers a function that records its outcome. */
export function logScan(scan: Scan, outcome: ScanLogEntry['outcome'], result: string): (outcome: ScanLogEntry['outcome'], result: string) => void {
  const entry: ScanLogEntry = { id: nextId++, at: new Date(), raw: scan.raw, text: scan.text, symbology: scan.symbology, outcome, result };
  entries = [entry, ...entries].slice(0, SCAN_LOG_LIMIT);
  notify();
  return (o, r) => {
    entries = entries.map((e) => (e.id === entry.id ? { ...e, outcome: o, result: r } : e));
    notify();
  };
}

export function useScanLog(): readonly ScanLogEntry[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => entries,
  );
}
