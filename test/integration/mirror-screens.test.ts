import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { getReceivingOrder } from '../../areas/receiving/core/index.js';
import { apiRequestsSince, callCore as call, createTestCore, emulatorControl, lastRequestSeq, signIn, type TestCore } from '../support/test-core.js';

/**
 * The screens that answer from the account mirror, the limit on as published (150 a minute), counted
 * in the emulator's request log: the link dialog of an unidentified receipt (its suggestions from the
 * mirror, each saying why, the receipt's own tracking number first), and a code typed or scanned (the
 * lookups the scan plan asks for a code): an order the mirror holds at no request, an exact id it
 * lacks at one, a code nobody knows at none and at once while the mirror is fresh.
 */
const cleanups = cleanupsAfterEach();

async function warmCore(): Promise<TestCore> {
  const t = await createTestCore({ localEmulator: { rateLimit: { enabled: true, perMinute: 150 } }, mirror: { auto: false, refreshMs: 0, paceMs: 0 } });
  cleanups.push(() => t.dispose());
  await signIn(t);
  await t.inventorySyncsEnded(1, 120_000);
  await t.core.mirror.refresh();
  return t;
}

async function costOf(t: TestCore, work: () => Promise<unknown>) {
  const from = await lastRequestSeq(t);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  return { requests: await apiRequestsSince(t, from), ms };
}

/** A code as the scan plan asks it of the resolvers that take codes of digits and letters, at once. */
async function lookUp(t: TestCore, code: string) {
  const [items, orders, returns] = await Promise.all([
    call(t, 'inventory.lookup', { code }),
    call(t, 'receiving.lookup', { code, kinds: ['record-id', 'purchase-order', 'box-tracking'] }),
    call(t, 'returns.lookup', { referenceId: code }),
  ]);
  return { items: items.matches, orders: orders.matches, returns: returns.items };
}

