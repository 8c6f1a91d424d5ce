import { describe, expect, it } from 'vitest';
import type { JournalEntry, JournalWhat } from '../../areas/journal/common/entry.js';
import { tallyRows, tallyShift } from '../../areas/shift/common/report.js';

const ZERO = '0'.repeat(64);
let seq = 0;
function entry(
  what: Partial<JournalWhat> & Pick<JournalWhat, 'kind'>,
  options: { clerk?: string | null; status?: 'done' | 'refused' | 'none'; environment?: string } = {},
): JournalEntry {
  seq += 1;
  const clerk = options.clerk === undefined ? 'ana' : options.clerk;
  return {
    seq,
    at: new Date(Date.UTC(2026, 10, 29, 8, seq)).toISOString(),
    environment: options.environment ?? 'local',
    clerk: clerk === null ? null : { id: clerk, name: clerk.toUpperCase() },
    desk: { id: 'd', name: 'Dock 1' },
    what: { record: null, details: {}, ...what },
    answer: { status: options.status ?? 'done', id: null, said: null },
    prev: ZERO,
    hash: ZERO,
  };
}
const ret = (id: string, units: number, unitsByAction: Record<string, number>) => ({
  kind: 'return.created' as const,
  record: { kind: 'return' as const, id, reference: `REF-${id}` },
  details: { lines: 1, units, unitsByAction },
});

describe('the end-of-shift tally', () => {
  it('counts each clerk’s work in the order they first worked, and all of it together', () => {
    const { clerks, total } = tallyShift(
      [
        entry(ret('1', 3, { Restock: 2, Quarantine: 1 }), { clerk: 'bo' }),
        entry(ret('2', 4, { Dispose: 4 }), { clerk: 'ana' }),
        entry({ kind: 'receiving.created', record: { kind: 'receiving', id: '77', reference: null }, details: { boxes: 2, units: 12 } }, { clerk: 'ana' }),
        entry(ret('3', 1, { Restock: 1 }), { clerk: null }),
        entry({ kind: 'lot.excluded' }, { clerk: 'bo' }),
      ],
      'local',
    );
    expect(clerks.map((c) => c.clerk?.name ?? null)).toEqual(['BO', 'ANA', null]);
    expect(clerks[0]!.tally).toMatchObject({ returnsCreated: 1, returnUnits: 3, returnUnitsByAction: { Restock: 2, Quarantine: 1 }, lotsExcluded: 1 });
    expect(clerks[1]!.tally).toMatchObject({ returnsCreated: 1, returnUnits: 4, receivingCreated: 1, receivingBoxes: 2, receivingUnits: 12 });
    expect(total).toMatchObject({
      returnsCreated: 3,
      returnUnits: 8,
      returnUnitsByAction: { Restock: 3, Quarantine: 1, Dispose: 4 },
      receivingCreated: 1,
      lotsExcluded: 1,
    });
  });

  it('counts a refusal as refused, not as work done, and a return recorded twice (a crash between record and mark) once', () => {
    const { total } = tallyShift(
      [
        entry(ret('9', 2, { Restock: 2 })),
        entry(ret('9', 2, { Restock: 2 })),
        entry(ret('REF-x', 5, { Restock: 5 }), { status: 'refused' }),
        entry({ kind: 'receiving.created' }, { status: 'refused' }),
      ],
      'local',
    );
    expect(total).toMatchObject({ returnsCreated: 1, returnUnits: 2, refused: 2, receivingCreated: 0 });
  });

  it('leaves out another environment’s entries and the journal’s own break marks', () => {
    const { clerks, total } = tallyShift([entry(ret('5', 2, {}), { environment: 'production' }), entry({ kind: 'journal.break' })], 'local');
    expect(total.returnsCreated).toBe(0);
    expect(clerks).toHaveLength(1);
    expect(tallyRows(clerks[0]!.tally)).toEqual([
      { id: 'shift.returns.created', count: 0 },
      { id: 'shift.returns.units', count: 0 },
    ]);
  });

  it('counts scans at intake and receiving, and one the desk refused or found nothing for as a discrepancy found', () => {
    const scan = (view: string, result: string) => entry({ kind: 'scan.outcome', details: { view, code: 'X', result, reason: null } });
    const { total } = tallyShift(
      [
        scan('returns.intake', 'taken'),
        scan('returns.intake', 'merged'),
        scan('returns.intake', 'refused'),
        scan('receiving.order', 'none'),
        scan('receiving.create', 'taken'),
        // A scan that opened a record from another view is not one of the dock's scans.
        scan('other', 'opened'),
      ],
      'local',
    );
    expect(total).toMatchObject({ scans: 5, scansUnmatched: 2 });
  });

  it('lists units by action in the intake’s order, and one the desk does not know under the item’s preference', () => {
    const { total } = tallyShift([entry(ret('1', 6, { Dispose: 1, Mystery: 2, Restock: 3 }))], 'local');
    expect(tallyRows(total).filter((r) => r.id === 'shift.returns.unitsByAction')).toEqual([
      { id: 'shift.returns.unitsByAction', action: 'shift.action.Default', count: 2 },
      { id: 'shift.returns.unitsByAction', action: 'shift.action.Restock', count: 3 },
      { id: 'shift.returns.unitsByAction', action: 'shift.action.Dispose', count: 1 },
    ]);
  });
});
