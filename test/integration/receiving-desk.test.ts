import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc/contract.js';
import type { AppError } from '../../shared/errors.js';
import { emptyWroForm, emptyWroItem, type WroForm } from '../../shared/schemas/wro-form.js';
import { EmulatorClient } from '../support/emulator-client.js';
import { createTestCore, emulatorControl, signIn } from '../support/test-core.js';

/** The receiving desk's channels through the real core, against the real emulator over HTTP. */
const run = promisify(execFile);
let t: Awaited<ReturnType<typeof createTestCore>>;
let api: EmulatorClient;
type Inv = { inventory_id: number; sku: string; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean; is_active: boolean } };
let plain: Inv;
let lot: Inv;
let fcId: number;

async function ok<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await t.core.dispatch(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}
async function refused<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<AppError> {
  const r = await t.core.dispatch(channel, input);
  if (r.ok) throw new Error(`${channel} was accepted`);
  return r.error;
}
/** A datetime-local value (the clerk's local time) this many hours from now. */
function localIn(hours: number): string {
  const d = new Date(Date.now() + hours * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
function twoBoxForm(po: string): WroForm {
  const form = emptyWroForm();
  form.fulfillment_center.id = fcId;
  form.expected_arrival_date = localIn(48);
  form.purchase_order_number = po;
  form.boxes = [
    { tracking_number: `1Z${po}A`, box_items: [{ ...emptyWroItem(), code: plain.sku, inventory_id: plain.inventory_id, sku: plain.sku, quantity: 5 }] },
    {
      tracking_number: `1Z${po}B`,
      box_items: [{ ...emptyWroItem(), code: lot.sku, sku: lot.sku, is_lot: true, quantity: 3, lot_number: 'L-42', lot_date: '2027-03-01' }],
    },
  ];
  return form;
}
async function countByPo(po: string): Promise<number> {
  return (await api.get<unknown[]>(`/2026-07/receiving?PurchaseOrderNumbers=${po}`)).length;
}

/** What Electron's label window was asked to show (the desktop shell's port, recorded). */
const shown: { fileName: string; title: string; mode: 'view' | 'print'; pdf: Buffer }[] = [];

beforeAll(async () => {
  t = await createTestCore({ showLabels: async (labels, mode) => void shown.push({ ...labels, mode }) });
  await signIn(t);
  const pat = (await emulatorControl(t, 'POST', '/pats', { name: 'receiving-desk' })) as { token: string };
  api = new EmulatorClient(t.core.emulator.url, pat.token);
  const { items } = await api.get<{ items: Inv[] }>('/2026-07/inventory?PageSize=500');
  const usable = items.filter((i) => !i.variant.is_bundle && !i.variant.is_digital && i.sku);
  plain = usable.find((i) => !i.is_lot)!;
  lot = usable.find((i) => i.is_lot)!;
  fcId = (await ok('inventory.centers', {})).items[0]!.id;
}, 60_000);
afterAll(async () => t?.dispose());

describe('WRO list', () => {
  it('filters by status and center, sorts in main across pages, and finds by id and PO', async () => {
    const all =
      await api.get<{ id: number; status: string; fulfillment_center: { id: number }; purchase_order_number: string | null }[]>('/2026-07/receiving?Limit=250');
    const awaiting = await ok('receiving.list', { page: 1, limit: 250, status: 'Awaiting' });
    expect(awaiting.items.length).toBe(all.filter((w) => w.status === 'Awaiting').length);
    expect(awaiting.items.every((w) => w.status === 'Awaiting')).toBe(true);
    const fc = all[0]!.fulfillment_center.id;
    const atFc = await ok('receiving.list', { page: 1, limit: 250, fc });
    expect(atFc.pageInfo.totalCount).toBe(all.filter((w) => w.fulfillment_center.id === fc).length);

    const byIdAsc = [...all].map((w) => w.id).sort((a, b) => a - b);
    const p1 = await ok('receiving.list', { page: 1, limit: 10, sort: 'id', dir: 'asc' });
    const p2 = await ok('receiving.list', { page: 2, limit: 10, sort: 'id', dir: 'asc' });
    expect([...p1.items, ...p2.items].map((w) => w.id)).toEqual(byIdAsc.slice(0, 20));
    expect(p2.pageInfo).toEqual({ page: 2, pageSize: 10, totalPages: Math.ceil(all.length / 10), totalCount: all.length });

    const target = all.find((w) => w.purchase_order_number)!;
    const byId = await ok('receiving.list', { page: 1, limit: 50, q: String(target.id) });
    expect(byId.matches?.[0]).toMatchObject({ via: 'id', order: { id: target.id } });
    const byPo = await ok('receiving.list', { page: 1, limit: 50, q: target.purchase_order_number! });
    expect(byPo.items.map((w) => w.id)).toContain(target.id);
    expect(byPo.matches?.every((m) => m.via === 'purchase_order_number')).toBe(true);
  });

  it('filters by expected arrival on each center’s own calendar, which the service cannot', async () => {
    type Wro = {
      id: number;
      status: string;
      insert_date: string;
      expected_arrival_date: string | null;
      fulfillment_center: { id: number; timezone: string | null };
    };
    const all = await api.get<Wro[]>('/2026-07/receiving?Limit=250');
    // The day as a clerk at that center reads it off the wall clock.
    const centerDay = (w: Wro) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: w.fulfillment_center.timezone ?? undefined }).format(new Date(w.expected_arrival_date!));
    const dated = all.filter((w) => w.expected_arrival_date);
    const day = centerDay(dated[0]!);
    const expected = dated.filter((w) => centerDay(w) === day).map((w) => w.id);
    const due = await ok('receiving.list', { page: 1, limit: 250, due: day, dueTo: day });
    expect(due.items.map((w) => w.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(due.pageInfo.totalCount).toBe(expected.length);
    // Newest first, as the unfiltered list, and paged here like the service would.
    const first = await ok('receiving.list', { page: 1, limit: 1, due: day, dueTo: day });
    const newest = dated.filter((w) => centerDay(w) === day).sort((a, b) => Date.parse(b.insert_date) - Date.parse(a.insert_date) || b.id - a.id)[0]!;
    expect(first.items.map((w) => w.id)).toEqual([newest.id]);
    expect(first.pageInfo).toMatchObject({ totalCount: expected.length, totalPages: expected.length });
    // An open-ended range and another filter together.
    const fromDay = await ok('receiving.list', { page: 1, limit: 250, due: day, status: 'Awaiting' });
    expect(fromDay.pageInfo.totalCount).toBe(dated.filter((w) => centerDay(w) >= day && w.status === 'Awaiting').length);
  });

  it('refuses a PO filter with a comma, naming the field, before calling the service', async () => {
    const e = await refused('receiving.list', { page: 1, limit: 50, po: 'A,B' });
    expect(e.code).toBe('invalid_input');
    expect(Object.keys(e.fieldErrors ?? {})).toContain('po');
  });
});

describe('WRO create, detail, boxes, labels, cancel', () => {
  it('checks the form like the service, maps the service 422 to field paths, and creates two boxes with a lot item', async () => {
    const bad = twoBoxForm('PO-BAD');
    bad.boxes[1]!.box_items[0]!.lot_number = '';
    bad.expected_arrival_date = localIn(-1);
    const local = await refused('receiving.create', { draftId: 'draft-bad-0001', form: bad });
    expect(local.code).toBe('validation');
    expect(local.fieldErrors).toHaveProperty(['boxes[1].box_items[0].lot_number']);
    expect(local.fieldErrors).toHaveProperty(['expected_arrival_date']);

    // An item the service does not know: only the service can say so, under the item's path.
    const unknown = twoBoxForm('PO-UNKNOWN');
    unknown.boxes[0]!.box_items[0] = { ...unknown.boxes[0]!.box_items[0]!, inventory_id: null, sku: 'NO-SUCH-SKU-9' };
    const remote = await refused('receiving.create', { draftId: 'draft-bad-0002', form: unknown });
    expect(remote.code).toBe('validation');
    expect(remote.fieldErrors).toHaveProperty(['boxes[0].box_items[0].sku']);
    expect(await countByPo('PO-UNKNOWN')).toBe(0);

    const { order, reconciled } = await ok('receiving.create', { draftId: 'draft-good-001', form: twoBoxForm('PO-DESK1') });
    expect(reconciled).toBe(false);
    expect(order.status).toBe('Awaiting');

    const detail = await ok('receiving.detail', { id: order.id });
    expect(detail.boxes.map((b) => b.tracking_number)).toEqual(['1ZPO-DESK1A', '1ZPO-DESK1B']);
    expect(detail.boxes[1]!.box_items![0]).toMatchObject({ inventory_id: lot.inventory_id, quantity: 3, lot_number: 'L-42' });
    const quantities = Object.fromEntries((detail.order.inventory_quantities ?? []).map((q) => [q.inventory_id, q.expected_quantity]));
    expect(quantities).toEqual({ [plain.inventory_id]: 5, [lot.inventory_id]: 3 });
    expect(detail.cancel).toEqual({ allowed: true, reason: null });

    // The box's barcode (its id) and its tracking number both lead back to the order and the box.
    const byTracking = await ok('receiving.lookup', { code: '1ZPO-DESK1B', kinds: ['record-id', 'purchase-order', 'box-tracking'] });
    expect(byTracking.matches).toMatchObject([{ via: 'tracking_number', order: { id: order.id }, boxId: detail.boxes[1]!.box_id }]);
    const byBox = await ok('receiving.lookup', { code: String(detail.boxes[0]!.box_id), kinds: ['record-id', 'purchase-order', 'box-tracking'] });
    expect(byBox.matches.find((m) => m.via === 'box_id')).toMatchObject({ order: { id: order.id }, boxId: detail.boxes[0]!.box_id });
    const quick = await ok('receiving.list', { page: 1, limit: 50, q: '1ZPO-DESK1A' });
    expect(quick.matches?.[0]).toMatchObject({ via: 'tracking_number', order: { id: order.id } });

    // Labels: a PDF with one page per box, fetched by main.
    const labels = await ok('receiving.labels', { id: order.id });
    const dir = await mkdtemp(join(tmpdir(), 'wro-labels-'));
    try {
      const file = join(dir, labels.fileName);
      await writeFile(file, Buffer.from(labels.base64, 'base64'));
      const { stdout } = await run('pdfinfo', [file]);
      expect(stdout).toMatch(/^Pages:\s+2$/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // The desktop app's label window is titled in the desk's language; English without one.
    expect(await ok('receiving.showLabels', { id: order.id, mode: 'view', locale: 'de-DE' })).toEqual({ shown: true });
    expect(shown.at(-1)).toMatchObject({ mode: 'view', title: `Kartonetiketten von Wareneingang ${order.id}`, fileName: `wro-${order.id}-box-labels.pdf` });
    expect(shown.at(-1)!.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await ok('receiving.showLabels', { id: order.id, mode: 'print' });
    expect(shown.at(-1)).toMatchObject({ mode: 'print', title: `Box labels of WRO ${order.id}` });

    // External sync on and off.
    expect((await ok('receiving.setExternalSync', { id: order.id, isExternalSync: true })).external_sync_timestamp).not.toBeNull();
    expect((await ok('receiving.list', { page: 1, limit: 250, sync: 'yes' })).items.map((w) => w.id)).toContain(order.id);
    expect((await ok('receiving.setExternalSync', { id: order.id, isExternalSync: false })).external_sync_timestamp).toBeNull();

    // Cancel: allowed while Awaiting; a second time it is refused with the reason, nothing sent.
    expect((await ok('receiving.cancel', { id: order.id })).status).toBe('Cancelled');
    const again = await refused('receiving.cancel', { id: order.id });
    expect(again.code).toBe('conflict');
    expect(again.message).toMatch(/is cancelled: the service no longer expects its boxes/);
    expect((await ok('receiving.detail', { id: order.id })).cancel.allowed).toBe(false);
  }, 60_000);

  it('a create whose answer is dropped after the service acted leaves exactly one order, found again', async () => {
    await emulatorControl(t, 'PUT', '/faults', { dropResponseRate: 1, seed: 7 });
    // One form for both submits, as the clerk's draft is: its arrival time is "now + 48 h" to the
    // minute, so building it twice straddles a minute now and then.
    const form = twoBoxForm('PO-DROP1');
    const sent = new Date().toISOString();
    let first;
    try {
      first = await t.core.dispatch('receiving.create', { draftId: 'draft-drop-001', form });
    } finally {
      await emulatorControl(t, 'DELETE', '/faults');
    }
    expect(await countByPo('PO-DROP1')).toBe(1);
    // Every answer is dropped, the check's reads too: the call says it could not check, sends nothing more.
    expect(first.ok).toBe(false);
    if (!first.ok) expect(first.error.message).toMatch(/could not yet check whether the order was made/);
    // The clerk's retry (the draft marked pending) finds the order.
    const retry = await ok('receiving.create', { draftId: 'draft-drop-001', form, pendingSince: sent });
    expect(retry.reconciled).toBe(true);
    expect(await countByPo('PO-DROP1')).toBe(1);
  }, 60_000);
});

describe('cancel refusals', () => {
  it('explains why an order past Awaiting cannot be cancelled, without sending a cancel', async () => {
    const arrived = (await api.get<{ id: number; status: string }[]>('/2026-07/receiving?Statuses=Arrived,Completed,Processing&Limit=1'))[0]!;
    const e = await refused('receiving.cancel', { id: arrived.id });
    expect(e.code).toBe('conflict');
    expect(e.message).toContain(`Receiving order ${arrived.id} is`);
  });
});

describe('finding a box by its id or tracking number', () => {
  it('reads each order once for two searches at once, at most ten settled orders, and nothing again after', async () => {
    await emulatorControl(t, 'DELETE', '/requests');
    const boxReads = async () => {
      const log = (await emulatorControl(t, 'GET', '/requests')) as { items: { method: string; path: string }[] };
      return log.items.filter((e) => /\/receiving\/\d+\/boxes/.test(e.path)).map((e) => Number(/\/receiving\/(\d+)\//.exec(e.path)![1]));
    };
    // A code no box carries: the search reads as far as it goes.
    const [byId, byTracking] = await Promise.all([
      ok('receiving.lookup', { code: '2000000000', kinds: ['record-id'] }),
      ok('receiving.lookup', { code: 'NO-SUCH-BOX', kinds: ['box-tracking'] }),
    ]);
    expect(byId.matches).toEqual([]);
    expect(byTracking.matches).toEqual([]);

    const read = await boxReads();
    expect(new Set(read).size).toBe(read.length);
    const orders = await api.get<{ id: number; status: string }[]>('/2026-07/receiving?Page=1&Limit=250');
    const settled = new Set(orders.filter((o) => o.status === 'Completed' || o.status === 'Cancelled').map((o) => o.id));
    expect(settled.size).toBeGreaterThan(10);
    expect(read.filter((id) => settled.has(id)).length).toBeLessThanOrEqual(10);
    for (const o of orders)
      if (!settled.has(o.id) && !read.includes(o.id)) expect.soft(o.id, 'an open order whose boxes were already known').toBeGreaterThan(0);

    await emulatorControl(t, 'DELETE', '/requests');
    expect((await ok('receiving.lookup', { code: 'STILL-NO-SUCH-BOX', kinds: ['box-tracking'] })).matches).toEqual([]);
    expect((await boxReads()).filter((id) => !settled.has(id))).toEqual([]);
  });
});
