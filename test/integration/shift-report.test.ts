import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyWroForm, emptyWroItem } from '../../shared/schemas/wro-form.js';
import { renderPdf } from '../support/pdf-render.js';
import { EmulatedLabelPrinter } from '../../emulator/label-printer.js';
import { zplFieldTexts } from '../support/zpl-text.js';
import { createTestCore, type TestCore } from '../support/test-core.js';
import { deskOn, returnableStock, StoppableService, value, waitForEntry } from '../support/returns-desk.js';

/**
 * The end-of-shift report through a real core against the standalone emulator: what it counts is
 * what the service holds of the shift's work (asked of the service itself, as any integration
 * would), it is made with the service away, it names what still waits in the outbox, and its PDF (read
 * back with pdf.js) says the same in the clerk's language with the handover note, which is kept on
 * disk through a restart until a report carries it into the journal.
 */
let service: StoppableService;
const cores: TestCore[] = [];
const folders: string[] = [];
let items: { id: number; sku: string }[] = [];
let digital: { id: number; sku: string };
let centerId: number;

beforeAll(async () => {
  service = await StoppableService.start();
  ({ plain: items, digital, centerId } = await returnableStock(service, 3));
}, 60_000);
afterAll(async () => {
  for (const t of cores) await t.dispose().catch(() => {});
  for (const d of folders) await rm(d, { recursive: true, force: true });
  await service.down();
});

async function desk(dataDir: string): Promise<TestCore> {
  const t = await deskOn(service, dataDir);
  cores.push(t);
  return t;
}

type Line = { inventoryId: number; sku: string; quantity: number; requestedAction: 'Default' | 'Restock' | 'Quarantine' | 'Dispose' };

async function submitReturn(t: TestCore, lines: Line[]): Promise<string> {
  const record = value<'drafts.save'>(
    await t.core.dispatch('drafts.save', {
      kind: 'return-intake',
      value: { trackingNumber: `1Z${Math.random().toString().slice(2, 14)}`, fulfillmentCenter: { id: centerId, name: null }, lines },
    }),
  );
  value(await t.core.dispatch('returns.submit', { draftId: record.id }));
  return (record.value as { referenceId: string }).referenceId;
}

