import { countOf } from '../../../shared/counts';
import { useEffect } from 'react';
import type { Scan } from '../../../shared/scan/detector';
import { visibleControls } from '../../../shared/scan/router';
import type { JournalRecordKind, JournalRecordRef, ScanOutcome, ScanResult, ScanView } from '../common/entry';
import { call } from '../../../renderer/src/bridge/dockdesk';

/**
 * The scans' outcomes, told to the desk's journal. Only the page knows what it made of a scan (which
 * field took it, what it refused and why), so the page tells main (`journal.scans`). Nothing here is
 * awaited by a scan or a key: an outcome is queued and the queue sent a moment later, several scans
 * in one call; a send that fails is logged and the scans it carried are not recorded, never shown as
 * a scan that failed.
 */

/** How long outcomes gather before they are sent: a scanner's burst of scans goes as one call (and main writes them with one sync). */
const SEND_AFTER_MS = 100;
/** At most this many in one call (the channel's limit); more are sent in the next. */
const MOST_IN_ONE_SEND = 100;

interface Place {
  view: ScanView;
  record: JournalRecordRef | null;
}

/** The view whose scans are journaled now, and the record it is about; null: scans made elsewhere are not (a scan that opens a return or an order still is). */
let place: Place | null = null;
let queued: ScanOutcome[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Makes the view's scans journaled while it is shown, under its record (a return's reference before
 * the service numbers it; an order's purchase order number before it is created; null: none yet).
 */
export function useScanJournal(view: ScanView, record: JournalRecordRef | null): void {
  const kind = record?.kind ?? null;
  const id = record?.id ?? null;
  const reference = record?.reference ?? null;
  useEffect(() => {
    const mine: Place = { view, record: kind && id ? { kind, id, reference } : null };
    place = mine;
    return () => {
      if (place === mine) place = null;
    };
  }, [view, kind, id, reference]);
}

/** A scan a field of the view took, merged or refused, with what the clerk was told. */
export function journalFieldScan(scan: Scan, verdict: 'accepted' | 'merged' | 'refused', reason: string | null): void {
  if (!place) return;
  enqueue(scan, place.view, verdict === 'accepted' ? 'taken' : verdict, reason, place.record);
}

/**
 * A scan outside a field: what it opened (its record when it is a return, an order or a receipt,
 * wherever it was made), or that it found several, none, or could not be looked up.
 */
export function journalRoutedScan(
  scan: Scan,
  result: Extract<ScanResult, 'opened' | 'found' | 'several' | 'none' | 'failed'>,
  reason: string | null,
  href: string | null = null,
): void {
  const opened = href ? recordOfHref(href) : null;
  if (!place && !opened) return;
  enqueue(scan, place?.view ?? 'other', result, reason, opened ?? place?.record ?? null);
}

const RECORD_ADDRESSES: ReadonlyArray<[RegExp, JournalRecordKind]> = [
  [/^#\/receiving\/(\d+)(?:[?/]|$)/, 'receiving'],
  [/^#\/returns\/(\d+)(?:[?/]|$)/, 'return'],
  [/^#\/unidentified\/(\d+)(?:[?/]|$)/, 'receipt'],
];

/** The record a candidate's address names, as the journal keys it; null for any other kind (an item, a lot). */
export function recordOfHref(href: string): JournalRecordRef | null {
  for (const [pattern, kind] of RECORD_ADDRESSES) {
    const m = pattern.exec(href);
    if (m) return { kind, id: m[1]!, reference: null };
  }
  return null;
}

function enqueue(scan: Scan, view: ScanView, result: ScanResult, reason: string | null, record: JournalRecordRef | null): void {
  const code = visibleControls(scan.text.replace(/[\r\n]+$/, '')).slice(0, 500);
  if (!code) return;
  queued.push({ view, code, result, reason: reason === null ? null : reason.slice(0, 500), record });
  timer ??= setTimeout(send, SEND_AFTER_MS);
}

function send(): void {
  timer = null;
  while (queued.length > 0) {
    const scans = queued.slice(0, MOST_IN_ONE_SEND);
    queued = queued.slice(MOST_IN_ONE_SEND);
    call('journal.scans', { scans }).catch((error: unknown) => console.warn(`The desk's journal did not record ${countOf(scans.length, 'scan')}:`, error));
  }
}

// The window closing sends what is queued rather than wait for the timer it will not see.
if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () => {
    if (timer !== null) clearTimeout(timer);
    send();
  });
