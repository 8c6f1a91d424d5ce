import type { Locator, Page } from '@playwright/test';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { openAddress, serviceApi, waitForFirstSync } from './inventory-support.js';
import type { Service } from './service.js';

/**
 * One source of truth for fulfillable: a lot never shows more fulfillable than its item; excluding a
 * lot lowers the item's (and its center's) fulfillable by what the lot could still give, in the
 * service's API and on the item page alike, and the page names the units held back in excluded lots.
 */
interface Level {
  total_on_hand_quantity: number;
  total_fulfillable_quantity: number;
}
interface Locations {
  locations: { location_id: number; fulfillable_quantity: number }[];
}
interface Lots {
  lots: {
    lot_number: string;
    lot_date: string | null;
    on_hand_quantity: number;
    fulfillable_quantity: number;
    locations: { location_id: number; fulfillable_quantity: number }[];
  }[];
}

async function quantities(api: Service, id: number) {
  const [level, locations, lots] = await Promise.all([
    api.call<Level>('GET', `/2026-07/inventory-level/${id}`),
    api.call<Locations>('GET', `/2026-07/inventory-level/${id}/locations`),
    api.call<Lots>('GET', `/2026-07/inventory-level/${id}/lots`),
  ]);
  return { level, locations: locations.locations, lots: lots.lots };
}

const number = (text: string) => Number(text.replace(/[^\d-]/g, ''));

async function tableRows(table: Locator, section: 'tbody' | 'tfoot') {
  const header = (await table.locator('thead th').allTextContents()).map((t) => t.trim());
  const rows = table.locator(`${section} tr`);
  const out: Record<string, string>[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const cells = (await rows.nth(i).locator('th, td').allTextContents()).map((t) => t.trim());
    out.push(Object.fromEntries(header.map((h, k) => [h, cells[k] ?? ''])));
  }
  return out;
}

/** What the item page shows: All centers' fulfillable, per center by name, per lot. */
async function shown(page: Page) {
  const perCenter = page.getByRole('table', { name: 'Quantities per fulfillment center' });
  await expect(perCenter).toBeVisible({ timeout: 30_000 });
  const centers = await tableRows(perCenter, 'tbody');
  // The All centers row is there when there is more than one center; with one, its row is the item's.
  const [total] = (await perCenter.locator('tfoot tr').count()) > 0 ? await tableRows(perCenter, 'tfoot') : centers;
  const lots = await tableRows(page.getByRole('table', { name: 'Lots' }), 'tbody');
  return { total: number(total!['Fulfillable']!), centers, lots };
}

test('a lot never shows more fulfillable than its item; excluding one lowers the item’s fulfillable on the item page as in the API', async ({ page, host }) => {
  test.setTimeout(180_000);
  const api = await serviceApi(host);
  const now = await host.core.emulator.control.now();
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);

  // Every lot item: no lot above its item, the lots' fulfillable adding up to at most the item's.
  const items = (await host.core.emulator.control.data('inventory')).filter((i) => i.is_lot && i.is_active && i.levels.length > 0);
  let chosen: { id: number; lot: string; lotFulfillable: number } | null = null;
  for (const item of items.slice(0, 40)) {
    const q = await quantities(api, item.inventory_id);
    const sumLots = q.lots.reduce((n, l) => n + l.fulfillable_quantity, 0);
    for (const lot of q.lots) expect(lot.fulfillable_quantity, `lot ${lot.lot_number} of ${item.sku}`).toBeLessThanOrEqual(q.level.total_fulfillable_quantity);
    expect(sumLots, `lots of ${item.sku}`).toBeLessThanOrEqual(q.level.total_fulfillable_quantity);
    const unexpired = q.lots.every((l) => l.lot_date === null || Date.parse(l.lot_date) > now + 86_400_000);
    const open = q.lots.find((l) => l.fulfillable_quantity > 0);
    if (!chosen && unexpired && open) chosen = { id: item.inventory_id, lot: open.lot_number, lotFulfillable: open.fulfillable_quantity };
  }
  expect(chosen, 'a lot item with a fulfillable lot and no expired one').not.toBeNull();
  const { id, lot, lotFulfillable } = chosen!;

  const before = await quantities(api, id);
  await openAddress(page, `#/inventory/items/${id}`);
  const seenBefore = await shown(page);
  expect(seenBefore.total).toBe(before.level.total_fulfillable_quantity);
  await expect(page.getByTestId('held-lots')).toHaveCount(0);

  await api.call('POST', '/2026-07/lot-exclusion', { inventory_id: id, lot_number: lot });
  const after = await quantities(api, id);
  expect(after.level.total_fulfillable_quantity).toBe(before.level.total_fulfillable_quantity - lotFulfillable);
  expect(after.lots.find((l) => l.lot_number === lot)!.fulfillable_quantity).toBe(0);
  expect(after.locations.reduce((n, l) => n + l.fulfillable_quantity, 0)).toBe(after.level.total_fulfillable_quantity);

  // Opened again, the page reads the service anew and agrees with it: total, each center, each lot.
  await openAddress(page, '#/inventory');
  await openAddress(page, `#/inventory/items/${id}`);
  await expect.poll(async () => (await shown(page)).total, { timeout: 30_000 }).toBe(after.level.total_fulfillable_quantity);
  const seen = await shown(page);
  expect(seen.centers.map((c) => number(c['Fulfillable']!))).toEqual(after.locations.map((l) => l.fulfillable_quantity));
  const lotRows = seen.lots.filter((r) => r['Lot']!.startsWith(lot));
  expect(lotRows.length).toBeGreaterThan(0);
  for (const r of lotRows) {
    expect(number(r['Fulfillable']!)).toBe(0);
    expect(r['Exclusion']).toBe('Excluded');
  }
  for (const r of seen.lots) expect(number(r['Fulfillable']!)).toBeLessThanOrEqual(seen.total);
  const heldUnits = after.lots.find((l) => l.lot_number === lot)!.on_hand_quantity;
  const held = page.getByTestId('held-lots');
  await expect(held).toHaveText(/^Not fulfillable: [\d,.\s\u202f]+ units? in excluded lots\. They stay on hand but cannot ship/);
  expect(number((await held.textContent())!.split(' units')[0]!)).toBe(heldUnits);
});
