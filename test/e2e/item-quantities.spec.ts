import { countOf } from '../../shared/counts.js';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { openAddress, serviceApi, waitForFirstSync } from './inventory-support.js';

/**
 * The item page's quantities agree with each other and with the service: per-center on hand and
 * fulfillable add up to the All centers row, which is the service's total; a quantity the service
 * gives only for the whole item is not shown as 0 per center; each quantity's meaning is on the page.
 */
test('per-center quantities add up to the service’s totals, item-only ones are not split, and each is defined', async ({ page, host }) => {
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  const item = (await host.core.emulator.control.data('inventory')).find((i) => i.is_active && i.levels.filter((l) => l.on_hand > 0).length > 1)!;
  await openAddress(page, `#/inventory/items/${item.inventory_id}`);
  const table = page.getByRole('table', { name: 'Quantities per fulfillment center' });
  await expect(table).toBeVisible({ timeout: 30_000 });

  const header = (await table.locator('thead th').allTextContents()).map((t) => t.trim());
  const col = (label: string) => header.indexOf(label);
  const number = (text: string) => Number(text.replace(/[^\d-]/g, ''));
  const bodyRows = table.locator('tbody tr');
  const count = await bodyRows.count();
  expect(count).toBeGreaterThan(1);
  const cells = async (row: ReturnType<typeof bodyRows.nth>) => (await row.locator('th, td').allTextContents()).map((t) => t.trim());
  const rows = await Promise.all(Array.from({ length: count }, (_, i) => cells(bodyRows.nth(i))));
  const total = await cells(table.locator('tfoot tr'));

  const serviceOnHand = item.levels.reduce((n, l) => n + l.on_hand, 0);
  for (const label of ['On hand', 'Fulfillable', 'Committed']) {
    const sum = rows.reduce((n, r) => n + number(r[col(label)]!), 0);
    expect(number(total[col(label)]!), label).toBe(sum);
  }
  expect(number(total[col('On hand')]!)).toBe(serviceOnHand);
  // Sellable is the item's only: per center it reads "—", never a 0 that does not add up.
  for (const r of rows) expect(r[col('Sellable')]).toBe('—');
  await expect(page.getByText('The service gives sellable, backordered and exception for the whole item only')).toBeVisible();
  await expect(page.getByTestId('quantities-unreconciled')).toHaveCount(0);
  // The definitions, as a clerk reads them.
  const definitions = page.locator('dl.quantity-definitions');
  for (const label of ['On hand', 'Committed', 'Fulfillable', 'Sellable'])
    await expect(definitions.locator('dt', { hasText: new RegExp(`^${label}$`) })).toBeVisible();
});

interface LotsAnswer {
  items: {
    inventory_id: number;
    sku: string;
    name: string;
    lots: { lot_number: string; on_hand_quantity: number; fulfillable_quantity: number; locations: { location_id: number }[] | null }[];
  }[];
}

/**
 * An exclusion changes what the item can ship: after the clerk excludes a lot on Lot exclusions and
 * opens the item again, its fulfillable (All centers) is lower by what that lot could have given, as
 * the service's own API says; deleting the exclusion brings it back, restoring it takes it away again.
 */
