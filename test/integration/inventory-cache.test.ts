import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishOfSaid } from '../../electron/core/words.js';
import type { CacheProblem } from '../../areas/inventory/common/ipc.js';
import { GS } from '../../shared/scan/gs1.js';
import { FileSecretStore } from '../support/file-secret-store.js';
import { callCore, createTestCore, emulatorControl, signIn } from '../support/test-core.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

/**
 * Offline cache, against the real emulator inside a real core: sync after sign-in, lookups
 * by every kind of code, answers from the cache once the service is gone, an interrupted sync, and a
 * corrupt cache file across restarts.
 */
type Core = Awaited<ReturnType<typeof createTestCore>>;
const ITEMS = 1500; // more than one 1,000-item page of each cursor list, six pages of products

const cleanups = cleanupsAfterEach();

const call = callCore;

async function syncedCore(options: Parameters<typeof createTestCore>[0] = {}) {
  const t = await createTestCore({ localEmulator: { inventoryItems: ITEMS }, ...options });
  cleanups.push(() => t.dispose(!options.dataDir));
  await signIn(t);
  await t.inventorySyncsEnded(1);
  return t;
}

async function cacheFile(dataDir: string): Promise<string> {
  const root = join(dataDir, 'inventory');
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(dir, entry.name));
      else if (entry.name === 'cache.ddf') found.push(join(dir, entry.name));
    }
  };
  await walk(root);
  expect(found).toHaveLength(1);
  return found[0]!;
}

async function pat(t: Core): Promise<string> {
  return ((await emulatorControl(t, 'POST', '/pats', { name: 'inventory-test' })) as { token: string }).token;
}

