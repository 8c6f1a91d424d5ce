import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelOutput } from '../../shared/ipc/contract.js';
import { createTestCore, emulatorControl, signIn } from '../support/test-core.js';

/**
 * The Unidentified receipts area through the core's own dispatch (what the renderer calls), against
 * the real in-process emulator over HTTP, signed in through its consent page.
 */
type Core = Awaited<ReturnType<typeof createTestCore>>;
type Receipt = ChannelOutput<'unidentified.get'>;

let t: Core;
let token: string;

async function call<C extends string>(channel: C, input: unknown) {
  const result = await t.core.dispatch(channel, input);
  if (!result.ok)
    throw Object.assign(new Error(result.error.message), {
      appError: result.error,
    });
  return result.value as never;
}
async function refusal(channel: string, input: unknown) {
  const result = await t.core.dispatch(channel, input);
  if (result.ok) throw new Error(`${channel} succeeded where a refusal was expected`);
  return result.error;
}

/** The service's API as any integration would call it (a personal access token of the same emulator). */
async function api(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${t.core.emulator.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json', service_channel_id: '7301' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

async function createWro(trackingNumber: string, purchaseOrderNumber: string): Promise<{ id: number; fulfillment_center: { id: number } }> {
  const centers = (await api('GET', '/2026-07/fulfillment-center')) as {
    id: number;
  }[];
  const inventory = (await api('GET', '/2026-07/inventory?PageSize=1')) as {
    items: { inventory_id: number }[];
  };
  return (await api('POST', '/2026-07/receiving', {
    fulfillment_center: { id: centers[0]!.id },
    package_type: 'Package',
    box_packaging_type: 'EverythingInOneBox',
    expected_arrival_date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    purchase_order_number: purchaseOrderNumber,
    boxes: [
      {
        tracking_number: trackingNumber,
        box_items: [{ inventory_id: inventory.items[0]!.inventory_id, quantity: 3 }],
      },
    ],
  })) as { id: number; fulfillment_center: { id: number } };
}

beforeAll(async () => {
  t = await createTestCore();
  await signIn(t);
  token = (
    (await emulatorControl(t, 'POST', '/pats', { name: 'uro-test' })) as {
      token: string;
    }
  ).token;
}, 60_000);
afterAll(async () => {
  await t?.dispose();
});

describe('unidentified receipts: list, search, detail', () => {
  it('lists the unlinked and linked tabs, each receipt in exactly one', async () => {
    const unlinked: ChannelOutput<'unidentified.list'> = await call('unidentified.list', { tab: 'unlinked', page: 1 });
    const linked: ChannelOutput<'unidentified.list'> = await call('unidentified.list', { tab: 'linked', page: 1 });
    expect(unlinked.items.length).toBeGreaterThan(0);
    expect(linked.items.length).toBeGreaterThan(0);
    expect(unlinked.items.every((r) => r.linked_wro_id === null)).toBe(true);
    expect(linked.items.every((r) => r.linked_wro_id !== null && r.linked_wro_date !== null)).toBe(true);
    const ids = [...unlinked.items, ...linked.items].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The seeded warehouse has 18 receipts: one page of each tab, nothing further.
    expect(ids).toHaveLength(18);
    expect(unlinked.hasNext).toBe(false);
    expect(unlinked.search).toBeNull();
  });

  it('searches by part of a tracking barcode or barcode, in any case, and says how far it read', async () => {
    const { items }: ChannelOutput<'unidentified.list'> = await call('unidentified.list', { tab: 'unlinked', page: 1 });
    const withTracking = items.find((r) => r.tracking_barcode)!;
    const part = withTracking.tracking_barcode!.slice(-6).toLowerCase();
    const found: ChannelOutput<'unidentified.list'> = await call('unidentified.list', { tab: 'unlinked', page: 1, q: part });
    expect(found.items.map((r) => r.id)).toContain(withTracking.id);
    expect(found.items.every((r) => `${r.barcode} ${r.tracking_barcode}`.toLowerCase().includes(part))).toBe(true);
    expect(found.search).toEqual({ pagesRead: 1, complete: true });
    const byBarcode: ChannelOutput<'unidentified.list'> = await call('unidentified.list', { tab: 'unlinked', page: 1, q: withTracking.barcode.toLowerCase() });
    expect(byBarcode.items.map((r) => r.id)).toEqual([withTracking.id]);
    const none: ChannelOutput<'unidentified.list'> = await call('unidentified.list', { tab: 'linked', page: 1, q: 'NO-SUCH-CODE' });
    expect(none.items).toEqual([]);
  });

  it('refuses a search with control characters, naming the field', async () => {
    const error = await refusal('unidentified.list', {
      tab: 'unlinked',
      page: 1,
      q: 'abc\u0007',
    });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('q');
  });

  it('opens a receipt with its fields and shows its attachment as an image fetched by main', async () => {
    const { items }: ChannelOutput<'unidentified.list'> = await call('unidentified.list', { tab: 'unlinked', page: 1 });
    const receipt: Receipt = await call('unidentified.get', {
      id: items[0]!.id,
    });
    expect(receipt).toMatchObject({
      id: items[0]!.id,
      barcode: items[0]!.barcode,
      reason: expect.any(String),
      created_date: expect.any(String),
    });
    expect(receipt.attachments.length).toBeGreaterThan(0);
    const attachment = receipt.attachments[0]!;
    const image: ChannelOutput<'unidentified.attachment'> = await call('unidentified.attachment', { id: receipt.id, attachmentId: attachment.id });
    expect(image.contentType).toBe('image/png');
    const bytes = Buffer.from(image.dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(bytes.length).toBe(attachment.size_bytes);
    expect(image.bytes).toBe(attachment.size_bytes);
    // The renderer's answer carries no credential.
    expect(JSON.stringify(image)).not.toMatch(/Bearer|access_token/i);
  });

  it('explains an unknown receipt or attachment in words', async () => {
    expect(await refusal('unidentified.get', { id: 424242 })).toMatchObject({
      code: 'not_found',
      message: 'There is no unidentified receipt 424242.',
    });
    const { items }: ChannelOutput<'unidentified.list'> = await call('unidentified.list', { tab: 'unlinked', page: 1 });
    expect(
      await refusal('unidentified.attachment', {
        id: items[0]!.id,
        attachmentId: 999_999,
      }),
    ).toMatchObject({
      code: 'not_found',
      message: `Receipt ${items[0]!.id} has no attachment 999999.`,
    });
  });
});

describe('linking a receipt to a WRO', () => {
  it('suggests the WRO whose box carries the receipt tracking number first, finds by id, PO and tracking, and links', async () => {
    const { items }: ChannelOutput<'unidentified.list'> = await call('unidentified.list', { tab: 'unlinked', page: 1 });
    const receipt = items.find((r) => r.tracking_barcode)!;
    const wro = await createWro(receipt.tracking_barcode!, 'PO-URO-LINK-1');

    const suggested: ChannelOutput<'unidentified.candidates'> = await call('unidentified.candidates', { id: receipt.id });
    expect(suggested.candidates[0]).toMatchObject({
      id: wro.id,
      matchedTracking: [receipt.tracking_barcode],
      refusal: null,
    });
    // Strongest first; an order expected near the receipt's date also says so.
    expect(suggested.candidates[0]!.reasons.slice(0, 2)).toEqual(['tracking', 'same-center']);
    expect(suggested.candidates.every((c) => c.status !== 'Cancelled' && c.status !== 'Completed')).toBe(true);
    // Same center ranks above other centers after the tracking match.
    const firstOther = suggested.candidates.findIndex((c) => c.fulfillmentCenter?.id !== wro.fulfillment_center.id);
    const lastSame = suggested.candidates.map((c) => c.fulfillmentCenter?.id === wro.fulfillment_center.id).lastIndexOf(true);
    if (firstOther >= 0) expect(lastSame).toBeLessThan(firstOther);
    expect(suggested.trackingChecked.orders).toBeGreaterThan(0);
    expect(suggested.trackingChecked.openOrders).toBeGreaterThanOrEqual(suggested.trackingChecked.orders);

    const byId: ChannelOutput<'unidentified.candidates'> = await call('unidentified.candidates', { id: receipt.id, query: String(wro.id) });
    expect(byId.candidates[0]).toMatchObject({
      id: wro.id,
      reasons: expect.arrayContaining(['id']),
    });
    const byPo: ChannelOutput<'unidentified.candidates'> = await call('unidentified.candidates', { id: receipt.id, query: 'po-uro-link' });
    expect(byPo.candidates.map((c) => c.id)).toEqual([wro.id]);
    const byTracking: ChannelOutput<'unidentified.candidates'> = await call('unidentified.candidates', {
      id: receipt.id,
      query: receipt.tracking_barcode!.slice(2),
    });
    expect(byTracking.candidates[0]).toMatchObject({
      id: wro.id,
      matchedTracking: [receipt.tracking_barcode],
    });

    const linked: Receipt = await call('unidentified.link', {
      id: receipt.id,
      wroId: wro.id,
    });
    expect(linked).toMatchObject({
      id: receipt.id,
      linked_wro_id: wro.id,
      linked_wro_date: expect.any(String),
    });
    const unlinkedAfter: ChannelOutput<'unidentified.list'> = await call('unidentified.list', { tab: 'unlinked', page: 1 });
    const linkedAfter: ChannelOutput<'unidentified.list'> = await call('unidentified.list', { tab: 'linked', page: 1 });
    expect(unlinkedAfter.items.map((r) => r.id)).not.toContain(receipt.id);
    expect(linkedAfter.items.find((r) => r.id === receipt.id)?.linked_wro_id).toBe(wro.id);

    // Linked twice: refused in words, naming the WRO it is linked to.
    expect(await refusal('unidentified.link', { id: receipt.id, wroId: wro.id })).toMatchObject({
      code: 'conflict',
      message: `Receipt ${receipt.barcode} is already linked to this receiving order; a receipt is linked once. Nothing was changed.`,
    });
  });

  it('explains a closed or unknown WRO, offers closed ones only with the reason, and changes nothing', async () => {
    const { items }: ChannelOutput<'unidentified.list'> = await call('unidentified.list', { tab: 'unlinked', page: 1 });
    const receipt = items[0]!;
    const all = (await api('GET', '/2026-07/receiving?Statuses=Completed&Limit=1')) as { id: number }[];
    const closed = all[0]!;
    const error = await refusal('unidentified.link', {
      id: receipt.id,
      wroId: closed.id,
    });
    expect(error).toMatchObject({
      code: 'conflict',
      message: `Receiving order ${closed.id} is closed: a closed order cannot take more stock. Choose an open receiving order. Nothing was changed.`,
    });
    const byId: ChannelOutput<'unidentified.candidates'> = await call('unidentified.candidates', { id: receipt.id, query: String(closed.id) });
    expect(byId.candidates.find((c) => c.id === closed.id)?.refusal).toEqual({ id: 'errors.unidentified.closedOrder', values: { id: closed.id } });

    expect(await refusal('unidentified.link', { id: receipt.id, wroId: 999_999 })).toMatchObject({
      code: 'not_found',
      message: 'There is no receiving order 999999. Check the number, or search by purchase order or tracking number.',
    });
    const after: Receipt = await call('unidentified.get', { id: receipt.id });
    expect(after.linked_wro_id).toBeNull();
  });
});

describe('scan lookup by code', () => {
  it('finds the receipt carrying a tracking barcode or barcode exactly, in either tab, and nothing for a near miss', async () => {
    const { items }: ChannelOutput<'unidentified.list'> = await call('unidentified.list', { tab: 'linked', page: 1 });
    const receipt = items.find((r) => r.tracking_barcode) ?? items[0]!;
    const code = receipt.tracking_barcode ?? receipt.barcode;
    const found: ChannelOutput<'unidentified.byCode'> = await call('unidentified.byCode', { code });
    expect(found.items.map((r) => r.id)).toEqual([receipt.id]);
    expect(found.search.complete).toBe(true);
    const byBarcode: ChannelOutput<'unidentified.byCode'> = await call('unidentified.byCode', { code: receipt.barcode });
    expect(byBarcode.items.map((r) => r.id)).toEqual([receipt.id]);
    const nearMiss: ChannelOutput<'unidentified.byCode'> = await call('unidentified.byCode', { code: code.slice(0, -1) });
    expect(nearMiss.items).toEqual([]);
  });
});
