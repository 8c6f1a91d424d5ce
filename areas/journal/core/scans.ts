import type { JournalInput, JournalRecordRef, ScanOutcome } from '../common/entry.js';
import type { JournalService } from './service.js';

/** A scan's outcome as the journal keeps it: no service was asked, so there is no answer. */
export function scanEntry(scan: ScanOutcome): JournalInput {
  return {
    what: { kind: 'scan.outcome', record: scan.record, details: { view: scan.view, code: scan.code, result: scan.result, reason: scan.reason } },
    answer: null,
  };
}

/**
 * Records a page's scans at once: appends asked for together share one write and one fdatasync
 * (journal.ts), so a shift's thousands of scans cost a few syncs a second at most. Each record the
 * scans named is said once (`recorded`), not once per scan, so a page showing it reads it once.
 */
export async function recordScans(
  service: JournalService,
  scans: readonly ScanOutcome[],
  recorded: (record: JournalRecordRef | null) => void,
): Promise<{ recorded: number }> {
  const entries = await Promise.all(scans.map((scan) => service.record(scanEntry(scan))));
  const said = new Set<string>();
  for (const entry of entries) {
    if (!entry) continue;
    const record = entry.what.record;
    const key = record ? `${record.kind}\n${record.id}` : '';
    if (said.has(key)) continue;
    said.add(key);
    recorded(record);
  }
  return { recorded: entries.filter((e) => e !== null).length };
}