describe('inventory cache: sync and lookups', () => {
  it('syncs after sign-in, then finds items by SKU, barcode, a UPC-A stored as EAN-13 and a GS1 element string; offline it answers from the cache and says so', async () => {
    const t = await createTestCore({ localEmulator: { inventoryItems: ITEMS } });
    cleanups.push(() => t.dispose());
    // A product whose GTIN the service stores in its EAN-13 form (0 + UPC-A 036000291452).
    const token = await pat(t);
    const created = await fetch(`${t.core.emulator.url}/2025-07/product`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Cereal box UPC test', variants: [{ name: 'Cereal box UPC test', sku: 'UPC-TEST-1', gtin: '0036000291452' }] }),
    });
    expect(created.status).toBe(201);

    await signIn(t);
    const done = await t.inventorySyncsEnded(1);
    expect(done.lastError).toBeNull();
    expect(done.itemCount).toBe(ITEMS + 1);
    expect(done.freshness.syncedAt).not.toBeNull();
    expect(t.logs.join('\n')).not.toContain('converting in the main thread'); // the worker thread did the columns
    const progress = t.events.filter((e) => e.event === 'inventory.syncProgress').map((e) => e.payload as { phase: string; done: number });
    expect(new Set(progress.map((p) => p.phase))).toEqual(new Set(['items', 'levels', 'lots', 'codes', 'writing']));

    const some = (await call(t, 'inventory.search', { q: 'a', offset: 0, limit: 5 })).hits[0]!.item;
    const bySku = await call(t, 'inventory.lookup', { code: some.sku.toLowerCase() });
    expect(bySku.matches.map((m) => m.item.inventoryId)).toContain(some.inventoryId);
    expect(bySku.freshness).toMatchObject({ connectivity: 'online', stale: false });

    const withBarcode = (await call(t, 'inventory.item', { inventoryId: some.inventoryId })).item;
    expect(withBarcode.codes.barcodes.length + (withBarcode.codes.inventoryBarcode ? 1 : 0)).toBeGreaterThan(0);
    const barcode = withBarcode.codes.barcodes[0] ?? withBarcode.codes.inventoryBarcode;
    const byBarcode = await call(t, 'inventory.lookup', { code: barcode! });
    expect(byBarcode.matches.map((m) => m.item.inventoryId)).toContain(some.inventoryId);

    const byUpc = await call(t, 'inventory.lookup', { code: '036000291452' });
    expect(byUpc.matches).toHaveLength(1);
    expect(byUpc.matches[0]!.item).toMatchObject({ sku: 'UPC-TEST-1', codes: { gtin: '0036000291452' } });
    expect(byUpc.matches[0]!.matchedBy).toContain('gtin');

    const elementString = `]C1010003600029145210LOT-7${GS}17261231`;
    const byGs1 = await call(t, 'inventory.lookup', { code: elementString });
    expect(byGs1.scan).toMatchObject({ form: 'element-string', gtin14: '00036000291452', lot: 'LOT-7', expiry: '2026-12-31' });
    expect(byGs1.matches[0]!.item.sku).toBe('UPC-TEST-1');

    const page = await call(t, 'inventory.search', { q: 'e', offset: 0, limit: 50 });
    expect(page.hits).toHaveLength(50);
    expect(page.total).toBeGreaterThan(50);

    // The service goes away: the next call finds it unreachable, and the cache keeps answering.
    const syncedAt = done.freshness.syncedAt;
    await t.core.emulator.close();
    await call(t, 'inventory.syncStart', { mode: 'refresh' });
    const failed = await t.inventorySyncsEnded(2);
    expect(failed.lastError?.code).toBe('network');
    const offline = await call(t, 'inventory.lookup', { code: '036000291452' });
    expect(offline.matches[0]!.item.sku).toBe('UPC-TEST-1');
    expect(offline.freshness).toMatchObject({ connectivity: 'offline', syncedAt });
    const detail = await call(t, 'inventory.item', { inventoryId: some.inventoryId });
    expect(detail.freshness.connectivity).toBe('offline');
    expect(detail.lots.every((l) => l.exclusion === 'unknown')).toBe(true);
  });

  it('a sync interrupted half-way (the emulator stopped mid-sync) leaves the previous cache on disk and answering', async () => {
    const t = await syncedCore();
    const file = await cacheFile(t.dataDir);
    const before = { bytes: await readFile(file), mtime: (await stat(file)).mtimeMs };
    const item = (await call(t, 'inventory.search', { q: 'a', offset: 0, limit: 1 })).hits[0]!.item;

    await emulatorControl(t, 'PUT', '/faults', { latencyMs: 150 });
    await call(t, 'inventory.syncStart', { mode: 'full' });
    await t.waitForEvent('inventory.syncProgress', (p) => p.phase === 'items' && p.done > 0, 20_000);
    await t.core.emulator.close();
    const ended = await t.inventorySyncsEnded(2);
    expect(ended.lastError).not.toBeNull();
    expect(ended.itemCount).toBe(ITEMS);

    expect((await stat(file)).mtimeMs).toBe(before.mtime);
    expect((await readFile(file)).equals(before.bytes)).toBe(true);
    const again = await call(t, 'inventory.lookup', { code: item.sku });
    expect(again.matches[0]!.item.inventoryId).toBe(item.inventoryId);
  });

  it('a sync can be cancelled; the cache stays as it was', async () => {
    const t = await syncedCore();
    await emulatorControl(t, 'PUT', '/faults', { latencyMs: 200 });
    await call(t, 'inventory.syncStart', { mode: 'full' });
    await t.waitForEvent('inventory.syncProgress', (p) => p.done > 0, 20_000);
    const cancelling = await call(t, 'inventory.syncCancel', {});
    expect(cancelling.state).toBe('cancelling');
    const ended = await t.inventorySyncsEnded(2);
    expect(ended.lastError).toMatchObject({ message: expect.stringContaining('cancelled') });
    expect(ended.itemCount).toBe(ITEMS);
  });
});

