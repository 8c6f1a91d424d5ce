import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishOfSaid } from '../../electron/core/words.js';
import { JOURNAL_DIR, JOURNAL_FILE } from '../../areas/journal/core/index.js';
import type { JournalEntry } from '../../areas/journal/common/entry.js';
import type { ReturnDraft } from '../../shared/schemas/return-draft.js';
import { emptyWroForm, emptyWroItem } from '../../shared/schemas/wro-form.js';
import { createTestCore, type TestCore } from '../support/test-core.js';
import { deskOn, returnableStock, StoppableService, value, waitForEntry } from '../support/returns-desk.js';

/**
 * The desk's journal through a real core against the standalone emulator: returns and receiving
 * orders written through the core are in the journal with the service's answer; an entry edited or
 * removed in the file is found and said when the desk starts again; a desk killed (SIGKILL) while
 * appending loses no entry whose append had resolved.
 */
let service: StoppableService;
const cores: TestCore[] = [];
const folders: string[] = [];
let plain: { id: number; sku: string }[] = [];
let digital: { id: number; sku: string };
let centerId: number;

beforeAll(async () => {
  service = await StoppableService.start();
  ({ plain, digital, centerId } = await returnableStock(service, 2));
}, 60_000);
afterAll(async () => {
  for (const t of cores) await t.dispose().catch(() => {});
  for (const d of folders) await rm(d, { recursive: true, force: true });
  await service.down();
});

async function desk(dataDir?: string): Promise<TestCore> {
  const t = await deskOn(service, dataDir);
  cores.push(t);
  return t;
}

async function folder(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'dockdesk-journal-'));
  folders.push(d);
  return d;
}

const EVER = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };
const journalFile = (dataDir: string) => join(dataDir, JOURNAL_DIR, JOURNAL_FILE);

async function submitReturn(t: TestCore, lines: { inventoryId: number; sku: string; quantity: number }[]): Promise<ReturnDraft> {
  const record = value<'drafts.save'>(
    await t.core.dispatch('drafts.save', {
      kind: 'return-intake',
      value: { trackingNumber: `1Z${Math.random().toString().slice(2, 14)}`, fulfillmentCenter: { id: centerId, name: null }, lines },
    }),
  );
  value(await t.core.dispatch('returns.submit', { draftId: record.id }));
  return record.value as ReturnDraft;
}