function localIn(hours: number): string {
  const d = new Date(Date.now() + hours * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

describe('the end-of-shift report', () => {
  it('counts what the service holds of the shift’s work, and says it with the service away in a PDF with what still waits and the handover note', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-shift-'));
    folders.push(dataDir);
    const shift = { from: new Date(Date.now() - 60_000).toISOString(), to: '' };
    let t = await desk(dataDir);

    // Two returns the service takes, one it refuses (a digital item), one receiving order.
    const taken = [
      await submitReturn(t, [
        { inventoryId: items[0]!.id, sku: items[0]!.sku, quantity: 2, requestedAction: 'Restock' },
        { inventoryId: items[1]!.id, sku: items[1]!.sku, quantity: 1, requestedAction: 'Quarantine' },
      ]),
      await submitReturn(t, [{ inventoryId: items[2]!.id, sku: items[2]!.sku, quantity: 3, requestedAction: 'Dispose' }]),
    ];
    for (const ref of taken) await waitForEntry(t, (e) => e.referenceId === ref && e.state === 'sent');
    const refusedRef = await submitReturn(t, [{ inventoryId: digital.id, sku: digital.sku, quantity: 1, requestedAction: 'Default' }]);
    await t.waitForEvent('outbox.returned', (p) => p.referenceId === refusedRef, 20_000);
    const form = emptyWroForm();
    form.fulfillment_center.id = centerId;
    form.expected_arrival_date = localIn(48);
    form.purchase_order_number = `PO-SHIFT${Date.now()}`;
    form.boxes = [
      { tracking_number: '1ZSHIFT1', box_items: [{ ...emptyWroItem(), code: items[0]!.sku, inventory_id: items[0]!.id, sku: items[0]!.sku, quantity: 3 }] },
      { tracking_number: '1ZSHIFT2', box_items: [{ ...emptyWroItem(), code: items[1]!.sku, inventory_id: items[1]!.id, sku: items[1]!.sku, quantity: 4 }] },
    ];
    const { order } = value<'receiving.create'>(await t.core.dispatch('receiving.create', { draftId: 'draft-shift-01', form }));

    // What the service holds of them, asked as any integration would.
    const held = (await Promise.all(taken.map((ref) => service.returnsWithReference(ref)))).flat();
    expect(held).toHaveLength(2);
    const units = held.flatMap((r) => r.inventory).reduce((n, l) => n + l.quantity, 0);
    const byAction: Record<string, number> = {};
    for (const l of held.flatMap((r) => r.inventory)) byAction[l.action_requested.action] = (byAction[l.action_requested.action] ?? 0) + l.quantity;
    const wro = (await service.emulator!.control.data('receivingOrders')).find((o) => o.id === order.id)!;
    const wroUnits = wro.boxes.flatMap((b) => b.box_items).reduce((n, i) => n + i.quantity, 0);

    // A return kept in the outbox while the service is away.
    await service.down();
    const waitingRef = await submitReturn(t, [{ inventoryId: items[0]!.id, sku: items[0]!.sku, quantity: 5, requestedAction: 'Restock' }]);
    await waitForEntry(t, (e) => e.referenceId === waitingRef && e.state !== 'queued' && e.state !== 'sending');

    shift.to = new Date(Date.now() + 60_000).toISOString();
    const report = value<'shift.report'>(await t.core.dispatch('shift.report', shift));
    expect(report.clerks).toHaveLength(1);
    expect(report.clerks[0]!.clerk).toBeNull();
    expect(report.total).toMatchObject({
      returnsCreated: held.length,
      returnUnits: units,
      returnUnitsByAction: byAction,
      receivingCreated: 1,
      receivingBoxes: wro.boxes.length,
      receivingUnits: wroUnits,
      refused: 1,
    });
    expect(byAction).toEqual({ Restock: 2, Quarantine: 1, Dispose: 3 });
    expect(report.outbox).toEqual([expect.objectContaining({ referenceId: waitingRef, unitCount: 5, lineCount: 1 })]);
    expect(report.journalWhole).toBe(true);
    // A period that ends before it starts is said, not counted as empty.
    expect(await t.core.dispatch('shift.report', { from: shift.to, to: shift.from })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    // The PDF, made with the service still away: from the desk's own record, with no request to make.
    const note = 'Tür 3 klemmt. Łódź-Palette wartet auf Rückruf.';

    // The short summary on the desk's label printer (the emulator's, over raw TCP), offline too: the counts the report states.
    const labelPrinter = await EmulatedLabelPrinter.start({ port: 0 });
    try {
      expect(await t.core.dispatch('shift.label', { ...shift, note, locale: 'de-DE' })).toMatchObject({
        ok: false,
        error: { code: 'validation', said: { id: 'errors.printing.noLabelPrinter' } },
      });
      value<'printing.profiles.save'>(
        await t.core.dispatch('printing.profiles.save', {
          name: 'Bench Zebra',
          kind: 'network-label',
          host: '127.0.0.1',
          port: labelPrinter.port,
          size: '4x3',
        }),
      );
      const job = value<'shift.label'>(
        await t.core.dispatch('shift.label', { ...shift, note: `${note}\nZweite Zeile`, locale: 'de-DE', timeZone: 'Europe/Berlin' }),
      );
      expect(job).toMatchObject({ state: 'printed', printerName: 'Bench Zebra', what: 'End-of-shift summary' });
      const [received] = labelPrinter.jobs();
      expect(labelPrinter.jobs()).toHaveLength(1);
      expect(received!.zpl).toMatch(/\^PW812\s*\^LL609/);
      const lines = zplFieldTexts(received!.zpl);
      expect(lines[0]).toMatch(/^Schichtende: /);
      expect(lines).toEqual(
        expect.arrayContaining([
          'Alle Mitarbeiter',
          `Retouren angenommen: ${report.total.returnsCreated}`,
          `Retournierte Einheiten: ${units}`,
          'Retournierte Einheiten, Einlagern: 2',
          'Retournierte Einheiten, Quarantäne: 1',
          'Retournierte Einheiten, Entsorgen: 3',
          `Wareneingänge angelegt: ${report.total.receivingCreated}`,
          `Scans ohne Treffer (gefundene Abweichungen): ${report.total.scansUnmatched}`,
          `Noch im Postausgang: ${report.outbox.length}`,
          note,
          'Zweite Zeile',
        ]),
      );
      expect(report.outbox).toHaveLength(1);
      expect(lines.find((l) => l.includes(' bis '))).toMatch(/\d{4}.* bis .*\d{2}:\d{2}/);
    } finally {
      await labelPrinter.close();
    }
    value(await t.core.dispatch('shift.saveNote', { note }));
    expect(value<'shift.note'>(await t.core.dispatch('shift.note', {}))).toMatchObject({ note });
    const pdf = value<'shift.pdf'>(await t.core.dispatch('shift.pdf', { ...shift, note, locale: 'de-DE', timeZone: 'Europe/Berlin' }));
    const pages = await renderPdf(Buffer.from(pdf.base64, 'base64'), 72);
    const text = pages.flatMap((p) => p.lines).join('\n');
    expect(pdf.fileName).toMatch(/^end-of-shift-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pages[0]!.widthPt).toBeCloseTo(595.28, 0);
    expect(text).toContain('Schichtende');
    expect(text).toContain('Mitarbeiter: Kein Mitarbeiter');
    expect(text).toMatch(/Retouren angenommen\s+2\b/);
    expect(text).toMatch(new RegExp(`Retournierte Einheiten\\s+${units}\\b`));
    expect(text).toMatch(/Retournierte Einheiten, Entsorgen\s+3\b/);
    expect(text).toMatch(/Wareneingänge angelegt\s+1\b/);
    expect(text).toMatch(new RegExp(`Einheiten darauf\\s+${wroUnits}\\b`));
    expect(text).toMatch(/Vom Dienst abgelehnt\s+1\b/);
    expect(text).toContain(`Retoure ${waitingRef}`);
    expect(text).toContain(note);

    // The handover is in the journal, and the next shift's note starts empty.
    const entries = value<'journal.range'>(await t.core.dispatch('journal.range', shift)).entries;
    expect(entries.at(-1)!.what).toMatchObject({ kind: 'shift.reported', details: { note, returns: 2, receivingOrders: 1 } });
    expect(value<'shift.note'>(await t.core.dispatch('shift.note', {})).note).toBe('');

    // A note being written survives the desk closing; the journal's counts are the same after it.
    value(await t.core.dispatch('shift.saveNote', { note: 'Scanner 2 lädt nicht.' }));
    await t.dispose(false);
    cores.splice(cores.indexOf(t), 1);
    t = await createTestCore({ dataDir });
    cores.push(t);
    expect(value<'shift.note'>(await t.core.dispatch('shift.note', {})).note).toBe('Scanner 2 lädt nicht.');
    expect(value<'shift.report'>(await t.core.dispatch('shift.report', shift)).total).toEqual(report.total);
  }, 120_000);
});