describe('inventory cache: a bad file on disk', () => {
  it('a corrupt cache file is reported once at the next start and replaced by the previous generation; with both bad, a resync rebuilds it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-inv-'));
    const secrets = `${dataDir}-secrets.json`;
    cleanups.push(
      () => rm(dataDir, { recursive: true, force: true }),
      () => rm(secrets, { force: true }),
    );
    const store = new FileSecretStore(secrets);
    const openSecrets = async () => ({ store, fallbackReason: null });

    const first = await syncedCore({ dataDir, openSecrets });
    await call(first, 'inventory.syncStart', { mode: 'refresh' }); // a second generation, so `.prev` exists
    await first.inventorySyncsEnded(2);
    const sku = (await call(first, 'inventory.search', { q: 'a', offset: 0, limit: 1 })).hits[0]!.item.sku;
    const file = await cacheFile(dataDir);
    await first.dispose(false);

    const bytes = await readFile(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    await writeFile(file, bytes);

    const second = await createTestCore({ dataDir, openSecrets, localEmulator: { inventoryItems: ITEMS } });
    cleanups.push(() => second.dispose(false));
    const problem = await second.waitForEvent('inventory.cacheProblem');
    expect(problem).toMatchObject({ kind: 'corrupt', recovery: 'previous-generation' });
    // Which file and why in the desk's words, as a message id for the clerk's language (here English).
    expect(problem.said).toEqual({ id: 'errors.inventory.cacheUnusable', values: { generation: 'current', kind: 'corrupt' } });
    expect(englishOfSaid([problem.said])).toBe('The inventory cache could not be used: the file is damaged.');
    expect((await call(second, 'inventory.lookup', { code: sku })).matches).toHaveLength(1);
    expect((await call(second, 'inventory.syncStatus', {})).cacheProblem).toMatchObject({ kind: 'corrupt' });
    await second.inventorySyncsEnded(1);
    await second.dispose(false);

    // Reported once: the bad file was moved aside, so the next start finds nothing to report.
    const third = await createTestCore({ dataDir, openSecrets, localEmulator: { inventoryItems: ITEMS } });
    cleanups.push(() => third.dispose(false));
    expect((await call(third, 'inventory.lookup', { code: sku })).matches).toHaveLength(1);
    expect(third.events.filter((e) => e.event === 'inventory.cacheProblem')).toHaveLength(0);
    await third.inventorySyncsEnded(1);
    await third.dispose(false);

    // Both generations cut short: nothing to fall back on, so a full resync.
    for (const path of [file, `${file}.prev`]) await writeFile(path, (await readFile(path)).subarray(0, 200));
    const fourth = await createTestCore({ dataDir, openSecrets, localEmulator: { inventoryItems: ITEMS } });
    cleanups.push(() => fourth.dispose(false));
    await fourth.waitForEvent('inventory.cacheProblem');
    const rebuilt = await fourth.inventorySyncsEnded(1);
    const problems = fourth.events.filter((e) => e.event === 'inventory.cacheProblem').map((e) => e.payload as CacheProblem);
    expect(problems.map((p) => ({ kind: p.kind, recovery: p.recovery, said: englishOfSaid([p.said]) }))).toEqual([
      { kind: 'truncated', recovery: 'resync', said: 'The inventory cache could not be used: the file is cut off.' },
      { kind: 'truncated', recovery: 'resync', said: 'The previous inventory cache could not be used: the file is cut off.' },
    ]);
    expect(rebuilt).toMatchObject({ itemCount: ITEMS, lastError: null });
    expect(fourth.events.find((e) => e.event === 'inventory.syncStatus')?.payload).toMatchObject({ state: 'running', mode: 'full' });
    expect((await call(fourth, 'inventory.lookup', { code: sku })).matches).toHaveLength(1);
  }, 90_000); // four starts of the desk, each reading or rebuilding its cache
});

