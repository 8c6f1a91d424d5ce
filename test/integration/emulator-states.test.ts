import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/server.js';
import { emulatorWithPat, EmulatorClient } from '../support/emulator-client.js';

const run = promisify(execFile);
const HOUR = 3600;
const running: RunningEmulator[] = [];
async function setup(options: Parameters<typeof emulatorWithPat>[0] = {}) {
  const s = await emulatorWithPat(options);
  running.push(s.emu);
  return s;
}
afterEach(async () => {
  for (const e of running.splice(0)) await e.close();
});

type Inv = { inventory_id: number; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean } };
async function plainItem(api: EmulatorClient): Promise<number> {
  const { items } = await api.get<{ items: Inv[] }>('/2026-07/inventory?PageSize=200');
  return items.find((i) => !i.is_lot && !i.variant.is_bundle && !i.variant.is_digital)!.inventory_id;
}
async function onHandAt(api: EmulatorClient, id: number): Promise<number> {
  const { items } = await api.get<{ items: { total_on_hand_quantity: number }[] }>(`/2026-07/inventory-level?InventoryIds=${id}`);
  return items[0]!.total_on_hand_quantity;
}

describe('receiving orders move on the virtual clock', () => {
  it('Awaiting → PartiallyArrived → Arrived → Processing → Completed, box by box, with inventory and history following', async () => {
    const { emu, api, control } = await setup();
    const item = await plainItem(api);
    const before = await onHandAt(api, item);
    const arrival = (await emu.control.now()) + 2 * HOUR * 1000;
    const created = await api.call('POST', '/2026-07/receiving', {
      body: {
        fulfillment_center: { id: 8 },
        package_type: 'Package',
        box_packaging_type: 'OneSkuPerBox',
        boxes: [
          { tracking_number: 'A', box_items: [{ inventory_id: item, quantity: 7 }] },
          { tracking_number: 'B', box_items: [{ inventory_id: item, quantity: 5 }] },
        ],
        expected_arrival_date: new Date(arrival).toISOString(),
        purchase_order_number: 'PO-STATES',
      },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    const status = async () => (await api.get<{ status: string }>(`/2026-07/receiving/${id}`)).status;
    const advance = (seconds: number) => control('POST', '/clock/advance', { seconds });

    expect(await status()).toBe('Awaiting');
    await advance(2 * HOUR + 5 * 60); // box A has arrived, box B (20 minutes later) not yet
    expect(await status()).toBe('PartiallyArrived');
    await advance(20 * 60); // 2h25: both boxes at the dock
    expect(await status()).toBe('Arrived');
    await advance(HOUR + 45 * 60); // 4h10: box A is being counted (from 4h), box B not yet (from 4h20)
    expect(await status()).toBe('Processing');
    const boxes = await api.get<{ box_status: string }[]>(`/2026-07/receiving/${id}/boxes`);
    expect(boxes.map((b) => b.box_status)).toEqual(['Counting', 'Arrived']);
    await advance(55 * 60); // 5h05: box A received (at 5h), box B counting
    // Box A was counted: received, on hand, not yet stowed.
    let record = await api.get<{ inventory_quantities: { expected_quantity: number; received_quantity: number; stowed_quantity: number }[] }>(
      `/2026-07/receiving/${id}`,
    );
    expect(record.inventory_quantities[0]).toMatchObject({ expected_quantity: 12, received_quantity: 7, stowed_quantity: 0 });
    expect(await onHandAt(api, item)).toBe(before + 7);
    await advance(2 * HOUR + 20 * 60); // 7h25: box B stowed at 7h20
    record = await api.get(`/2026-07/receiving/${id}`);
    const done = record as unknown as {
      status: string;
      status_history: { status: string }[];
      inventory_quantities: { received_quantity: number; stowed_quantity: number }[];
    };
    expect(done.status).toBe('Completed');
    expect(done.status_history.map((h) => h.status)).toEqual(['Awaiting', 'PartiallyArrived', 'Arrived', 'Processing', 'Completed']);
    expect(done.inventory_quantities[0]).toMatchObject({ received_quantity: 12, stowed_quantity: 12 });
    expect(await onHandAt(api, item)).toBe(before + 12);

    type Event = {
      event_category: string;
      additional_reference: { key: string; value: string }[];
      increment?: { quantity_change: number };
      decrement?: { quantity_change: number };
    };
    const history = (await api.call('POST', '/2026-07/inventory/history:query', { body: { facility_id: 8, inventory_ids: [item] } })).body as { data: Event[] };
    // The events name their receiving order among their references (published: key and value pairs).
    const ours = history.data.filter((e) => e.additional_reference.some((r) => r.key === 'WRO' && r.value === String(id)));
    expect(ours.map((e) => e.event_category).sort()).toEqual(['InventoryReceived', 'InventoryReceived', 'ReceivingStow', 'ReceivingStow']);
    // Receipts raise on-hand; stowing moves stock and nets to zero.
    const net = ours.reduce((n, e) => n + (e.increment?.quantity_change ?? 0) + (e.decrement?.quantity_change ?? 0), 0);
    expect(net).toBe(12);
  });

  it('cancels only an Awaiting order (422 otherwise) and lowers the awaiting quantity again', async () => {
    const { emu, api } = await setup();
    const item = await plainItem(api);
    const awaiting = async () =>
      (await api.get<{ items: { total_awaiting_quantity: number }[] }>(`/2026-07/inventory-level?InventoryIds=${item}`)).items[0]!.total_awaiting_quantity;
    const start = await awaiting();
    const created = await api.call('POST', '/2026-07/receiving', {
      body: {
        fulfillment_center: { id: 3 },
        package_type: 'Pallet',
        box_packaging_type: 'EverythingInOneBox',
        boxes: [{ box_items: [{ inventory_id: item, quantity: 9 }] }],
        expected_arrival_date: new Date((await emu.control.now()) + 86_400_000).toISOString(),
      },
    });
    const id = (created.body as { id: number }).id;
    expect(await awaiting()).toBe(start + 9);
    expect((await api.call('POST', `/2026-07/receiving/${id}:cancel`)).status).toBe(200);
    expect(await awaiting()).toBe(start);
    const again = await api.call('POST', `/2026-07/receiving/${id}:cancel`);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ status: [`Only an Awaiting receiving order can be cancelled; ${id} is Cancelled.`] });
  });
});