/** A datetime-local value (the clerk's local time) this many hours from now. */
function localIn(hours: number): string {
  const d = new Date(Date.now() + hours * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

describe('the journal of a desk', () => {
  let recorded: string;

  it('records returns sent, refused and cancelled, and receiving orders created and cancelled, with the service’s answer', async () => {
    const dataDir = await folder();
    const t = await desk(dataDir);
    expect(value<'journal.state'>(await t.core.dispatch('journal.state', {}))).toEqual({ ok: true });
    expect(t.events.find((e) => e.event === 'journal.state')?.payload).toEqual({ ok: true });

    // A return the service takes: created, with its id.
    const sentDraft = await submitReturn(t, [{ inventoryId: plain[0]!.id, sku: plain[0]!.sku, quantity: 2 }]);
    const sent = await waitForEntry(t, (e) => e.referenceId === sentDraft.referenceId && e.state === 'sent');
    const onService = await service.returnsWithReference(sentDraft.referenceId);
    expect(onService.map((r) => r.id)).toEqual([sent.returnId]);
    const created = value<'journal.forRecord'>(await t.core.dispatch('journal.forRecord', { kind: 'return', id: String(sent.returnId) })).entries;
    expect(created).toMatchObject([
      {
        what: {
          kind: 'return.created',
          record: { kind: 'return', id: String(sent.returnId), reference: sentDraft.referenceId },
          details: { lines: 1, units: 2 },
        },
        answer: { status: 'done', id: String(sent.returnId), said: null },
        clerk: null,
        desk: { id: expect.any(String), name: expect.any(String) },
      },
    ]);

    // A return the service refuses (a digital item): refused, in the service's words.
    const refusedDraft = await submitReturn(t, [
      { inventoryId: plain[1]!.id, sku: plain[1]!.sku, quantity: 1 },
      { inventoryId: digital.id, sku: digital.sku, quantity: 1 },
    ]);
    await t.waitForEvent('outbox.returned', (p) => p.referenceId === refusedDraft.referenceId, 20_000);
    expect(await service.returnsWithReference(refusedDraft.referenceId)).toEqual([]);
    const refused = value<'journal.forRecord'>(await t.core.dispatch('journal.forRecord', { kind: 'return', id: refusedDraft.referenceId })).entries;
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ what: { kind: 'return.created' }, answer: { status: 'refused', id: null } });
    expect(refused[0]!.answer!.said![0]).toEqual({ id: 'errors.api.validation' });
    expect(englishOfSaid(refused[0]!.answer!.said!)).toMatch(/refused the input.*digital item/s);

    // The first return cancelled: its history, newest first.
    value(await t.core.dispatch('returns.cancel', { id: sent.returnId! }));
    expect((await service.returnsWithReference(sentDraft.referenceId))[0]!.status).toBe('Cancelled');
    const history = value<'journal.forRecord'>(await t.core.dispatch('journal.forRecord', { kind: 'return', id: sentDraft.referenceId })).entries;
    expect(history.map((e) => [e.what.kind, e.answer?.status])).toEqual([
      ['return.cancelled', 'done'],
      ['return.created', 'done'],
    ]);

    // A receiving order created and cancelled through the core.
    const form = emptyWroForm();
    form.fulfillment_center.id = centerId;
    form.expected_arrival_date = localIn(48);
    form.purchase_order_number = `PO-J${Date.now()}`;
    form.boxes = [
      { tracking_number: '1ZJOURNAL1', box_items: [{ ...emptyWroItem(), code: plain[0]!.sku, inventory_id: plain[0]!.id, sku: plain[0]!.sku, quantity: 4 }] },
    ];
    const { order } = value<'receiving.create'>(await t.core.dispatch('receiving.create', { draftId: 'draft-journal-01', form }));
    value(await t.core.dispatch('receiving.cancel', { id: order.id }));
    const orderHistory = value<'journal.forRecord'>(await t.core.dispatch('journal.forRecord', { kind: 'receiving', id: String(order.id) })).entries;
    expect(orderHistory.map((e) => [e.what.kind, e.answer])).toEqual([
      ['receiving.cancelled', { status: 'done', id: String(order.id), said: null }],
      ['receiving.created', { status: 'done', id: String(order.id), said: null }],
    ]);
    expect(orderHistory[1]!.what.details).toMatchObject({ boxes: 1, units: 4, fulfillmentCenter: centerId, foundOnService: false });

    // The shift's entries, oldest first, chained one to the next.
    const all = value<'journal.range'>(await t.core.dispatch('journal.range', EVER)).entries;
    expect(all.map((e) => e.what.kind)).toEqual(['return.created', 'return.created', 'return.cancelled', 'receiving.created', 'receiving.cancelled']);
    expect(all.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    for (let i = 1; i < all.length; i++) expect(all[i]!.prev).toBe(all[i - 1]!.hash);
    await t.dispose(false);
    cores.splice(cores.indexOf(t), 1);
    recorded = dataDir;
  }, 90_000);

  it('records a lot excluded, excluded again (refused), its exclusion deleted, a receipt linked to an order, and item labels printed', async () => {
    const t = await desk();
    const taken = new Set((await service.emulator!.control.data('lotExclusions')).map((e) => `${e.inventory_id}:${e.lot_number}`));
    const item = (await service.emulator!.control.data('inventory')).find(
      (i) => i.is_lot && i.lots.some((l) => !taken.has(`${i.inventory_id}:${l.lot_number}`)),
    )!;
    const lotNumber = item.lots.find((l) => !taken.has(`${item.inventory_id}:${l.lot_number}`))!.lot_number;
    const target = { inventoryId: item.inventory_id, lotNumber };
    value(await t.core.dispatch('lotExclusion.exclude', target));
    expect(await t.core.dispatch('lotExclusion.exclude', target)).toMatchObject({ ok: false, error: { code: 'conflict' } });
    value(await t.core.dispatch('lotExclusion.delete', target));
    const lot = value<'journal.forRecord'>(await t.core.dispatch('journal.forRecord', { kind: 'lot', id: `${item.inventory_id}:${lotNumber}` })).entries;
    expect(lot.map((e) => [e.what.kind, e.answer?.status])).toEqual([
      ['lot.restored', 'done'],
      ['lot.excluded', 'refused'],
      ['lot.excluded', 'done'],
    ]);
    expect(lot[1]!.answer!.said![0]).toMatchObject({ id: 'errors.lots.alreadyExcluded' });
    expect(lot[2]!.what.details).toMatchObject({ action: 'exclude', inventoryId: item.inventory_id, lotNumber });

    // A receipt without an order, linked to an open one.
    const receipt = value<'unidentified.list'>(await t.core.dispatch('unidentified.list', { tab: 'unlinked', page: 1 })).items[0]!;
    const form = emptyWroForm();
    form.fulfillment_center.id = centerId;
    form.expected_arrival_date = localIn(48);
    form.boxes = [
      { tracking_number: '1ZJOURNAL2', box_items: [{ ...emptyWroItem(), code: plain[0]!.sku, inventory_id: plain[0]!.id, sku: plain[0]!.sku, quantity: 1 }] },
    ];
    const { order } = value<'receiving.create'>(await t.core.dispatch('receiving.create', { draftId: 'draft-journal-02', form }));
    value(await t.core.dispatch('unidentified.link', { id: receipt.id, wroId: order.id }));
    const linked = value<'journal.forRecord'>(await t.core.dispatch('journal.forRecord', { kind: 'receipt', id: String(receipt.id) })).entries;
    expect(linked).toMatchObject([{ what: { kind: 'receipt.linked', details: { wroId: order.id } }, answer: { status: 'done', id: String(receipt.id) } }]);
    // An order created with no purchase order number is named by its id once the service answers.
    expect(value<'journal.forRecord'>(await t.core.dispatch('journal.forRecord', { kind: 'receiving', id: String(order.id) })).entries).toHaveLength(1);

    // Item labels printed on the desk's label printer (the emulator's), under the item; a test print is no record's.
    const printer = value<'printing.emulatedPrinter'>(await t.core.dispatch('printing.emulatedPrinter', {}))!;
    const settings = value<'printing.profiles.save'>(
      await t.core.dispatch('printing.profiles.save', { name: 'Dock Zebra', kind: 'network-label', host: printer.host, port: printer.port }),
    );
    const printerId = settings.profiles.find((p) => p.name === 'Dock Zebra')!.id;
    value(await t.core.dispatch('printing.testPrint', { printerId }));
    const job = value<'printing.itemLabel.print'>(
      await t.core.dispatch('printing.itemLabel.print', { printerId, label: { sku: plain[0]!.sku, name: 'Returned item', copies: 2 } }),
    );
    expect(job.state).toBe('printed');
    const labels = value<'journal.forRecord'>(await t.core.dispatch('journal.forRecord', { kind: 'item', id: plain[0]!.sku })).entries;
    expect(labels).toMatchObject([
      { what: { kind: 'labels.printed', details: { printer: 'Dock Zebra', state: 'printed', title: 'printlabel.job.itemLabels' } }, answer: null },
    ]);
    const all = value<'journal.range'>(await t.core.dispatch('journal.range', EVER)).entries;
    expect(all.filter((e) => e.what.kind === 'labels.printed')).toHaveLength(1);
  }, 60_000);

  it('an entry edited in the file is found and said when the desk starts again, and the desk goes on recording', async () => {
    const dataDir = await folder();
    await cp(recorded, dataDir, { recursive: true });
    const text = await readFile(journalFile(dataDir), 'utf8');
    const lines = text.trimEnd().split('\n');
    // The order's units changed after the fact.
    lines[3] = lines[3]!.replace('"units":4', '"units":40');
    expect(lines[3]).toContain('"units":40');
    await writeFile(journalFile(dataDir), `${lines.join('\n')}\n`);

    const t = await createTestCore({ dataDir });
    cores.push(t);
    const state = value<'journal.state'>(await t.core.dispatch('journal.state', {}));
    expect(state).toMatchObject({ ok: false, seq: 4, how: 'changed' });
    expect(t.events.find((e) => e.event === 'journal.state')?.payload).toEqual(state);
    if (state.ok) throw new Error('unreachable');
    expect(englishOfSaid(state.said)).toBe(
      "The journal of this desk was altered: entry 4 is not as it was written. The desk goes on recording; the journal's file is kept as it was found.",
    );
    // The old lines are left exactly as found; the break is recorded after them.
    const after = await readFile(journalFile(dataDir), 'utf8');
    expect(after.startsWith(`${lines.join('\n')}\n`)).toBe(true);
    const entries = value<'journal.range'>(await t.core.dispatch('journal.range', EVER)).entries;
    expect(entries.at(-1)).toMatchObject({ seq: 6, what: { kind: 'journal.break', details: { seq: 4, how: 'changed' } } });
  }, 60_000);

  it('an entry removed from the file, or the last ones cut off, is found and said when the desk starts again', async () => {
    const middle = await folder();
    await cp(recorded, middle, { recursive: true });
    const lines = (await readFile(journalFile(middle), 'utf8')).trimEnd().split('\n');
    await writeFile(journalFile(middle), `${lines.filter((_, i) => i !== 1).join('\n')}\n`);
    const t = await createTestCore({ dataDir: middle });
    cores.push(t);
    const state = value<'journal.state'>(await t.core.dispatch('journal.state', {}));
    expect(state).toMatchObject({
      ok: false,
      seq: 2,
      how: 'removed',
      said: [{ id: 'journal.state.removed', values: { seq: 2 } }, { id: 'journal.state.goesOn' }],
    });

    // The last two entries cut off: the chain left is whole, the checkpoint beside it says more was written.
    const tail = await folder();
    await cp(recorded, tail, { recursive: true });
    await writeFile(journalFile(tail), `${lines.slice(0, 3).join('\n')}\n`);
    const u = await createTestCore({ dataDir: tail });
    cores.push(u);
    expect(value<'journal.state'>(await u.core.dispatch('journal.state', {}))).toMatchObject({ ok: false, seq: 4, how: 'removed' });
  }, 60_000);

  it('a journal that cannot be opened is said, and the desk still sends what the clerk does', async () => {
    const dataDir = await folder();
    // Something in the journal's place that is no file: it cannot be read or appended to.
    await mkdir(journalFile(dataDir), { recursive: true });
    const t = await desk(dataDir);
    const state = value<'journal.state'>(await t.core.dispatch('journal.state', {}));
    expect(state).toEqual({ ok: false, seq: null, how: 'unavailable', said: [{ id: 'journal.state.unavailable' }] });
    expect(englishOfSaid(state.ok ? [] : state.said)).toBe('The journal of this desk cannot be opened: what the desk does is not recorded until it can be.');
    const draft = await submitReturn(t, [{ inventoryId: plain[0]!.id, sku: plain[0]!.sku, quantity: 1 }]);
    await waitForEntry(t, (e) => e.referenceId === draft.referenceId && e.state === 'sent');
    expect(await service.returnsWithReference(draft.referenceId)).toHaveLength(1);
    expect(t.logs.filter((l) => l.startsWith('journal: '))).toEqual([
      expect.stringMatching(/^journal: it could not be opened, and nothing is recorded this run: EISDIR/),
      'journal: return.created was not recorded: the journal could not be opened',
    ]);
  }, 60_000);

  it('a desk killed while appending loses no entry whose append resolved, and its chain checks', async () => {
    const dataDir = await folder();
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/support/journal-process.ts', dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const appended = new Map<number, string>();
    try {
      const lines = createInterface({ input: child.stdout! });
      await new Promise<void>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`the journal process ended early (${code})`)));
        lines.on('line', (line) => {
          const m = /^appended (\d+) ([0-9a-f]{64})$/.exec(line);
          if (m) appended.set(Number(m[1]), m[2]!);
          // Killed in the middle of its appends, some of them under way.
          if (appended.size >= 300) resolve();
        });
      });
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    expect(appended.size).toBeGreaterThanOrEqual(300);

    const t = await createTestCore({ dataDir });
    cores.push(t);
    expect(value<'journal.state'>(await t.core.dispatch('journal.state', {}))).toEqual({ ok: true });
    const entries: JournalEntry[] = value<'journal.range'>(await t.core.dispatch('journal.range', EVER)).entries;
    const bySeq = new Map(entries.map((e) => [e.seq, e.hash]));
    const missing = [...appended].filter(([seq, hash]) => bySeq.get(seq) !== hash);
    expect(missing).toEqual([]);
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
    expect(t.logs.filter((l) => /journal: broken/.test(l))).toEqual([]);
  }, 90_000);
});
