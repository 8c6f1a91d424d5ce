import { describe, expect, it } from 'vitest';
import { apiRequestsSince as apiSince, callCore as call, createTestCore, emulatorControl, lastRequestSeq as lastSeq, signIn } from '../support/test-core.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

/**
 * What receiving's scan lookups read of the service, from the emulator's own request log: a box
 * search that misses reads the open orders and the ten newest settled ones once, and then nothing
 * more; a code that names an order by its id or PO number searches no boxes beyond those already
 * read; an order read to answer a scan is the one its detail view shows when it opens within seconds.
 */
const cleanups = cleanupsAfterEach();

describe('receiving lookups made for a scan', () => {
  it('a box search that misses reads each order once; the next miss reads no boxes', async () => {
    // The limit is off: the first search reads about 70 orders' boxes, which is not what is measured.
    const t = await createTestCore({ localEmulator: { rateLimit: { enabled: false } } });
    cleanups.push(() => t.dispose());
    await signIn(t);
    const orders = (await emulatorControl(t, 'GET', '/data/receivingOrders')) as { items: { id: number; status: string }[] };
    const settled = orders.items.filter((o) => o.status === 'Completed' || o.status === 'Cancelled').length;
    const open = orders.items.length - settled;
    expect(settled).toBeGreaterThan(10);

    let from = await lastSeq(t);
    expect(await call(t, 'receiving.lookup', { code: 'NO-SUCH-TRACKING', kinds: ['box-tracking'] })).toEqual({ matches: [] });
    const first = (await apiSince(t, from)).filter((r) => r.path.endsWith('/boxes'));
    expect(first).toHaveLength(open + 10);

    from = await lastSeq(t);
    expect(await call(t, 'receiving.lookup', { code: '2147483000', kinds: ['record-id'] })).toEqual({ matches: [] });
    expect((await apiSince(t, from)).filter((r) => r.path.endsWith('/boxes'))).toEqual([]);
  });

  it('an order read for a scan serves the detail opened right after it; a refresh of the view reads it again', async () => {
    const t = await createTestCore({ localEmulator: { rateLimit: { enabled: false } } });
    cleanups.push(() => t.dispose());
    await signIn(t);
    const orders = (await emulatorControl(t, 'GET', '/data/receivingOrders')) as { items: { id: number }[] };
    const id = orders.items[0]!.id;
    const reads = async (from: number) => (await apiSince(t, from)).filter((r) => r.method === 'GET' && r.path.endsWith(`/receiving/${id}`)).length;

    let from = await lastSeq(t);
    const scanned = await call(t, 'receiving.get', { id });
    const detail = await call(t, 'receiving.detail', { id });
    expect(detail.order).toEqual(scanned);
    expect(await reads(from)).toBe(1);

    // Opened again at once, it is still the order just read; the view's own refresh reads the service.
    from = await lastSeq(t);
    await call(t, 'receiving.detail', { id });
    expect(await reads(from)).toBe(0);
    const refreshed = await t.core.dispatch('receiving.detail', { id }, { lane: 'visible' });
    expect(refreshed.ok).toBe(true);
    expect(await reads(from)).toBe(1);
  });

  it('a code that names an order by id or PO number reads no boxes; one that names none searches them', async () => {
    const t = await createTestCore({ localEmulator: { rateLimit: { enabled: false } } });
    cleanups.push(() => t.dispose());
    await signIn(t);
    type Box = { box_id: number; tracking_number: string | null };
    const orders = (await emulatorControl(t, 'GET', '/data/receivingOrders')) as {
      items: { id: number; status: string; purchase_order_number: string | null; boxes: Box[] }[];
    };
    const open = orders.items.filter((o) => o.status !== 'Completed' && o.status !== 'Cancelled');
    const byPo = open.find((o) => o.purchase_order_number)!;
    const boxReads = async (from: number) => (await apiSince(t, from)).filter((r) => r.path.endsWith('/boxes')).length;

    // An order's id: the order itself is read, and nothing else (no PO list, not one order's boxes).
    let from = await lastSeq(t);
    const byId = await call(t, 'receiving.lookup', { code: String(open[0]!.id), kinds: ['record-id', 'purchase-order', 'box-tracking'] });
    expect(byId.matches.map((m) => [m.order.id, m.via])).toEqual([[open[0]!.id, 'id']]);
    expect(await boxReads(from)).toBe(0);
    // (The first sync may still be reading the inventory meanwhile: only receiving's reads count.)
    expect(
      (await apiSince(t, from))
        .filter((r) => r.path.includes('/receiving'))
        .map((r) => r.path.replace(/receiving\/\d+/, 'receiving/N'))
        .sort(),
    ).toEqual(['/2026-07/receiving/N']);

    // A PO number: the same.
    from = await lastSeq(t);
    const po = await call(t, 'receiving.lookup', { code: byPo.purchase_order_number!, kinds: ['purchase-order', 'box-tracking'] });
    expect(po.matches.map((m) => m.via)).toContain('purchase_order_number');
    expect(po.matches.some((m) => m.order.id === byPo.id)).toBe(true);
    expect(await boxReads(from)).toBe(0);

    // A box's label (its id, digits like an order's): no order has that id or PO, so the boxes are
    // searched and the order opens at the box.
    const withBox = open.find((o) => o.boxes.length > 0)!;
    const box = withBox.boxes[0]!;
    from = await lastSeq(t);
    const byBox = await call(t, 'receiving.lookup', { code: String(box.box_id), kinds: ['record-id', 'purchase-order', 'box-tracking'] });
    expect(byBox.matches.map((m) => [m.order.id, m.via, m.boxId])).toEqual([[withBox.id, 'box_id', box.box_id]]);
    expect(await boxReads(from)).toBeGreaterThan(0);

    // Now that the boxes are read, a code that is an order's id and also a read box's id offers both.
    const twin = open.find((o) => o.id !== withBox.id)!;
    await emulatorControl(t, 'PUT', `/data/receivingOrders/${twin.id}`, { ...twin, purchase_order_number: String(box.box_id) });
    from = await lastSeq(t);
    const both = await call(t, 'receiving.lookup', { code: String(box.box_id), kinds: ['record-id', 'purchase-order', 'box-tracking'] });
    expect(both.matches.map((m) => [m.order.id, m.via]).sort()).toEqual(
      [
        [twin.id, 'purchase_order_number'],
        [withBox.id, 'box_id'],
      ].sort(),
    );
    expect(await boxReads(from)).toBe(0);
  });
});
