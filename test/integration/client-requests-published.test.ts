import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../electron/core/api/api-client.js';
import { ConnectivityMonitor } from '../../electron/core/api/connectivity.js';
import { DispatcherPool } from '../../electron/core/api/dispatchers.js';
import { listFulfillmentCenters } from '../../electron/core/api/resources.js';
import { listInventory, queryHistory } from '../../areas/inventory/core/resources.js';
import { cancelReceivingOrder, createReceivingOrder, getReceivingLabels, setExternalSync } from '../../areas/receiving/core/resources.js';
import { cancelReturn, createReturn, updateReturn } from '../../areas/returns/core/resources.js';
import type { RunningEmulator } from '../../emulator/server.js';
import { templateMatches } from '../conformance/openapi/harness.js';
import { publishedDocument } from '../conformance/openapi/published.js';
import { emulatorWithPat } from '../support/emulator-client.js';

/**
 * What the client puts on the wire validates against the published request schemas. A loopback
 * recorder sits between the real client and the real emulator and keeps every request as sent.
 */
interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let emu: RunningEmulator;
let recorder: Server;
let pool: DispatcherPool;
let client: ApiClient;
const recorded: Recorded[] = [];

beforeAll(async () => {
  const started = await emulatorWithPat();
  emu = started.emu;
  const target = new URL(emu.url);
  recorder = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      recorded.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: body.toString('utf8') });
      const forward = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  pool = new DispatcherPool();
  client = new ApiClient(
    `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`,
    pool,
    { getAccessToken: async () => started.api.token },
    new ConnectivityMonitor(() => {}),
  );
});

afterAll(async () => {
  await pool?.close();
  await new Promise((resolve) => recorder?.close(resolve));
  await emu?.close();
});

describe("the client's requests fit the published request schemas", () => {
  it('receiving, returns and history writes and queries, as sent on the wire', async () => {
    const channel = 7301;
    const fc = (await listFulfillmentCenters(client))[0]!;
    const stock = (await listInventory(client, { pageSize: 200 })).items.find((i) => !i.is_lot && !i.variant?.is_bundle && !i.variant?.is_digital)!;
    const wro = await createReceivingOrder(
      client,
      {
        fulfillment_center: { id: fc.id },
        package_type: 'Package',
        box_packaging_type: 'OneSkuPerBox',
        boxes: [{ tracking_number: '1Z999AA10123456784', box_items: [{ inventory_id: stock.inventory_id, quantity: 4 }] }],
        expected_arrival_date: new Date((await emu.control.now()) + 5 * 86_400_000).toISOString(),
        purchase_order_number: 'PO-WIRE',
      },
      channel,
    );
    expect((await getReceivingLabels(client, wro.id)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await setExternalSync(client, [wro.id], true, channel)).external_sync_timestamp).not.toBeNull();
    expect((await cancelReceivingOrder(client, wro.id, channel)).status).toBe('Cancelled');
    const returnBody = {
      reference_id: `RMA-WIRE-${Date.now()}`,
      fulfillment_center: { id: fc.id },
      inventory: [{ id: stock.inventory_id, quantity: 2 }],
      tracking_number: '1Z999AA10123456785',
    };
    const created = await createReturn(client, returnBody, channel);
    await updateReturn(client, created.id, { ...returnBody, inventory: [{ id: stock.inventory_id, quantity: 3, requested_action: 'Restock' }] }, channel);
    await cancelReturn(client, created.id, channel);
    const first = await queryHistory(client, { facility_id: fc.id });
    expect(first.next).not.toBeNull();
    await queryHistory(client, { facility_id: fc.id }, first.next);

    const doc = publishedDocument('2026-01');
    const writes = recorded.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'POST /2026-07/receiving',
      'POST /2026-07/receiving:setExternalSync',
      `POST /2026-07/receiving/${wro.id}:cancel`,
      'POST /2026-07/return',
      `PUT /2026-07/return/${created.id}`,
      `POST /2026-07/return/${created.id}:cancel`,
      'POST /2026-07/inventory/history:query',
      'POST /2026-07/inventory/history:query',
    ]);
    for (const r of writes) {
      const path = r.path.split('?')[0]!.replace('/2026-07/', '/2026-01/');
      const op = doc.operations.find((o) => o.method === r.method && templateMatches(o.template, path));
      expect(op, `${r.method} ${path} is published`).toBeDefined();
      if (r.body !== '') expect(doc.validate(op!, 'request', JSON.parse(r.body)), `${r.method} ${r.path}`).toEqual([]);
      expect(r.headers.service_channel_id === undefined || r.headers.service_channel_id === String(channel)).toBe(true);
    }
    // Writes that change records carry the channel header (spec 4); the history query is a read.
    expect(writes.filter((r) => !r.path.includes('history:query')).every((r) => r.headers.service_channel_id === String(channel))).toBe(true);
    const labels = recorded.find((r) => r.path.endsWith('/labels'))!;
    expect(labels.headers.accept).toBe('application/pdf');
  });
});
