import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { DOCKDESK_CLIENT } from '../../emulator/auth/registry.js';
import type { RunningEmulator } from '../../emulator/server.js';
import { EventCategory } from '../../shared/schemas/inventory.js';
import { EfdStatus, OrderStatus, OrderType, PackageMaterialType, ShipmentStatus, UnitOfMeasure } from '../../shared/schemas/orders.js';
import { BoxPackagingType, BoxStatus, DistributionStatus, PackageType, ReceivingStatus } from '../../shared/schemas/receiving.js';
import { ReturnStatus, ReturnType } from '../../shared/schemas/returns.js';
import { InvoiceType } from '../../shared/schemas/billing.js';
import { completeConsent } from '../support/consent.js';
import { emulatorWithPat, type EmulatorClient } from '../support/emulator-client.js';

/**
 * Conformance, part 2: every enum value of spec sections 2-3 appears in the seeded data (read back
 * through the API) or is reached by a transition; every limit of section 8 at its boundary; every
 * error rule of section 7 and every return rule of 4.8.
 */
let emu: RunningEmulator;
let api: EmulatorClient;
beforeAll(async () => {
  ({ emu, api } = await emulatorWithPat());
  await emu.control.now(); // nowMs() below extrapolates from it
});
afterAll(async () => {
  await emu.close();
});

type Wro = { id: number; status: string; package_type: string; box_packaging_type: string };
type Inv = { inventory_id: number; sku: string; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean } };

async function inventory(): Promise<Inv[]> {
  return (await api.get<{ items: Inv[] }>('/2026-07/inventory?PageSize=1000')).items;
}

function expectAll(seen: Iterable<string>, all: readonly string[], what: string) {
  const set = new Set(seen);
  expect(
    all.filter((v) => !set.has(v)),
    `${what} values never seen`,
  ).toEqual([]);
}