describe('inventory history and lot exclusions (through the service)', () => {
  it('history: every page through the cursor with progress; a range over 90 days is refused before anything is sent', async () => {
    const t = await syncedCore();
    const now = await t.core.emulator.control.now();
    const from = new Date(now - 89 * 86_400_000).toISOString();
    const to = new Date(now).toISOString();
    const answer = await call(t, 'inventory.history', { fc: 3, from, to, progressId: 'hist-1' });
    expect(answer.pages).toBeGreaterThan(1);
    expect(answer.events.length).toBeGreaterThan(250);
    const ids = answer.events.map((e) => e.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    const progress = t.events.filter((e) => e.event === 'inventory.historyProgress').map((e) => e.payload as { progressId: string; pages: number });
    expect(progress.at(-1)).toMatchObject({ progressId: 'hist-1', pages: answer.pages });

    // Cancelled through ipc.cancel with the call's id after its first page: it stops there.
    await emulatorControl(t, 'PUT', '/faults', { latencyMs: 300 });
    const running = t.core.dispatch('inventory.history', { fc: 3, from, to, progressId: 'hist-cancel-1' }, { callId: 'hist-cancel-1' });
    await t.waitForEvent('inventory.historyProgress', (p) => p.progressId === 'hist-cancel-1', 20_000);
    expect(await call(t, 'ipc.cancel', { callId: 'hist-cancel-1' })).toEqual({ cancelled: true });
    expect(await running).toMatchObject({ ok: false, error: { message: expect.stringContaining('cancelled') } });
    await emulatorControl(t, 'PUT', '/faults', { latencyMs: 0 });

    const log = async () =>
      ((await emulatorControl(t, 'GET', '/requests')) as { items: { path: string }[] }).items.filter((r) => r.path.includes('history')).length;
    const sent = await log();
    const tooLong = await t.core.dispatch('inventory.history', { fc: 3, from: new Date(now - 91 * 86_400_000).toISOString(), to });
    expect(tooLong).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', said: { id: 'errors.ipc.invalidInput' }, detail: expect.stringContaining('90 days') },
    });
    expect(await log()).toBe(sent);
  });

  it('lot exclusions: exclude, a duplicate explained, delete, restore; the emulator follows each step', async () => {
    const t = await syncedCore();
    const lotted = (await call(t, 'inventory.search', { q: 'a', offset: 0, limit: 200 })).hits.map((h) => h.item).filter((i) => i.lots.length > 0);
    let target: { inventoryId: number; lotNumber: string } | null = null;
    for (const item of lotted) {
      const list = await call(t, 'lotExclusion.list', { inventoryId: item.inventoryId });
      const free = list.lots.find((l) => l.exclusion === 'not-excluded');
      if (free && list.deleted.length === 0) {
        target = { inventoryId: item.inventoryId, lotNumber: free.lotNumber };
        break;
      }
    }
    expect(target).not.toBeNull();
    const state = async () => {
      const list = await call(t, 'lotExclusion.list', { inventoryId: target!.inventoryId });
      return { active: list.active.map((e) => e.lotNumber), deleted: list.deleted.map((e) => e.lotNumber) };
    };

    expect(await call(t, 'lotExclusion.exclude', target!)).toMatchObject({ lotNumber: target!.lotNumber, isDeleted: false });
    expect((await state()).active).toContain(target!.lotNumber);
    const duplicate = await t.core.dispatch('lotExclusion.exclude', target!);
    expect(duplicate).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('already excluded; nothing was changed') } });

    expect(await call(t, 'lotExclusion.delete', target!)).toMatchObject({ isDeleted: true });
    expect(await state()).toEqual({ active: [], deleted: [target!.lotNumber] });
    const again = await t.core.dispatch('lotExclusion.delete', target!);
    expect(again).toMatchObject({ ok: false, error: { code: 'not_found', message: expect.stringContaining('has no active exclusion to delete') } });

    expect(await call(t, 'lotExclusion.restore', target!)).toMatchObject({ isDeleted: false });
    expect((await state()).active).toContain(target!.lotNumber);
    const detail = await call(t, 'inventory.item', { inventoryId: target!.inventoryId });
    expect(detail.lots.find((l) => l.lotNumber === target!.lotNumber)!.exclusion).toBe('excluded');
    // Each lot says where it lies as the desk names that center.
    const names = new Map(detail.centers.map((c) => [c.id, c.name]));
    expect(detail.lots.map((l) => l.center.name)).toEqual(detail.lots.map((l) => names.get(l.center.id)));
    expect(detail.lots.every((l) => l.center.name)).toBe(true);

    const unknown = await t.core.dispatch('lotExclusion.exclude', { inventoryId: target!.inventoryId, lotNumber: 'NO-SUCH-LOT' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found', message: expect.stringContaining('does not know lot NO-SUCH-LOT') } });
  });
});