describe('screens that answer from the account mirror', () => {
  it('opens the link dialog for the receipt alone, its tracking number’s order first, every suggestion saying why', async () => {
    const t = await warmCore();
    const { items } = await call(t, 'unidentified.list', { tab: 'unlinked', page: 1 });
    const receipt = items.find((r) => r.tracking_barcode)!;
    // Another desk made an order whose box carries the receipt's tracking number; the mirror's next refresh reads it.
    const orders = (await emulatorControl(t, 'GET', '/data/receivingOrders')) as {
      items: { id: number; status: string; boxes: { tracking_number: string | null }[] }[];
    };
    const open = orders.items.find((o) => o.status === 'Awaiting' && o.boxes.length > 0)!;
    open.boxes[0]!.tracking_number = receipt.tracking_barcode;
    await emulatorControl(t, 'PUT', `/data/receivingOrders/${open.id}`, { ...open, last_updated_date: new Date().toISOString() });
    await t.core.mirror.refresh();

    let suggested!: Awaited<ReturnType<typeof call<'unidentified.candidates'>>>;
    const first = await costOf(t, async () => {
      await call(t, 'unidentified.get', { id: receipt.id });
      suggested = await call(t, 'unidentified.candidates', { id: receipt.id });
    });
    expect(first.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /2026-07/unidentified-receiving-order/${receipt.id}`]);
    expect(suggested.candidates[0]).toMatchObject({ id: open.id, matchedTracking: [receipt.tracking_barcode] });
    expect(suggested.candidates[0]!.reasons[0]).toBe('tracking');
    expect(suggested.candidates.length).toBeGreaterThan(0);
    for (const c of suggested.candidates) expect(c.reasons.length, `order ${c.id} says why it is offered`).toBeGreaterThan(0);

    // A typed id the mirror holds: no request; one it lacks: the order itself.
    const byId = await costOf(t, () => call(t, 'unidentified.candidates', { id: receipt.id, query: String(open.id) }));
    expect(byId.requests.filter((r) => !r.path.startsWith('/2026-07/unidentified-receiving-order'))).toEqual([]);
  }, 240_000);

  it('finds the receipt’s tracking number on an order the mirror holds without its boxes yet, reading those boxes', async () => {
    const t = await warmCore();
    const { items } = await call(t, 'unidentified.list', { tab: 'unlinked', page: 1 });
    const receipt = items.find((r) => r.tracking_barcode)!;
    // An order made since the mirror's pass (as this desk's own create, or its first pass still reading boxes): held, its boxes not.
    const { now } = (await emulatorControl(t, 'GET', '/clock')) as { now: string };
    const orders = (await emulatorControl(t, 'GET', '/data/receivingOrders')) as {
      items: { id: number; status: string; boxes: { tracking_number: string | null }[] }[];
    };
    const model = orders.items.find((o) => o.status === 'Awaiting' && o.boxes.length > 0)!;
    const id = Math.max(...orders.items.map((o) => o.id)) + 1;
    const boxes = model.boxes.map((b, i) => ({ ...b, tracking_number: i === 0 ? receipt.tracking_barcode : b.tracking_number }));
    await emulatorControl(t, 'POST', '/data/receivingOrders', {
      items: [{ ...model, id, boxes, insert_date: now, last_updated_date: now, status_history: [] }],
    });
    await t.core.mirror.holdOrder(await getReceivingOrder(t.core.environments.active.api, id));
    expect(await t.core.mirror.boxesOf(id)).toBeNull();

    let suggested!: Awaited<ReturnType<typeof call<'unidentified.candidates'>>>;
    const cost = await costOf(t, async () => (suggested = await call(t, 'unidentified.candidates', { id: receipt.id })));
    expect(suggested.candidates[0]).toMatchObject({ id, matchedTracking: [receipt.tracking_barcode] });
    expect(suggested.candidates[0]!.reasons[0]).toBe('tracking');
    // The boxes of the orders the mirror has not read: this one here.
    expect(cost.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /2026-07/receiving/${id}/boxes`]);
  }, 240_000);

  it('places a listed order’s id at no request, asks once for an id it lacks, and says an unknown code at once', async () => {
    const t = await warmCore();
    const orders = (await t.core.mirror.orders()).map((o) => o.id);
    const listed = orders[5]!;

    const known = await costOf(t, async () => {
      expect((await lookUp(t, String(listed))).orders.map((m) => m.order.id)).toEqual([listed]);
      // The palette's receipts source asks for the same digits (as a receipt's id or part of a barcode).
      await call(t, 'unidentified.byCode', { code: String(listed), how: 'contains' });
    });
    expect(known.requests).toEqual([]);

    // A palette query for a command ("theme"): every source that asks main answers from what the desk holds.
    const command = await costOf(t, async () => {
      await lookUp(t, 'theme');
      await call(t, 'returns.lookup', { trackingNumber: 'theme' });
      expect((await call(t, 'unidentified.byCode', { code: 'theme', how: 'contains' })).items).toEqual([]);
      await call(t, 'inventory.search', { q: 'theme', offset: 0, limit: 8 });
    });
    expect(command.requests).toEqual([]);

    // A receipt's barcode scanned: from the mirror.
    const receipt = (await t.core.mirror.receipts())[0]!;
    const scanned = await costOf(t, async () =>
      expect((await call(t, 'unidentified.byCode', { code: receipt.barcode })).items.map((r) => r.id)).toContain(receipt.id),
    );
    expect(scanned.requests).toEqual([]);

    const unlisted = Math.max(...orders) + 1000;
    const missing = await costOf(t, async () => expect((await lookUp(t, String(unlisted))).orders).toEqual([]));
    expect(missing.requests.length).toBeLessThanOrEqual(1);

    const unknown = await costOf(t, async () => {
      const [found, receipts] = await Promise.all([lookUp(t, 'ZX-NOT-HERE-0042'), call(t, 'unidentified.byCode', { code: 'ZX-NOT-HERE-0042' })]);
      expect([...found.items, ...found.orders, ...found.returns, ...receipts.items]).toEqual([]);
    });
    expect(unknown.requests).toEqual([]);
    expect(unknown.ms).toBeLessThan(1_000);

    // A return's reference and tracking number the mirror holds: no request.
    const ret = (await t.core.mirror.returns()).find((r) => r.tracking_number)!;
    const byReference = await costOf(t, async () => expect((await lookUp(t, ret.reference_id)).returns.map((r) => r.id)).toContain(ret.id));
    expect(byReference.requests).toEqual([]);
    const byTracking = await costOf(t, async () =>
      expect((await call(t, 'returns.lookup', { trackingNumber: ret.tracking_number! })).items.map((r) => r.id)).toContain(ret.id),
    );
    expect(byTracking.requests).toEqual([]);
  }, 240_000);

  it('opens an order’s page from what the desk holds, its boxes and lines as the service has them, at no request', async () => {
    const t = await warmCore();
    const held = await t.core.mirror.orders();
    const open = held.find((o) => o.status !== 'Completed' && o.status !== 'Cancelled')!;

    const page = await costOf(t, () => call(t, 'receiving.held', { id: open.id }));
    expect(page.requests).toEqual([]);
    const answer = (await call(t, 'receiving.held', { id: open.id }))!;
    // What the service answers for the same order, read after (the same as the page's read behind).
    const service = await call(t, 'receiving.detail', { id: open.id });
    expect(answer.detail.contents).toBe(true);
    expect(answer.detail.order.id).toBe(open.id);
    expect(answer.detail.order.inventory_quantities).toEqual(service.order.inventory_quantities);
    expect(answer.detail.boxes).toEqual(service.boxes);
    expect(answer.detail.cancel).toEqual(service.cancel);
    expect(Date.parse(answer.asOf)).toBeLessThanOrEqual(Date.now());

    // An order the desk does not hold: nothing held, and nothing asked (the page reads the service itself).
    const unknown = await costOf(t, async () => expect(await call(t, 'receiving.held', { id: Math.max(...held.map((o) => o.id)) + 1000 })).toBeNull());
    expect(unknown.requests).toEqual([]);

    // The warehouse receives a box of an order still awaited: the mirror's next pass sees the order
    // moved and reads its boxes again, so the page held afterwards shows the box received.
    // (Another order than the first: the desk keeps an order it read a moment ago for the view about to open.)
    const awaited = held.find((o) => o.status === 'Awaiting' && o.id !== open.id)!;
    const before = (await call(t, 'receiving.held', { id: awaited.id }))!;
    const box = before.detail.boxes[0]!;
    const received = (await emulatorControl(t, 'POST', `/receiving/${awaited.id}/receive`, { boxes: [{ boxId: box.box_id }] })) as { id?: number };
    expect(received.id).toBe(awaited.id);
    await t.core.mirror.refresh();
    const after = (await call(t, 'receiving.held', { id: awaited.id }))!;
    const now = await call(t, 'receiving.detail', { id: awaited.id });
    expect(after.detail.boxes).toEqual(now.boxes);
    expect(after.detail.boxes).not.toEqual(before.detail.boxes);
    expect(after.detail.order.status).toBe(now.order.status);
  }, 240_000);
});