test('after a lot is excluded, its exclusion deleted and the lot excluded again, the item page reads its fulfillable again and it matches the service', async ({
  page,
  host,
}) => {
  test.setTimeout(150_000);
  const api = await serviceApi(host);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  const { item, lot } = await lotThatShips(api);
  const serviceFulfillable = async () =>
    (await api.call<{ items: { total_fulfillable_quantity: number }[] }>('GET', `/2026-07/inventory-level?InventoryIds=${item.inventory_id}`)).items[0]!
      .total_fulfillable_quantity;
  const full = await serviceFulfillable();

  /**
   * The item's fulfillable as the page first draws it on opening, caught by a DOM observer before the
   * first paint: a figure from before the change, even for a moment, is what a clerk would read.
   */
  const itemFulfillable = async () => {
    await page.evaluate(watchFirstFulfillable);
    await openAddress(page, `#/inventory/items/${item.inventory_id}`);
    await expect(page.getByRole('table', { name: 'Quantities per fulfillment center' })).toBeVisible({ timeout: 30_000 });
    return page.evaluate(() => (window as unknown as { firstFulfillable: string | null }).firstFulfillable);
  };
  const lotAction = async (button: string, confirm: string) => {
    await openAddress(page, `#/lots/${item.inventory_id}`);
    await page.getByRole('button', { name: button }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: confirm, exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  };
  const figure = (n: number) => n.toLocaleString('en-US');

  expect(await itemFulfillable()).toBe(figure(full));
  await lotAction(`Exclude lot ${lot.lot_number}`, 'Exclude lot');
  // On Lot exclusions itself, the lot just excluded counts as fulfillable no more.
  const lotRow = page
    .getByRole('table', { name: 'Lots in stock' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: lot.lot_number, exact: true }) })
    .first();
  await expect(lotRow).toContainText('Excluded');
  await expect(lotRow.getByRole('cell').nth(3)).toHaveText('0');
  expect(await serviceFulfillable()).toBe(full - lot.fulfillable_quantity);
  expect(await itemFulfillable()).toBe(figure(full - lot.fulfillable_quantity));
  // The gap between on hand and fulfillable is named, with the excluded lot's own units.
  await expect(page.getByTestId('held-lots')).toContainText(`Not fulfillable: ${countOf(lot.on_hand_quantity, 'unit')} in excluded lots`);

  await lotAction(`Delete exclusion of lot ${lot.lot_number}`, 'Delete exclusion');
  expect(await serviceFulfillable()).toBe(full);
  expect(await itemFulfillable()).toBe(figure(full));
  await expect(page.getByText(/in excluded lots/)).toHaveCount(0);

  await lotAction(`Exclude again: lot ${lot.lot_number}`, 'Exclude again');
  expect(await serviceFulfillable()).toBe(full - lot.fulfillable_quantity);
  expect(await itemFulfillable()).toBe(figure(full - lot.fulfillable_quantity));
});

/**
 * Runs in the page: records the item's fulfillable (the All centers row, or the one center's row when
 * the item is stocked at one only) the first time the quantities table is in the DOM.
 */
function watchFirstFulfillable() {
  const w = window as unknown as { firstFulfillable: string | null };
  w.firstFulfillable = null;
  const read = () => {
    const table = document.querySelector('table[aria-label="Quantities per fulfillment center"]');
    if (!table) return false;
    const column = [...table.querySelectorAll('thead th')].findIndex((th) => th.textContent?.trim() === 'Fulfillable');
    const rows = table.querySelectorAll('tfoot tr').length > 0 ? table.querySelectorAll('tfoot tr') : table.querySelectorAll('tbody tr');
    w.firstFulfillable = rows.length === 1 ? (rows[0]!.querySelectorAll('th, td')[column]?.textContent?.trim() ?? null) : `${rows.length} rows`;
    return true;
  };
  // The table may still be on screen from a previous opening: only a new one counts.
  const previous = document.querySelector('table[aria-label="Quantities per fulfillment center"]');
  const observer = new MutationObserver(() => {
    const table = document.querySelector('table[aria-label="Quantities per fulfillment center"]');
    if (table && table !== previous && read()) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * A lot item with no exclusion yet, stocked at one center, and a lot of it that would take exactly its
 * own figure away: none of the item's committed units are counted against it (its fulfillable is its
 * on hand) and the others can still cover them. (A lot that committed units are drawn from takes more:
 * those units must then come from the other lots.)
 */
async function lotThatShips(api: Awaited<ReturnType<typeof serviceApi>>) {
  const { items } = await api.call<LotsAnswer>('GET', '/2026-07/inventory-level/lots?PageSize=200');
  const centers = (i: LotsAnswer['items'][number]) => new Set(i.lots.flatMap((l) => (l.locations ?? []).map((c) => c.location_id)));
  for (const item of items.filter((i) => centers(i).size === 1)) {
    const total = (await api.call<{ items: { total_fulfillable_quantity: number }[] }>('GET', `/2026-07/inventory-level?InventoryIds=${item.inventory_id}`))
      .items[0]!.total_fulfillable_quantity;
    const lot = item.lots.find((l) => l.fulfillable_quantity > 0 && l.fulfillable_quantity === l.on_hand_quantity && l.on_hand_quantity < total);
    if (!lot) continue;
    const { lot_exclusions } = await api.call<{ lot_exclusions: unknown[] }>('GET', `/2026-07/lot-exclusion?inventory_id=${item.inventory_id}`);
    if (lot_exclusions.length === 0) return { item, lot };
  }
  throw new Error('the emulator has no lot item without exclusions with a lot that can ship all it holds');
}
