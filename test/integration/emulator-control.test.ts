import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlError } from '../../emulator/control-client.js';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';

/** The control client's data surface: what tests read and arrange in the emulator, over HTTP only. */
let emu: RunningEmulator;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-control-'));
  emu = await startEmulator({ dataDir, rateLimit: { enabled: false } });
});
afterAll(async () => {
  await emu.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the emulator control client', () => {
  it('reads the stored records, and a reset counts one more seeding', async () => {
    const inventory = await emu.control.data('inventory');
    expect(inventory.length).toBe(240);
    const before = await emu.control.dataInfo();
    expect(before.generation).toBe(1);
    await emu.control.reset({ inventoryItems: 12 });
    expect(await emu.control.data('inventory')).toHaveLength(12);
    expect((await emu.control.dataInfo()).generation).toBe(2);
    await expect(emu.control.data('nope' as 'inventory')).rejects.toMatchObject({ status: 404 });
  });

  it('adds and replaces records the service then answers with, and refuses a taken id', async () => {
    const pat = await emu.control.createPat('control-test');
    const wro = (await emu.control.data('receivingOrders'))[0]!;
    await emu.control.replace('receivingOrders', { ...wro, purchase_order_number: 'PO-CONTROL-1' });
    const listed = await fetch(`${emu.url}/2026-07/receiving?PurchaseOrderNumbers=PO-CONTROL-1`, { headers: { authorization: `Bearer ${pat.token}` } });
    expect(((await listed.json()) as { id: number }[]).map((w) => w.id)).toEqual([wro.id]);

    const seed = (await emu.control.data('returns'))[0]!;
    await emu.control.add('returns', [{ ...seed, id: 99_001, reference_id: 'RMA-CONTROL-1' }]);
    expect((await emu.control.data('returns')).filter((r) => r.reference_id === 'RMA-CONTROL-1')).toHaveLength(1);
    const again = emu.control.add('returns', [{ ...seed, id: 99_001 }]);
    await expect(again).rejects.toBeInstanceOf(ControlError);
    await expect(again).rejects.toMatchObject({ status: 409 });
    await expect(emu.control.replace('returns', { ...seed, id: 123_456_789 })).rejects.toMatchObject({ status: 404 });
  });

  it('moves the clock, and flush writes the state to the data folder at once', async () => {
    const now = await emu.control.now();
    const later = await emu.control.advance(3600);
    expect(later - now).toBeGreaterThanOrEqual(3600_000);
    expect(Math.abs(emu.control.nowMs() - later)).toBeLessThan(5_000);
    await emu.control.add('channels', [{ id: 7399, name: 'Flushed Desk', application_name: 'SMA', scopes: ['receiving_read'] }]);
    await emu.control.flush();
    expect(await readFile(join(dataDir, 'sandbox', 'state.json'), 'utf8')).toContain('Flushed Desk');
  });

  it('takes arranging writes only as JSON, like every other control write', async () => {
    const form = await fetch(`${emu.url}/__emulator/data/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'items=1',
    });
    expect(form.status).toBe(415);
  });
});