describe('lot exclusions', () => {
  it('exclude, refuse a second active exclusion, soft-delete, restore', async () => {
    const { api } = await setup();
    const { items } = await api.get<{ items: { inventory_id: number; lots: { lot_number: string; fulfillable_quantity: number }[] }[] }>(
      '/2026-07/inventory-level/lots?PageSize=1000',
    );
    const fresh = [];
    for (const i of items.filter((x) => x.lots.length)) {
      const known = (await api.get<{ lot_exclusions: unknown[] }>(`/2026-07/lot-exclusion?inventory_id=${i.inventory_id}`)).lot_exclusions;
      if (known.length === 0) fresh.push(i);
      if (fresh.length) break;
    }
    const target = fresh[0]!;
    const body = { inventory_id: target.inventory_id, lot_number: target.lots[0]!.lot_number };
    const created = await api.call('POST', '/2026-07/lot-exclusion', { body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ is_deleted: false, deleted_timestamp: null, lot_number: body.lot_number });
    const lotsNow = (
      await api.get<{ items: { lots: { lot_number: string; fulfillable_quantity: number }[] }[] }>(
        `/2026-07/inventory-level/lots?InventoryIds=${target.inventory_id}`,
      )
    ).items[0]!.lots;
    expect(lotsNow.find((l) => l.lot_number === body.lot_number)!.fulfillable_quantity).toBe(0);
    const dup = await api.call('POST', '/2026-07/lot-exclusion', { body });
    expect(dup.status).toBe(409);
    expect(dup.headers.get('content-type')).toContain('application/problem+json');
    const deleted = await api.call('POST', '/2026-07/lot-exclusion:delete', { body });
    expect(deleted.body).toMatchObject({ is_deleted: true, deleted_timestamp: expect.any(String) });
    const restored = await api.call('POST', '/2026-07/lot-exclusion/restore', { body });
    expect(restored.body).toEqual({
      inventory_id: target.inventory_id,
      lot_number: body.lot_number,
      lot_date: expect.anything(),
      is_deleted: false,
      deleted_timestamp: null,
    });
    const missing = await api.call('POST', '/2026-07/lot-exclusion', { body: { inventory_id: target.inventory_id } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ detail: 'lot_number is required.' });
    const neither = await api.call('POST', '/2026-07/lot-exclusion', { body: { lot_number: 'X' } });
    expect(neither.status).toBe(400);
  });
});

