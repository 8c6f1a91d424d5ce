import type { JournalEntry } from './entry.js';

/**
 * One record's entries from one desk or several, as a page and the claim pack list them: newest
 * first, each entry once (a desk and its sequence number name one). A desk's own entries keep its
 * journal's order (by sequence number, whatever its clock did); the desks' lists are interleaved by
 * time, since no order spans desks but their clocks.
 */
export function newestFirst(entries: readonly JournalEntry[]): JournalEntry[] {
  const byDesk = new Map<string, Map<number, JournalEntry>>();
  for (const entry of entries) {
    let desk = byDesk.get(entry.desk.id);
    if (!desk) byDesk.set(entry.desk.id, (desk = new Map<number, JournalEntry>()));
    if (!desk.has(entry.seq)) desk.set(entry.seq, entry);
  }
  const lists = [...byDesk.values()].map((desk) => [...desk.values()].sort((a, b) => b.seq - a.seq));
  const at = lists.map(() => 0);
  const out: JournalEntry[] = [];
  for (;;) {
    let pick = -1;
    for (let i = 0; i < lists.length; i++) {
      const head = lists[i]![at[i]!];
      if (head && (pick < 0 || Date.parse(head.at) > Date.parse(lists[pick]![at[pick]!]!.at))) pick = i;
    }
    if (pick < 0) return out;
    out.push(lists[pick]![at[pick]!]!);
    at[pick] = at[pick]! + 1;
  }
}
