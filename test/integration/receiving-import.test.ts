import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc/contract.js';
import { IMPORT_LINES_MAX, IMPORT_TEXT_MAX } from '../../shared/ipc/receiving.js';
import { emptyWroForm } from '../../shared/schemas/wro-form.js';
import { bestRun, watchDesk } from '../support/desk-watch.js';
import { EmulatorClient } from '../support/emulator-client.js';
import { createTestCore, emulatorControl, signIn } from '../support/test-core.js';

/**
 * A supplier's spreadsheet through the real core: read and checked in main against the item cache the
 * sync filled from the real emulator, then created as an ordinary receiving order whose boxes are read
 * back from the emulator over HTTP, as the warehouse would see them.
 */
let t: Awaited<ReturnType<typeof createTestCore>>;
let api: EmulatorClient;
type Inv = { inventory_id: number; sku: string; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean; is_active: boolean } };
let plain: Inv[];
let lot: Inv;
let fcId: number;

async function ok<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await t.core.dispatch(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}

function checkInput(text: string, more: Partial<ChannelInput<'receiving.importCheck'>> = {}): ChannelInput<'receiving.importCheck'> {
  return {
    fileName: 'asn.csv',
    text,
    localeDayOrder: 'dmy',
    edits: [],
    dropped: [],
    defaults: { centerId: fcId, package_type: 'Package', box_packaging_type: 'MultipleSkuPerBox', expected_arrival_date: '', purchase_order_number: '' },
    centers: [],
    want: 'lines',
    ...more,
  };
}

beforeAll(async () => {
  t = await createTestCore();
  await signIn(t);
  const pat = (await emulatorControl(t, 'POST', '/pats', { name: 'receiving-import' })) as { token: string };
  api = new EmulatorClient(t.core.emulator.url, pat.token);
  const { items } = await api.get<{ items: Inv[] }>('/2026-07/inventory?PageSize=500');
  const usable = items.filter((i) => !i.variant.is_bundle && !i.variant.is_digital && i.variant.is_active && i.sku && !i.sku.includes(';'));
  plain = usable.filter((i) => !i.is_lot).slice(0, 40);
  lot = usable.find((i) => i.is_lot)!;
  fcId = (await ok('receiving.fulfillmentCenters', {}))[0]!.id;
  // The rows are resolved against the item cache: the first sync must have ended.
  await t.inventorySyncsEnded(1, 120_000);
}, 180_000);
afterAll(async () => t?.dispose());

