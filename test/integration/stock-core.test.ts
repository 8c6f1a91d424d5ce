import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc/contract.js';
import { daysBetween, expiryDay, localDay } from '../../shared/time/expiry.js';
import { createTestCore, emulatorControl, signIn } from '../support/test-core.js';

/**
 * The stock area through the core's own dispatch, against the real in-process emulator over HTTP:
 * after the first sync, the summary and the expiring list answer from the cache what the service's
 * own lists say (asked here with a personal access token), exclusions are learned from the service,
 * and the browser's zero-stock filter counts what the service's levels say.
 */
type Core = Awaited<ReturnType<typeof createTestCore>>;

interface LotsItem {
  inventory_id: number;
  lots: { lot_number: string; lot_date: string | null; locations: { location_id: number; on_hand_quantity: number }[] | null }[] | null;
}
interface LevelItem {
  inventory_id: number;
  total_fulfillable_quantity: number;
}
interface InventoryItem {
  inventory_id: number;
  variant?: { is_digital: boolean; is_bundle: boolean } | null;
}

let t: Core;
let token: string;
const today = localDay(Date.now());

async function call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await t.core.dispatch(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${t.core.emulator.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function allPages<T>(path: string): Promise<T[]> {
  const out: T[] = [];
  let next: string | null = path;
  while (next) {
    const page: { items: T[]; next: string | null } = await api(next);
    out.push(...page.items);
    next = page.next ? new URL(page.next, 'http://x').pathname + new URL(page.next, 'http://x').search : null;
  }
  return out;
}

/** Every lot at every center with stock on hand, as the service lists them: `id/lot/center` and its days left. */
async function serviceLots(): Promise<{ key: string; inventoryId: number; lot: string; daysLeft: number }[]> {
  const items = await allPages<LotsItem>('/2026-07/inventory-level/lots?PageSize=100');
  return items.flatMap((i) =>
    (i.lots ?? []).flatMap((l) => {
      const day = expiryDay(l.lot_date);
      if (day === null) return [];
      return (l.locations ?? [])
        .filter((at) => at.on_hand_quantity > 0)
        .map((at) => ({
          key: `${i.inventory_id}/${l.lot_number}/${at.location_id}`,
          inventoryId: i.inventory_id,
          lot: l.lot_number,
          daysLeft: daysBetween(today, day),
        }));
    }),
  );
}

async function activeExclusions(inventoryId: number): Promise<string[]> {
  const list = await api<{ lot_exclusions: { lot_number: string; is_deleted: boolean }[] }>(`/2026-07/lot-exclusion?inventory_id=${inventoryId}`);
  return list.lot_exclusions.filter((e) => !e.is_deleted).map((e) => e.lot_number);
}

beforeAll(async () => {
  t = await createTestCore({ localEmulator: { inventoryItems: 400 } });
  await signIn(t);
  await t.inventorySyncsEnded(1);
  token = ((await emulatorControl(t, 'POST', '/pats', { name: 'stock-test' })) as { token: string }).token;
}, 90_000);
afterAll(async () => {
  await t?.dispose();
});

describe('stock from the offline cache', () => {
  it('the expiring list and the summary show the lots the service lists, soonest first', async () => {
    const lots = await serviceLots();
    const expiring = lots.filter((l) => l.daysLeft >= 0 && l.daysLeft <= 30);
    expect(expiring.length).toBeGreaterThan(0);
    const page = await call('stock.expiring', { days: 30, show: 'expiring', today });
    expect(page.rows.map((r) => `${r.inventoryId}/${r.lotNumber}/${r.center.id}`).sort()).toEqual(expiring.map((l) => l.key).sort());
    expect(page.rows.map((r) => r.daysLeft)).toEqual([...page.rows.map((r) => r.daysLeft)].sort((a, b) => a - b));
    expect(page.asOf).not.toBeNull();
    const summary = await call('stock.summary', { fc: null, withinDays: 30, lowThreshold: 10, today });
    expect(summary.expiring.count).toBe(expiring.length);
    expect(summary.expiring.rows).toEqual(page.rows.slice(0, 5));
  });

  it('expired lots not excluded: once the service has been asked, those it excludes drop out', async () => {
    const expired = (await serviceLots()).filter((l) => l.daysLeft < 0);
    expect(expired.length).toBeGreaterThan(0);
    const ids = [...new Set(expired.map((l) => l.inventoryId))];
    for (let k = 0; k < ids.length; k += 50) await call('stock.exclusions', { inventoryIds: ids.slice(k, k + 50) });
    const excluded = new Map(await Promise.all(ids.map(async (id) => [id, await activeExclusions(id)] as const)));
    const notExcluded = expired.filter((l) => !excluded.get(l.inventoryId)!.includes(l.lot));
    const summary = await call('stock.summary', { fc: null, withinDays: 30, lowThreshold: 10, today });
    expect(summary.expiredNotExcluded.count).toBe(notExcluded.length);
    const list = await call('stock.expiring', { days: 30, show: 'expired', today });
    expect(list.rows.map((r) => r.excluded)).not.toContain(true);
  });

  it('a lot excluded through the desk shows excluded once its item is asked about again; deleted, it shows usable', async () => {
    const page = await call('stock.expiring', { days: 400, show: 'expiring', today });
    const row = page.rows.find((r) => r.excluded !== true)!;
    await call('lotExclusion.exclude', { inventoryId: row.inventoryId, lotNumber: row.lotNumber });
    expect(await activeExclusions(row.inventoryId)).toContain(row.lotNumber);
    const heard = await call('stock.exclusions', { inventoryIds: [row.inventoryId] });
    expect(heard.items[0]!.excludedLots).toContain(row.lotNumber);
    const same = (r: { inventoryId: number; lotNumber: string }) => r.inventoryId === row.inventoryId && r.lotNumber === row.lotNumber;
    const after = await call('stock.expiring', { days: 400, show: 'expiring', today });
    expect(after.rows.filter(same).map((r) => r.excluded)).toContain(true);
    await call('lotExclusion.delete', { inventoryId: row.inventoryId, lotNumber: row.lotNumber });
    await call('stock.exclusions', { inventoryIds: [row.inventoryId] });
    const again = await call('stock.expiring', { days: 400, show: 'expiring', today });
    expect(again.rows.filter(same).map((r) => r.excluded)).not.toContain(true);
  });

  it('the browser holds every item; zero stock counts the physical items the service says have none fulfillable', async () => {
    const [items, levels] = await Promise.all([
      allPages<InventoryItem>('/2026-07/inventory?PageSize=100'),
      allPages<LevelItem>('/2026-07/inventory-level?PageSize=100'),
    ]);
    const physical = new Set(items.filter((i) => !i.variant?.is_digital && !i.variant?.is_bundle).map((i) => i.inventory_id));
    const zero = levels.filter((l) => physical.has(l.inventory_id) && l.total_fulfillable_quantity <= 0).length;
    const all = await call('stock.items', { limit: 1 });
    expect(all.cached).toBe(items.length);
    expect(all.total).toBe(items.length);
    const zeroPage = await call('stock.items', { stock: 'zero', limit: 1 });
    expect(zeroPage.total).toBe(zero);
    const summary = await call('stock.summary', { fc: null, withinDays: 30, lowThreshold: 10, today });
    expect(summary.zero.count).toBe(zero);
    const byOnHand = await call('stock.items', { sort: 'onHand', dir: 'desc', limit: 50 });
    expect(byOnHand.rows.map((r) => r.onHand)).toEqual([...byOnHand.rows.map((r) => r.onHand)].sort((a, b) => b - a));
  });
});