describe('every enum value of sections 2-3 can be met', () => {
  it('orders and shipments: status, type, unit of measure, shipment status, EFD status, package material, retailer address type', async () => {
    const orders = await api.get<
      {
        status: string;
        type: string;
        products: { quantity_unit_of_measure_code: string }[];
        retailer_program_data: { addresses: { type: string }[] } | null;
        shipments: { status: string; estimated_fulfillment_date_status: string; package_material_type: string }[];
      }[]
    >('/2.0/order?Limit=250');
    expectAll(
      orders.map((o) => o.status),
      OrderStatus.options,
      'order status',
    );
    expectAll(
      orders.map((o) => o.type),
      OrderType.options,
      'order type',
    );
    expectAll(
      orders.flatMap((o) => o.products.map((p) => p.quantity_unit_of_measure_code)),
      UnitOfMeasure.options,
      'unit of measure',
    );
    const shipments = orders.flatMap((o) => o.shipments);
    expectAll(
      shipments.map((s) => s.status),
      ShipmentStatus.options,
      'shipment status',
    );
    expectAll(
      shipments.map((s) => s.estimated_fulfillment_date_status),
      EfdStatus.options,
      'estimated_fulfillment_date_status',
    );
    expectAll(
      shipments.map((s) => s.package_material_type),
      PackageMaterialType.options,
      'package_material_type',
    );
    expectAll(
      orders.flatMap((o) => o.retailer_program_data?.addresses.map((a) => a.type) ?? []),
      ['MarkFor', 'ShipFrom'],
      'retailer address type',
    );
  });

  it('receiving: order status, package type, box packaging, box status, distribution status', async () => {
    const wros = await api.get<Wro[]>('/2026-07/receiving?Limit=250');
    expectAll(
      wros.map((w) => w.status),
      ReceivingStatus.options,
      'receiving status',
    );
    expectAll(
      wros.map((w) => w.package_type),
      PackageType.options,
      'package_type',
    );
    expectAll(
      wros.map((w) => w.box_packaging_type),
      BoxPackagingType.options,
      'box_packaging_type',
    );
    const boxes = await Promise.all(wros.map((w) => api.get<{ box_status: string }[]>(`/2026-07/receiving/${w.id}/boxes`)));
    expectAll(
      boxes.flat().map((b) => b.box_status),
      BoxStatus.options,
      'box_status',
    );
    const dists = await Promise.all(wros.map((w) => api.get<{ distributions: { status: string }[] }>(`/2026-07/receiving/${w.id}/distributions`)));
    expectAll(
      dists.flatMap((d) => d.distributions.map((x) => x.status)),
      DistributionStatus.options,
      'distribution status',
    );
  });

  it('returns: status, return type, requested action and its type', async () => {
    const { items } = await api.get<{
      items: { status: string; return_type: string; inventory: { action_requested: { action: string; action_type: string } }[] }[];
    }>('/2026-07/return?Limit=250');
    expectAll(
      items.map((r) => r.status),
      ReturnStatus.options,
      'return status',
    );
    expectAll(
      items.map((r) => r.return_type),
      ReturnType.options,
      'return_type',
    );
    const requested = items.flatMap((r) => r.inventory.map((l) => l.action_requested));
    expectAll(
      requested.map((a) => a.action),
      ['Restock', 'Quarantine', 'Dispose'],
      'requested action',
    );
    expectAll(
      requested.map((a) => a.action_type),
      ['InventoryDefault', 'Override'],
      'action_type',
    );
  });

  it('inventory history event categories, invoice types, and lot exclusions both active and deleted', async () => {
    const centers = await api.get<{ id: number }[]>('/2026-07/fulfillment-center');
    const categories = new Set<string>();
    for (const fc of centers) {
      // The next link is the operation's URL with its cursor: sent again, as given, with the same body.
      let link: string | null = '/2026-07/inventory/history:query';
      do {
        const page: { data: { event_category: string }[]; next: string | null } = (await api.call('POST', link, { body: { facility_id: fc.id } }))
          .body as never;
        page.data.forEach((e) => categories.add(e.event_category));
        link = page.next;
      } while (link);
    }
    expectAll(categories, EventCategory.options, 'event_category');
    const from = new Date(emu.control.nowMs() - 200 * 86_400_000).toISOString();
    const invoices = await api.get<{ items: { invoiceType: string }[] }>(`/Experimental/invoices?fromDate=${from}&pageSize=1000`);
    expectAll(
      invoices.items.map((i) => i.invoiceType),
      InvoiceType.options,
      'invoice type',
    );
    const lotted = (await api.get<{ items: { inventory_id: number; lots: unknown[] }[] }>('/2026-07/inventory-level/lots?PageSize=1000')).items.filter(
      (i) => i.lots.length,
    );
    const flags = new Set<boolean>();
    for (const item of lotted.slice(0, 15))
      (await api.get<{ lot_exclusions: { is_deleted: boolean }[] }>(`/2026-07/lot-exclusion?inventory_id=${item.inventory_id}`)).lot_exclusions.forEach((x) =>
        flags.add(x.is_deleted),
      );
    expect([...flags].sort()).toEqual([false, true]);
  });
});