type LotsOfItem = { inventory_id: number; sku: string; name: string; lots: { lot_number: string; fulfillable_quantity: number }[] };
type Product10 = {
  total_fulfillable_quantity: number;
  fulfillable_inventory_items: { id: number; quantity: number }[];
  fulfillable_quantity_by_fulfillment_center: { id: number; fulfillable_quantity: number }[];
};

/** The fulfillable quantities of one item as the inventory-level routes and the v1.0 product route give them. */
async function fulfillableBothWays(api: EmulatorClient, item: LotsOfItem) {
  const level = (await api.get<{ items: { total_fulfillable_quantity: number }[] }>(`/2026-07/inventory-level?InventoryIds=${item.inventory_id}`)).items[0]!;
  const { locations } = await api.get<{ locations: { location_id: number; fulfillable_quantity: number }[] }>(
    `/2026-07/inventory-level/${item.inventory_id}/locations`,
  );
  // The v1.0 product answer is only given back by its batch upsert; the SKU finds the seeded product.
  const batch = await api.call('POST', '/1.0/product/batch', { body: [{ reference_id: item.sku, name: item.name }] });
  expect(batch.status, batch.text).toBe(200);
  const product = (batch.body as Product10[])[0]!;
  // A v1.0 product shows its first variant's item; a SKU further down a product's variants is skipped.
  if (product.fulfillable_inventory_items[0]?.id !== item.inventory_id) return null;
  return {
    inventoryLevel: { total: level.total_fulfillable_quantity, byCenter: Object.fromEntries(locations.map((l) => [l.location_id, l.fulfillable_quantity])) },
    product: {
      total: product.total_fulfillable_quantity,
      byCenter: Object.fromEntries(product.fulfillable_quantity_by_fulfillment_center.map((c) => [c.id, c.fulfillable_quantity])),
    },
    productItem: product.fulfillable_inventory_items[0]?.quantity,
  };
}

describe('one fulfillable quantity whichever route reports it', () => {
  it('the v1.0 product and the inventory levels agree for lot items, before and after a lot is excluded, and after it is restored', async () => {
    const { api } = await setup();
    const { items } = await api.get<{ items: LotsOfItem[] }>('/2026-07/inventory-level/lots?PageSize=1000');
    const lotItems: LotsOfItem[] = [];
    for (const item of items.filter((i) => i.lots.some((l) => l.fulfillable_quantity > 0))) {
      const before = await fulfillableBothWays(api, item);
      if (!before) continue;
      expect(before.product, item.sku).toEqual(before.inventoryLevel);
      expect(before.productItem, item.sku).toBe(before.inventoryLevel.total);
      if (lotItems.push(item) === 8) break;
    }
    expect(lotItems.length).toBe(8);
    // Exclude a lot that could still ship: both routes drop by its figure, and are back after the restore.
    const item = lotItems[0]!;
    const lot = item.lots.find((l) => l.fulfillable_quantity > 0)!;
    const before = (await fulfillableBothWays(api, item))!;
    const body = { inventory_id: item.inventory_id, lot_number: lot.lot_number };
    expect((await api.call('POST', '/2026-07/lot-exclusion', { body })).status).toBe(201);
    const excluded = (await fulfillableBothWays(api, item))!;
    expect(excluded.product).toEqual(excluded.inventoryLevel);
    expect(excluded.product.total).toBe(before.product.total - lot.fulfillable_quantity);
    expect((await api.call('POST', '/2026-07/lot-exclusion:delete', { body })).status).toBe(200);
    const restored = (await fulfillableBothWays(api, item))!;
    expect(restored.product).toEqual(restored.inventoryLevel);
    expect(restored.product.total).toBe(before.product.total);
  });
});