describe('a receiving order from a spreadsheet', () => {
  it('a file as a spreadsheet saves it (BOM, semicolons, quotes, CRLF, other headings) becomes an order with the same boxes, lines, lots and expiry', async () => {
    const [a, b] = plain;
    const rows = [
      'Item;Qty;Carton;Tracking;Batch;Best before',
      `${a!.sku};12;1;1ZIMPORT0001;;`,
      `"${lot.sku}";4;1;1ZIMPORT0001;"L;7";30/06/2027`,
      `${b!.sku};"3";2;1ZIMPORT0002;;`,
    ];
    const text = `\ufeff${rows.join('\r\n')}\r\n`;
    const checked = await ok('receiving.importCheck', checkInput(text));
    expect(checked.problems).toEqual([]);
    expect(checked).toMatchObject({ separator: ';', bom: true, summary: { lines: 3, boxes: 2 } });

    const po = `PO-IMPORT-${Date.now()}`;
    const form = { ...emptyWroForm(), fulfillment_center: { id: fcId }, purchase_order_number: po, boxes: checked.boxes! };
    const inTwoDays = new Date(Date.now() + 48 * 3600_000);
    const p = (n: number) => String(n).padStart(2, '0');
    form.expected_arrival_date = `${inTwoDays.getFullYear()}-${p(inTwoDays.getMonth() + 1)}-${p(inTwoDays.getDate())}T10:00`;
    const { order } = await ok('receiving.create', { draftId: `import-${Date.now()}`, form });

    const boxes = await api.get<
      { tracking_number: string | null; box_items: { inventory_id: number; quantity: number; lot_number: string | null; lot_date: string | null }[] }[]
    >(`/2026-07/receiving/${order.id}/boxes`);
    const seen = boxes.map((box) => ({
      tracking: box.tracking_number,
      items: box.box_items.map((i) => ({ id: i.inventory_id, quantity: i.quantity, lot: i.lot_number, expiry: i.lot_date?.slice(0, 10) ?? null })),
    }));
    expect(seen).toEqual([
      {
        tracking: '1ZIMPORT0001',
        items: [
          { id: a!.inventory_id, quantity: 12, lot: null, expiry: null },
          { id: lot.inventory_id, quantity: 4, lot: 'L;7', expiry: '2027-06-30' },
        ],
      },
      { tracking: '1ZIMPORT0002', items: [{ id: b!.inventory_id, quantity: 3, lot: null, expiry: null }] },
    ]);
  });

  it('names every problem by its row and column, and gives no lines while any is left', async () => {
    const [a] = plain;
    const rows = [
      'sku,quantity,box,lot,expiry',
      `NO-SUCH-ITEM-42,1,1,,`, // row 2: unknown item
      `${a!.sku},2.5,1,,`, // row 3: not a whole number
      `${lot.sku},1,1,L-1,someday`, // row 4: a date in no known form
      `${a!.sku},1,2,L-9,`, // row 5: a lot on an item without lots
      `${lot.sku},1,2,,`, // row 6: a lot item without a lot
      `${lot.sku},1,3,L-2,2027-01-01`, // rows 7, 8: the same item and lot twice in one box
      `${lot.sku},1,3,L-2,2027-01-01`,
    ];
    const checked = await ok('receiving.importCheck', checkInput(rows.join('\n')));
    expect(checked.boxes).toBeUndefined();
    const at = (row: number) => checked.problems.filter((p) => p.row === row);
    expect(at(2)).toMatchObject([{ column: 0, field: 'item' }]);
    expect(at(2)[0]!.message).toContain('NO-SUCH-ITEM-42');
    expect(at(3)).toMatchObject([{ column: 1, field: 'quantity' }]);
    expect(at(4)).toMatchObject([{ column: 4, field: 'expiry' }]);
    expect(at(5)).toMatchObject([{ column: 3, field: 'lot' }]);
    expect(at(6)).toMatchObject([{ column: 3, field: 'lot' }]);
    expect(at(8).length + at(7).length).toBeGreaterThan(0);
    expect(checked.problems.every((p) => p.message.length > 20)).toBe(true);

    // Dropping the wrong rows and fixing one in place leaves a file that gives lines.
    const fixed = await ok(
      'receiving.importCheck',
      checkInput(rows.join('\n'), { dropped: [2, 4, 5, 6, 8], edits: [{ row: 3, cells: [a!.sku, '3', '1', '', ''] }] }),
    );
    expect(fixed.problems).toEqual([]);
    expect(fixed.summary).toMatchObject({ lines: 2, boxes: 2 });
  });

  it('2,000 lines in 200 boxes are read and checked in one call', async () => {
    const rows = ['SKU,Qty,Box,Tracking'];
    for (let box = 1; box <= 200; box++)
      for (let line = 0; line < 10; line++) rows.push(`${plain[(box + line) % plain.length]!.sku},${line + 1},${box},1ZBIG${String(box).padStart(5, '0')}`);
    const started = performance.now();
    const checked = await ok('receiving.importCheck', checkInput(rows.join('\n'), { defaults: { ...checkInput('').defaults, package_type: 'Pallet' } }));
    const took = performance.now() - started;
    console.log(`2,000 lines in 200 boxes read and checked through the core in ${took.toFixed(0)} ms`);
    expect(checked.problems).toEqual([]);
    expect(checked.summary).toMatchObject({ lines: 2000, boxes: 200 });
    expect(checked.boxes).toHaveLength(200);
    expect(checked.boxes!.every((b) => b.box_items.length === 10)).toBe(true);
  });

  it('the largest order a file may give, and the largest file the call carries, are checked while the desk answers within 100 ms', async () => {
    // 5,000 lines (the most one order takes) of real items, filled out with a note to the largest text.
    const lines = ['SKU,Qty,Box,Tracking,Note'];
    const note = 'x'.repeat(Math.floor(IMPORT_TEXT_MAX / IMPORT_LINES_MAX) - 60);
    for (let i = 0; i < IMPORT_LINES_MAX; i++) {
      const box = Math.floor(i / plain.length) + 1;
      lines.push(`${plain[i % plain.length]!.sku},${(i % 9) + 1},${box},1ZFULL${String(box).padStart(5, '0')},${note}`);
    }
    const largest = lines.join('\n');
    expect(largest.length).toBeLessThanOrEqual(IMPORT_TEXT_MAX);
    // The most rows the text can hold (about 225,000 of "7,1", an item by a one-digit code): refused
    // whole, as more lines than an order takes.
    let most = 'SKU,Qty\n';
    most += '7,1\n'.repeat(Math.floor((IMPORT_TEXT_MAX - most.length) / 4));
    expect(most.length).toBeLessThanOrEqual(IMPORT_TEXT_MAX);
    const pallets = { defaults: { ...checkInput('').defaults, package_type: 'Pallet' as const } };
    // A desk that has checked files before: the first checks of a process run their code cold (the
    // answer's own check against the contract takes tens of ms more the first few times).
    for (const want of ['lines', 'preview', 'lines', 'preview'] as const)
      await ok('receiving.importCheck', checkInput(lines.slice(0, 1000).join('\n'), { ...pallets, want }));

    for (const [what, text, want] of [
      ['5,000 lines, for lines', largest, 'lines'],
      ['5,000 lines, previewed', largest, 'preview'],
      ['the most rows, previewed', most, 'preview'],
    ] as const) {
      const { checked, figures } = await bestRun(3, 100, async (attempt) => {
        const watch = await watchDesk(t.core);
        const started = performance.now();
        const checked = await ok('receiving.importCheck', checkInput(text, { ...pallets, want }));
        const took = performance.now() - started;
        const figures = await watch.stop();
        console.log(`${what}, run ${attempt} (${(text.length / 1000).toFixed(0)} kB) checked in ${took.toFixed(0)} ms;`, JSON.stringify(figures));
        return { checked, figures };
      });
      expect(figures.slowestCallMs, what).toBeLessThan(100);
      if (text === largest) {
        expect(checked.problems).toEqual([]);
        expect(checked.summary).toMatchObject({ lines: IMPORT_LINES_MAX, boxes: Math.ceil(IMPORT_LINES_MAX / plain.length) });
      } else {
        expect(checked.problems).toMatchObject([{ said: { id: 'receiving.import.check.tooManyLines' } }]);
        expect(checked.summary.lines).toBeGreaterThan(200_000);
        expect(checked.rows).toHaveLength(IMPORT_LINES_MAX);
      }
    }
  }, 240_000);
});
