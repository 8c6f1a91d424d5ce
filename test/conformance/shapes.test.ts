import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RunningEmulator } from '../../emulator/server.js';
import { Invoice, Transaction } from '../../shared/schemas/billing.js';
import { ChannelList } from '../../shared/schemas/channel.js';
import {
  HistoryPage,
  InventoryLevelLocationsPage,
  InventoryLevelLotsPage,
  InventoryLevelPage,
  InventoryPage,
  cursorPage,
} from '../../shared/schemas/inventory.js';
import { LotExclusionList } from '../../shared/schemas/lots.js';
import { Order } from '../../shared/schemas/orders.js';
import { Product10, Product20, Product2025 } from '../../shared/schemas/products.js';
import { Distributions, FulfillmentCenter, ReceivingBox, ReceivingOrder } from '../../shared/schemas/receiving.js';
import { ReturnRecord } from '../../shared/schemas/returns.js';
import { UnidentifiedReceivingOrder } from '../../shared/schemas/uro.js';
import { WebhookList } from '../../shared/schemas/webhooks.js';
import { emulatorWithPat, type EmulatorClient } from '../support/emulator-client.js';

/**
 * Conformance, part 3: responses have exactly the shapes of the spec and the API notes, written
 * once in shared/ as zod schemas. Parsing drops undeclared fields, so "parse(body) equals body"
 * proves both that every field fits and that the emulator sends nothing undeclared.
 */
let emu: RunningEmulator;
let api: EmulatorClient;
beforeAll(async () => {
  ({ emu, api } = await emulatorWithPat());
});
afterAll(async () => {
  await emu.close();
});

function exactly(schema: z.ZodType, body: unknown): void {
  const parsed = schema.safeParse(body);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
  expect(parsed.data).toEqual(body);
}

const arrayOf = <T extends z.ZodType>(s: T) => s.array();

describe('responses match the shared schemas exactly', () => {
  const cases: [string, () => Promise<[z.ZodType, unknown]>][] = [
    ['GET /2026-07/channel', async () => [ChannelList, await api.get('/2026-07/channel')]],
    [
      'GET /2.0/receiving (no status_history, no freight)',
      async () => {
        const body = await api.get<Record<string, unknown>[]>('/2.0/receiving?Limit=20');
        for (const r of body) expect(Object.keys(r)).not.toContain('status_history');
        return [arrayOf(ReceivingOrder), body];
      },
    ],
    [
      'GET /2025-07/receiving (status_history, no freight)',
      async () => {
        const body = await api.get<Record<string, unknown>[]>('/2025-07/receiving?Limit=20');
        for (const r of body) {
          expect(Object.keys(r)).toContain('status_history');
          expect(Object.keys(r)).not.toContain('freight');
        }
        return [arrayOf(ReceivingOrder), body];
      },
    ],
    ['GET /2026-07/receiving (with freight)', async () => [arrayOf(ReceivingOrder), await api.get('/2026-07/receiving?Limit=64')]],
    [
      'GET /2026-07/receiving/{id}/boxes',
      async () => [arrayOf(ReceivingBox), await api.get(`/2026-07/receiving/${(await api.get<{ id: number }[]>('/2026-07/receiving?Limit=1'))[0]!.id}/boxes`)],
    ],
    [
      'GET /2026-07/receiving/{id}/distributions',
      async () => [Distributions, await api.get(`/2026-07/receiving/${(await api.get<{ id: number }[]>('/2026-07/receiving?Limit=1'))[0]!.id}/distributions`)],
    ],
    ['GET /2026-07/fulfillment-center', async () => [arrayOf(FulfillmentCenter), await api.get('/2026-07/fulfillment-center')]],
    ['GET /2026-07/inventory', async () => [InventoryPage, await api.get('/2026-07/inventory?PageSize=300')]],
    ['GET /2026-07/inventory-level', async () => [InventoryLevelPage, await api.get('/2026-07/inventory-level?PageSize=300')]],
    ['GET /2026-07/inventory-level/locations', async () => [InventoryLevelLocationsPage, await api.get('/2026-07/inventory-level/locations?PageSize=300')]],
    ['GET /2026-07/inventory-level/lots', async () => [InventoryLevelLotsPage, await api.get('/2026-07/inventory-level/lots?PageSize=300')]],
    [
      'POST /2026-07/inventory/history:query',
      async () => [HistoryPage, (await api.call('POST', '/2026-07/inventory/history:query', { body: { facility_id: 3 } })).body],
    ],
    [
      'GET /2026-07/lot-exclusion',
      async () => {
        const lots = await api.get<{ items: { inventory_id: number; lots: unknown[] }[] }>('/2026-07/inventory-level/lots?PageSize=300');
        return [LotExclusionList, await api.get(`/2026-07/lot-exclusion?inventory_id=${lots.items.find((i) => i.lots.length)!.inventory_id}`)];
      },
    ],
    ['GET /2026-07/return', async () => [cursorPage(ReturnRecord), await api.get('/2026-07/return?Limit=250')]],
    ['GET /2026-07/unidentified-receiving-order', async () => [arrayOf(UnidentifiedReceivingOrder), await api.get('/2026-07/unidentified-receiving-order')]],
    ['GET /2.0/order', async () => [arrayOf(Order), await api.get('/2.0/order?Limit=250')]],
    ['GET /2.0/product', async () => [arrayOf(Product20), await api.get('/2.0/product?Limit=100')]],
    [
      'GET /2025-07/product/{id}/variants',
      async () => {
        const created = (await api.call('POST', '/2025-07/product', { body: { name: 'Shape', variants: [{ name: 'Shape', sku: `SHAPE-${Date.now()}` }] } }))
          .body;
        return [Product2025, created];
      },
    ],
    [
      'POST /1.0/product/batch',
      async () => [arrayOf(Product10), (await api.call('POST', '/1.0/product/batch', { body: [{ name: 'Shape', reference_id: `shape-${Date.now()}` }] })).body],
    ],
    ['GET /Experimental/invoices', async () => [cursorPage(Invoice), await api.get('/Experimental/invoices?pageSize=1000')]],
    [
      'GET /Experimental/invoices/{id}/transactions',
      async () => {
        const id = (await api.get<{ items: { invoiceId: number }[] }>('/Experimental/invoices')).items[0]!.invoiceId;
        return [cursorPage(Transaction), await api.get(`/Experimental/invoices/${id}/transactions`)];
      },
    ],
    [
      'GET /2026-07/webhook',
      async () => {
        await api.call('POST', '/2026-07/webhook', { body: { topics: ['return.created'], url: 'https://hooks.example/shape' } });
        return [WebhookList, await api.get('/2026-07/webhook')];
      },
    ],
  ];
  it.each(cases)('%s', async (_name, load) => {
    const [schema, body] = await load();
    exactly(schema, body);
  });
});