describe('sandbox simulations move a shipment to shipped and delivered', () => {
  it('LabelCreated, then Shipped after an hour, then Delivered after two days', async () => {
    const { api, control } = await setup();
    const order = await api.call('POST', '/2.0/order', {
      body: {
        reference_id: 'SIM-1',
        shipping_method: 'Standard',
        recipient: { name: 'Sim', address: { address1: '1', city: 'Austin', country: 'US' } },
        products: [{ reference_id: 'SIM-SKU', quantity: 1 }],
      },
    });
    const shipmentId = (order.body as { shipments: { id: number }[] }).shipments[0]!.id;
    const sim = await api.call('POST', '/2026-01/simulate/shipment', { body: { shipment_id: shipmentId } });
    const simId = (sim.body as { simulation_id: string }).simulation_id;
    const shipment = async () =>
      (await api.get<{ shipments: { status: string; tracking: unknown; delivery_date: string | null }[] }>(`/2.0/order/${(order.body as { id: number }).id}`))
        .shipments[0]!;
    expect((await shipment()).status).toBe('LabeledCreated');
    await control('POST', '/clock/advance', { seconds: HOUR });
    expect(await shipment()).toMatchObject({ status: 'Completed', tracking: expect.any(Object), delivery_date: null });
    await control('POST', '/clock/advance', { seconds: 47 * HOUR });
    expect((await shipment()).delivery_date).not.toBeNull();
    expect(await api.get(`/2026-01/simulate/status/${simId}`)).toMatchObject({
      status: 'Completed',
      steps: [{ name: 'LabelCreated', status: 'Completed' }, { name: 'Shipped' }, { name: 'Delivered', status: 'Completed' }],
    });
  });
});