describe('section 8 limits, at their boundaries', () => {
  const product10 = (over: Record<string, unknown> = {}) => ({ name: 'P', reference_id: `ref-${randomUUID()}`, ...over });
  const batch = (items: unknown[]) => api.call('POST', '/1.0/product/batch', { body: items });

  it('product batch: 50 accepted, 51 refused', async () => {
    expect((await batch(Array.from({ length: 50 }, () => product10()))).status).toBe(200);
    const over = await batch(Array.from({ length: 51 }, () => product10()));
    expect(over.status).toBe(400);
    expect(over.text).toContain('At most 50 products');
  });

  it.each([
    ['name', 2000, 1],
    ['reference_id', 400, 1],
    ['barcode', 150, 0],
    ['gtin', 50, 0],
    ['upc', 50, 0],
    ['sku', 400, 0],
  ])('product 1.0 %s: length %i accepted, one more refused', async (field, max, min) => {
    const value = (n: number) => (field === 'reference_id' ? `${randomUUID()}`.padEnd(n, 'x').slice(0, n) : 'x'.repeat(n));
    expect((await batch([product10({ [field]: value(max) })])).status).toBe(200);
    const long = await batch([product10({ [field]: value(max + 1) })]);
    expect(long.status).toBe(400);
    expect(Object.keys(long.body as object)[0]).toBe(`[0].${field}`);
    if (min === 1) expect((await batch([product10({ [field]: '' })])).status).toBe(400);
  });

  it.each([
    ['Limit', '1', 200],
    ['Limit', '250', 200],
    ['Limit', '0', 400],
    ['Limit', '251', 400],
    ['Page', '1', 200],
    ['Page', '2147483647', 200],
    ['Page', '0', 400],
    ['Page', '2147483648', 400],
  ])('order list %s=%s answers %i', async (param, value, status) => {
    for (const version of ['1.0', '2.0']) {
      const a = await api.call('GET', `/${version}/order?${param}=${value}`);
      expect(a.status).toBe(status);
      if (status === 400) expect(a.body).toEqual({ [param]: [`${param} must be a whole number from ${param === 'Limit' ? '1 to 250' : '1 to 2147483647'}.`] });
    }
  });

  it.each([
    ['1', 200],
    ['1000', 200],
    ['0', 400],
    ['1001', 400],
  ])('invoice and transaction pageSize=%s answers %i', async (size, status) => {
    expect((await api.call('GET', `/Experimental/invoices?pageSize=${size}`)).status).toBe(status);
    const invoiceId = (await api.get<{ items: { invoiceId: number }[] }>('/Experimental/invoices')).items[0]!.invoiceId;
    expect((await api.call('GET', `/Experimental/invoices/${invoiceId}/transactions?pageSize=${size}`)).status).toBe(status);
  });

  const order = (over: { name?: string; phone?: string; gift?: string }) => ({
    reference_id: `L-${randomUUID()}`,
    shipping_method: 'Standard',
    gift_message: over.gift ?? null,
    recipient: { name: over.name ?? 'Pat Lee', phone_number: over.phone ?? null, address: { address1: '1 Main', city: 'Austin', country: 'US' } },
    products: [{ reference_id: 'SKU-LIMITS', quantity: 1 }],
  });
  it.each([
    ['recipient name', { name: 'n'.repeat(300) }, { name: 'n'.repeat(301) }, 'recipient.name'],
    ['recipient name (empty)', { name: 'n' }, { name: '' }, 'recipient.name'],
    ['recipient phone', { phone: '1'.repeat(50) }, { phone: '1'.repeat(51) }, 'recipient.phone_number'],
    ['shipment gift message', { gift: 'g'.repeat(500) }, { gift: 'g'.repeat(501) }, 'gift_message'],
  ])('%s: inside accepted, outside refused with the field named', async (_what, inside, outside, field) => {
    expect((await api.call('POST', '/2.0/order', { body: order(inside) })).status).toBe(201);
    const refused = await api.call('POST', '/2.0/order', { body: order(outside) });
    expect(refused.status).toBe(400);
    expect(refused.body).toHaveProperty([field]);
  });

  const redirect = 'http://127.0.0.1:50000/callback';
  async function codeFor(verifier: string, scope = 'openid offline_access receiving_read') {
    const url = new URL('/connect/authorize', emu.url);
    url.search = new URLSearchParams({
      client_id: DOCKDESK_CLIENT.clientId,
      response_type: 'code',
      scope,
      redirect_uri: redirect,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier.length >= 43 && verifier.length <= 128 ? verifier : oauth.generateRandomCodeVerifier()),
      code_challenge_method: 'S256',
      integration_name: 'limits',
    }).toString();
    return (await completeConsent(url.toString(), { deliver: false })).fields.get('code')!;
  }
  const token = (body: Record<string, string>) =>
    fetch(`${emu.url}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: DOCKDESK_CLIENT.clientId, client_secret: DOCKDESK_CLIENT.clientSecret, ...body }),
    });

  it.each([
    [42, 400],
    [43, 200],
    [128, 200],
    [129, 400],
  ])('PKCE code_verifier of %i characters answers %i', async (length, status) => {
    const verifier = 'a'.repeat(length);
    const res = await token({ grant_type: 'authorization_code', code: await codeFor(verifier), redirect_uri: redirect, code_verifier: verifier });
    expect(res.status).toBe(status);
    if (status === 400) expect(await res.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/43-128/) });
  });

  it('access tokens live one hour and refresh tokens 30 days', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const first = (await (
      await token({ grant_type: 'authorization_code', code: await codeFor(verifier), redirect_uri: redirect, code_verifier: verifier })
    ).json()) as { access_token: string; refresh_token: string; expires_in: number };
    expect(first.expires_in).toBe(3600);
    const bearer = { headers: { authorization: `Bearer ${first.access_token}` } };
    await emu.control.advance(3599);
    expect((await fetch(`${emu.url}/2026-07/receiving?Limit=1`, bearer)).status).toBe(200);
    await emu.control.advance(1);
    expect((await fetch(`${emu.url}/2026-07/receiving?Limit=1`, bearer)).status).toBe(401);
    // 29 days later the refresh token still works (and rotates); 30 days after that one, it does not.
    await emu.control.advance(29 * 86_400);
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    const { refresh_token } = (await second.json()) as { refresh_token: string };
    await emu.control.advance(30 * 86_400 + 1);
    const third = await token({ grant_type: 'refresh_token', refresh_token });
    expect(third.status).toBe(400);
    expect(await third.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/30 days/) });
  });
});

describe('section 7 error rules', () => {
  let items: Inv[];
  beforeAll(async () => {
    items = await inventory();
  });
  const plain = () => items.find((i) => !i.is_lot && !i.variant.is_bundle && !i.variant.is_digital)!;
  const wro = (over: Record<string, unknown> = {}) => ({
    fulfillment_center: { id: 3 },
    package_type: 'Package',
    box_packaging_type: 'OneSkuPerBox',
    boxes: [{ tracking_number: null, box_items: [{ inventory_id: plain().inventory_id, quantity: 1 }] }],
    expected_arrival_date: new Date(emu.control.nowMs() - 86_400_000).toISOString(),
    ...over,
  });

  it('rule 3: WRO validation answers 422 from 2026-07 and 400 before, as a field dictionary', async () => {
    for (const [version, status] of [
      ['2026-07', 422],
      ['2026-01', 400],
      ['2025-07', 400],
      ['2.0', 400],
    ] as const) {
      const a = await api.call('POST', `/${version}/receiving`, { body: wro() });
      expect(a.status).toBe(status);
      expect(a.body).toEqual({ expected_arrival_date: ['expected_arrival_date must be in the future.'] });
    }
    const tooMany = await api.call('POST', '/2026-07/receiving', {
      body: wro({
        expected_arrival_date: new Date(emu.control.nowMs() + 86_400_000).toISOString(),
        boxes: Array.from({ length: 51 }, () => ({ box_items: [{ inventory_id: plain().inventory_id, quantity: 1 }] })),
      }),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toHaveProperty('boxes');
  });

  it('rule 2: distribution errors are problem details from 2026-07, the dictionary before', async () => {
    const v2607 = await api.call('GET', '/2026-07/receiving/999999/distributions');
    expect(v2607.status).toBe(404);
    expect(v2607.headers.get('content-type')).toContain('application/problem+json');
    expect(v2607.body).toMatchObject({ type: 'about:blank', status: 404, detail: 'Receiving order 999999 does not exist.' });
    const v2507 = await api.call('GET', '/2025-07/receiving/999999/distributions');
    expect(v2507.status).toBe(404);
    expect(v2507.body).toEqual({ id: ['Receiving order 999999 does not exist.'] });
  });

  it('rule 5: an expired access token is refused with invalid_token, so the client must refresh', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL('/connect/authorize', emu.url);
    url.search = new URLSearchParams({
      client_id: DOCKDESK_CLIENT.clientId,
      response_type: 'code',
      scope: 'receiving_read',
      redirect_uri: 'http://127.0.0.1:1/callback',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      integration_name: 'x',
    }).toString();
    const code = (await completeConsent(url.toString(), { deliver: false })).fields.get('code')!;
    const tokens = (await (
      await fetch(`${emu.url}/connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: 'http://127.0.0.1:1/callback',
          code_verifier: verifier,
          client_id: DOCKDESK_CLIENT.clientId,
          client_secret: DOCKDESK_CLIENT.clientSecret,
        }),
      })
    ).json()) as { access_token: string };
    await emu.control.advance(3600);
    const a = await fetch(`${emu.url}/2026-07/receiving`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(a.status).toBe(401);
    expect(a.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('rule 6: a redirect URI that is not registered is refused at the authorize request', async () => {
    const a = await fetch(
      `${emu.url}/connect/authorize?client_id=${DOCKDESK_CLIENT.clientId}&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('http://localhost:5000/callback')}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
      { redirect: 'manual' },
    );
    expect(a.status).toBe(400);
    expect(a.headers.get('location')).toBeNull();
  });

  it('rule 7: reads and actions answer 200, product and variant creation 201', async () => {
    expect((await api.call('GET', '/2026-07/receiving?Limit=1')).status).toBe(200);
    const p = await api.call('POST', '/2025-07/product', { body: { name: 'R7', variants: [{ name: 'R7', sku: `R7-${randomUUID()}` }] } });
    expect(p.status).toBe(201);
    expect(
      (await api.call('POST', `/2025-07/product/${(p.body as { id: number }).id}/variants`, { body: [{ name: 'R7b', sku: `R7-${randomUUID()}` }] })).status,
    ).toBe(201);
  });
});

describe('return rules (spec 4.8) and rule 1 of section 7', () => {
  let items: Inv[];
  beforeAll(async () => {
    items = await inventory();
  });
  const plain = () => items.filter((i) => !i.is_lot && !i.variant.is_bundle && !i.variant.is_digital);
  const body = (inventoryLines: unknown[], over: Record<string, unknown> = {}) => ({
    reference_id: `RMA-${randomUUID().slice(0, 30)}`,
    fulfillment_center: { id: 3 },
    inventory: inventoryLines,
    tracking_number: '1ZRULES',
    ...over,
  });
  const create = (b: unknown, version = '2026-07') => api.call('POST', `/${version}/return`, { body: b });

  it('rule 1: an inventory id twice is refused, naming the rule', async () => {
    const id = plain()[0]!.inventory_id;
    const a = await create(
      body([
        { id, quantity: 1 },
        { id, quantity: 2 },
      ]),
    );
    expect(a.status).toBe(422);
    expect(a.body).toMatchObject({ message: expect.any(String), errors: [expect.stringMatching(/appears more than once.*rule 1/)] });
    const legacy = await api.call('POST', '/1.0/return', {
      body: {
        fulfillmentCenter: { id: 3 },
        inventory: [
          { id, quantity: 1 },
          { id, quantity: 1 },
        ],
      },
    });
    expect(legacy.status).toBe(400);
  });

  it('rule 2: digital and bundle items are refused', async () => {
    const digital = items.find((i) => i.variant.is_digital)!;
    const bundle = items.find((i) => i.variant.is_bundle)!;
    const a = await create(
      body([
        { id: digital.inventory_id, quantity: 1 },
        { id: bundle.inventory_id, quantity: 1 },
      ]),
    );
    expect(a.status).toBe(422);
    const errors = (a.body as { errors: string[] }).errors.join('\n');
    expect(errors).toMatch(/digital item/);
    expect(errors).toMatch(/bundle/);
  });

  it('rule 3: one action per item; without one, the item default applies', async () => {
    const [x, y] = plain();
    const twoActions = await create(body([{ id: x!.inventory_id, quantity: 1, requested_action: ['Restock', 'Dispose'] }]));
    expect(twoActions.status).toBe(422);
    const ok = await create(
      body([
        { id: x!.inventory_id, quantity: 2 },
        { id: y!.inventory_id, quantity: 1, requested_action: 3 },
      ]),
    );
    expect(ok.status).toBe(201);
    const lines = (ok.body as { inventory: { id: number; action_requested: { action: string; action_type: string } }[] }).inventory;
    expect(lines[0]!.action_requested.action_type).toBe('InventoryDefault');
    expect(['Restock', 'Quarantine', 'Dispose']).toContain(lines[0]!.action_requested.action);
    expect(lines[1]!.action_requested).toMatchObject({ action: 'Dispose', action_type: 'Override' });
  });

  it('rule 4: reference_id is unique', async () => {
    const b = body([{ id: plain()[0]!.inventory_id, quantity: 1 }]);
    expect((await create(b)).status).toBe(201);
    const again = await create({ ...b });
    expect(again.status).toBe(422);
    expect((again.body as { errors: string[] }).errors.join()).toMatch(/already used.*rule 4/);
  });

  it('rule 5: a tracking number is recommended, not required', async () => {
    expect((await create(body([{ id: plain()[1]!.inventory_id, quantity: 1 }], { tracking_number: null }))).status).toBe(201);
  });

  it('service_channel_id is required to create a return', async () => {
    const a = await api.call('POST', '/2026-07/return', { body: body([{ id: plain()[0]!.inventory_id, quantity: 1 }]), channel: false });
    expect(a.status).toBe(400);
    expect(a.text).toContain('service_channel_id');
  });

  it('states: AwaitingArrival may be changed and cancelled; once processing it may not', async () => {
    const created = await create(body([{ id: plain()[2]!.inventory_id, quantity: 1 }]));
    const id = (created.body as { id: number }).id;
    const update = await api.call('PUT', `/2026-07/return/${id}`, {
      body: body([{ id: plain()[2]!.inventory_id, quantity: 3 }], { reference_id: (created.body as { reference_id: string }).reference_id }),
    });
    expect(update.status).toBe(200);
    expect((update.body as { inventory: { quantity: number }[] }).inventory[0]!.quantity).toBe(3);
    await emu.control.advance(27 * 3600);
    const record = await api.get<{ status: string; status_history: { status: string }[] }>(`/2026-07/return/${id}`);
    expect(record.status).toBe('Processing');
    expect(record.status_history.map((h) => h.status)).toEqual(['AwaitingArrival', 'Arrived', 'Processing']);
    // Published: cancel answers 200 or 400 (the API notes' 422 is superseded).
    expect((await api.call('POST', `/2026-07/return/${id}:cancel`)).status).toBe(400);
    expect((await api.call('PUT', `/2026-07/return/${id}`, { body: body([{ id: plain()[2]!.inventory_id, quantity: 1 }]) })).status).toBe(422);
    await emu.control.advance(4 * 3600);
    const done = await api.get<{ status: string; completed_date: string | null; inventory: { action_taken: { quantity_processed: number }[] }[] }>(
      `/2026-07/return/${id}`,
    );
    expect(done.status).toBe('Completed');
    expect(done.completed_date).not.toBeNull();
    expect(done.inventory[0]!.action_taken[0]!.quantity_processed).toBe(3);
  });
});
