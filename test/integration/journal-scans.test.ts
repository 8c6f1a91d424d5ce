import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNAL_DIR, JOURNAL_FILE, readChain } from '../../areas/journal/core/index.js';
import type { ScanOutcome } from '../../areas/journal/common/entry.js';
import type { ReturnDraft } from '../../shared/schemas/return-draft.js';
import { deskOn, StoppableService, value, type TestCore } from '../support/returns-desk.js';

/**
 * Scans' outcomes as the page tells them (`journal.scans`), through a real core against the
 * standalone emulator: each lands in the journal, chained and stamped like the desk's writes, under
 * the record it concerns, so the return's and the order's pages find it; a malformed outcome is
 * refused whole and nothing of it is recorded.
 */
let service: StoppableService;
let t: TestCore;
let centerId: number;
let plain: { inventoryId: number; sku: string };

beforeAll(async () => {
  service = await StoppableService.start();
  const inventory = await service.emulator!.control.data('inventory');
  const item = inventory.find((i) => !i.is_digital && !i.is_bundle && !i.is_lot && i.is_active)!;
  plain = { inventoryId: item.inventory_id, sku: item.sku };
  centerId = (await service.emulator!.control.data('fulfillmentCenters'))[0]!.id;
  t = await deskOn(service);
}, 60_000);
afterAll(async () => {
  await t?.dispose().catch(() => {});
  await service.down();
});

const EVER = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

describe('scans told to the journal', () => {
  it('keeps each outcome under its return or order, with the desk and the environment, read back by the record pages', async () => {
    // A return at the intake: its draft's reference is what the scans are kept under until it is sent.
    const draft = value<'drafts.save'>(
      await t.core.dispatch('drafts.save', {
        kind: 'return-intake',
        value: { trackingNumber: '1Z999AA10123456784', fulfillmentCenter: { id: centerId, name: null }, lines: [{ ...plain, quantity: 1 }] },
      }),
    );
    const reference = (draft.value as ReturnDraft).referenceId;
    const order = (await service.emulator!.control.data('receivingOrders'))[0]!;
    const scans: ScanOutcome[] = [
      { view: 'returns.intake', code: plain.sku, result: 'taken', reason: `Line 1: ${plain.sku}`, record: { kind: 'return', id: reference, reference } },
      {
        view: 'returns.intake',
        code: 'NO-SUCH-CODE',
        result: 'refused',
        reason: 'No item has the code NO-SUCH-CODE.',
        record: { kind: 'return', id: reference, reference },
      },
      {
        view: 'other',
        code: String(order.id),
        result: 'opened',
        reason: `WRO ${order.id}`,
        record: { kind: 'receiving', id: String(order.id), reference: null },
      },
    ];
    const before = t.events.filter((e) => e.event === 'journal.recorded').length;
    expect(value<'journal.scans'>(await t.core.dispatch('journal.scans', { scans }))).toEqual({ recorded: 3 });

    const atIntake = value<'journal.forRecord'>(await t.core.dispatch('journal.forRecord', { kind: 'return', id: reference })).entries;
    expect(atIntake.map((e) => [e.what.kind, e.what.details.code, e.what.details.result, e.what.details.view])).toEqual([
      ['scan.outcome', 'NO-SUCH-CODE', 'refused', 'returns.intake'],
      ['scan.outcome', plain.sku, 'taken', 'returns.intake'],
    ]);
    expect(atIntake[0]!.what.details.reason).toBe('No item has the code NO-SUCH-CODE.');
    expect(atIntake[0]).toMatchObject({ environment: expect.stringMatching(/./), clerk: null, answer: null, desk: { id: expect.stringMatching(/./) } });
    const atOrder = value<'journal.forRecord'>(await t.core.dispatch('journal.forRecord', { kind: 'receiving', id: String(order.id) })).entries;
    expect(atOrder.map((e) => [e.what.details.code, e.what.details.result])).toEqual([[String(order.id), 'opened']]);
    // Each record is said once, however many of its scans came in the call.
    const said = t.events.slice(before).filter((e) => e.event === 'journal.recorded');
    expect(said.map((e) => e.payload)).toEqual([
      { record: { kind: 'return', id: reference, reference } },
      { record: { kind: 'receiving', id: String(order.id), reference: null } },
    ]);

    // The journal's file holds them chained after the desk's other entries, whole when read again.
    const read = readChain(await readFile(join(t.dataDir, JOURNAL_DIR, JOURNAL_FILE)), null);
    expect(read.found).toEqual([]);
    expect(read.entries.slice(-3).map((e) => e.what.details.code)).toEqual([plain.sku, 'NO-SUCH-CODE', String(order.id)]);
  });

  it('refuses an outcome that is not one (no code, a view it does not know) and records nothing of the call', async () => {
    const before = value<'journal.range'>(await t.core.dispatch('journal.range', EVER)).entries.length;
    const good = { view: 'returns.intake', code: 'A1', result: 'taken', reason: null, record: null };
    expect(await t.core.dispatch('journal.scans', { scans: [good, { ...good, code: '' }] })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await t.core.dispatch('journal.scans', { scans: [{ ...good, view: 'settings' }] })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await t.core.dispatch('journal.scans', { scans: [] })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(value<'journal.range'>(await t.core.dispatch('journal.range', EVER)).entries).toHaveLength(before);
  });
});