describe('environments, tokens, persistence', () => {
  it("sandbox and production refuse each other's tokens, and only the sandbox simulates", async () => {
    const { emu } = await setup({ environments: ['production', 'sandbox'] });
    const prod = { url: emu.urls.production! };
    const sandbox = { url: emu.urls.sandbox! };
    const pat = async (url: string) =>
      (
        (await (
          await fetch(`${url}/__emulator/pats`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x' }) })
        ).json()) as { token: string }
      ).token;
    const prodToken = await pat(prod.url);
    const sandboxToken = await pat(sandbox.url);
    const get = (url: string, token: string) => fetch(`${url}/2026-07/channel`, { headers: { authorization: `Bearer ${token}` } });
    expect((await get(prod.url, prodToken)).status).toBe(200);
    expect((await get(sandbox.url, sandboxToken)).status).toBe(200);
    expect((await get(prod.url, sandboxToken)).status).toBe(401);
    expect((await get(sandbox.url, prodToken)).status).toBe(401);
    const sim = await new EmulatorClient(prod.url, prodToken).call('POST', '/2026-01/simulate/shipment', { body: { shipment_id: 1 } });
    expect(sim.status).toBe(404);
    expect(sim.body).toMatchObject({ detail: 'Simulations exist in the sandbox environment only.' });
  });

  it('personal access tokens never expire and stop working when revoked', async () => {
    const { emu, control } = await setup();
    const created = await control('POST', '/pats', { name: 'desk' });
    const { id, token } = created.body as { id: string; token: string };
    const client = new EmulatorClient(emu.url, token);
    await control('POST', '/clock/advance', { seconds: 400 * 86_400 });
    expect((await client.call('GET', '/2026-07/receiving?Limit=1')).status).toBe(200);
    expect((await control('DELETE', `/pats/${id}`)).status).toBe(204);
    const after = await client.call('GET', '/2026-07/receiving?Limit=1');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ detail: 'The access token was revoked.' });
  });

  it('keeps data and sign-ins across a restart in its data folder, and survives a corrupt state file', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-emu-'));
    try {
      const first = await emulatorWithPat({ dataDir });
      const wro = await first.api.call('POST', '/2026-07/receiving', {
        body: {
          fulfillment_center: { id: 3 },
          package_type: 'Package',
          box_packaging_type: 'OneSkuPerBox',
          boxes: [{ box_items: [{ inventory_id: await plainItem(first.api), quantity: 1 }] }],
          expected_arrival_date: new Date((await first.emu.control.now()) + 86_400_000).toISOString(),
        },
      });
      const id = (wro.body as { id: number }).id;
      await first.emu.close();
      // Nothing on disk holds the token itself.
      for (const f of await readdir(join(dataDir, 'sandbox'))) expect(await readFile(join(dataDir, 'sandbox', f), 'utf8')).not.toContain(first.api.token);

      const second = await (await import('../../emulator/server.js')).startEmulator({ dataDir });
      running.push(second);
      const again = new EmulatorClient(second.url, first.api.token);
      expect((await again.call('GET', `/2026-07/receiving/${id}`)).status).toBe(200);
      await second.close();

      await writeFile(join(dataDir, 'sandbox', 'state.json'), '{"version": 1, "seed": ');
      const lines: string[] = [];
      const write = process.stderr.write.bind(process.stderr);
      process.stderr.write = (chunk: string) => (lines.push(String(chunk)), true);
      let third: RunningEmulator;
      try {
        third = await (await import('../../emulator/server.js')).startEmulator({ dataDir });
      } finally {
        process.stderr.write = write;
      }
      running.push(third);
      expect(lines.join('')).toMatch(/ignoring unreadable .*state\.json.*starting from the seed/);
      const fresh = new EmulatorClient(third.url, first.api.token);
      expect((await fresh.call('GET', `/2026-07/receiving/${id}`)).status).toBe(404);
      expect((await fresh.call('GET', '/2026-07/receiving?Limit=1')).status).toBe(200);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the service's other behaviours", () => {
  it('enforces the request limit when switched on (429 with x-retry-after and x-remaining-calls)', async () => {
    const { api, control } = await setup();
    expect((await control('PUT', '/rate-limit', { enabled: true, perMinute: 5 })).status).toBe(200);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await api.call('GET', '/2026-07/channel'));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[4]!.headers.get('x-remaining-calls')).toBe('0');
    expect(answers[5]!.status).toBe(429);
    expect(Number(answers[5]!.headers.get('x-retry-after'))).toBeGreaterThan(0);
    expect(answers[5]!.body).toMatchObject({ statusCode: 429, message: expect.stringMatching(/^Rate limit is exceeded. Try again in \d+ seconds.$/) });
    expect((await control('PUT', '/rate-limit', { enabled: false })).status).toBe(200);
    expect((await api.call('GET', '/2026-07/channel')).status).toBe(200);
  });

  it('pages inventory with opaque cursors that carry, and override, the query; a tampered cursor is refused', async () => {
    const { api } = await setup({ inventoryItems: 1000 });
    const first = await api.get<{ items: { inventory_id: number }[]; next: string; prev: string | null; last: string }>(
      '/2026-07/inventory?PageSize=300&SortBy=-inventory_id',
    );
    expect(first.items).toHaveLength(300);
    expect(first.prev).toBeNull();
    const second = await api.get<{ items: { inventory_id: number }[]; next: string | null }>(`${first.next}&PageSize=5&SortBy=name`);
    expect(second.items).toHaveLength(300);
    expect(second.items[0]!.inventory_id).toBeLessThan(first.items[299]!.inventory_id);
    const last = await api.get<{ items: unknown[]; next: string | null }>(first.last);
    expect(last.items).toHaveLength(100);
    expect(last.next).toBeNull();
    const tampered = first.next.replace(/cursor=.{3}/, 'cursor=abc');
    const refused = await api.call('GET', tampered);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: expect.stringContaining('cursor is not valid') });
  });

  it('answers malformed JSON with 400 problem details', async () => {
    const { emu, api } = await setup();
    const res = await fetch(`${emu.url}/2026-07/receiving`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
      body: '{"fulfillment_center": ',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 400, detail: expect.stringContaining('not valid JSON') });
  });

  it('prints box labels as a PDF with one page per box, each with a Code 128 barcode that scans as the box id', async () => {
    const { api } = await setup();
    const wros = await api.get<{ id: number }[]>('/2026-07/receiving?Limit=30');
    let chosen: { id: number; boxes: { box_id: number }[] } | null = null;
    for (const w of wros) {
      const boxes = await api.get<{ box_id: number }[]>(`/2026-07/receiving/${w.id}/boxes`);
      if (boxes.length >= 2) {
        chosen = { id: w.id, boxes };
        break;
      }
    }
    expect(chosen).not.toBeNull();
    const res = await fetch(`${api.url}/2026-07/receiving/${chosen!.id}/labels`, { headers: { authorization: `Bearer ${api.token}` } });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = await mkdtemp(join(tmpdir(), 'dockdesk-labels-'));
    try {
      await writeFile(join(dir, 'labels.pdf'), pdf);
      await run('pdftoppm', ['-r', '150', '-png', join(dir, 'labels.pdf'), join(dir, 'page')]);
      const pages = (await readdir(dir)).filter((f) => f.startsWith('page')).sort();
      expect(pages).toHaveLength(chosen!.boxes.length);
      const decoded = [];
      for (const page of pages) decoded.push(decode(PNG.sync.read(await readFile(join(dir, page)))));
      expect(decoded).toEqual(chosen!.boxes.map((b) => String(b.box_id)));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

function decode(png: PNG): string {
  const { width, height, data } = png;
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0; i < width * height; i++) luminance[i] = (data[i * 4]! * 299 + data[i * 4 + 1]! * 587 + data[i * 4 + 2]! * 114) / 1000;
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)))).getText();
}
