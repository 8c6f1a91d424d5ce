import type { Page } from '@playwright/test';
import type { BrowserHost } from '../../electron/host/browser-host.js';
import { expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { allPages, openAddress, serviceApi, waitForFirstSync } from './inventory-support.js';
import type { Service } from './service.js';
import { csvRecords, localStampIn, serviceLots } from './stock-support.js';

/**
 * The stock views with the connection cut: everything they show comes from the offline cache, so
 * with the service gone (the emulator closed after the first sync, and the desk knowing it is
 * offline) both still show the cache's rows and its "as of", their filters and sort work, and the
 * CSV export holds what is shown.
 */

interface Level {
  inventory_id: number;
  sku: string;
  name: string;
  total_on_hand_quantity: number;
  total_fulfillable_quantity: number;
}
type Item = { inventory_id: number; variant: { is_digital?: boolean; is_bundle?: boolean } | null };

/** What the service said before the connection was cut: the lots, the centers, the items and their levels. */
async function serviceBeforeTheCut(api: Service, page: Page) {
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const lots = (await serviceLots(api, timeZone)).filter((l) => l.daysLeft >= 0 && l.daysLeft <= 90);
  const centers = await api.call<{ id: number; name: string }[]>('GET', '/2026-07/fulfillment-center');
  const items = await allPages<Item>(api, '/2026-07/inventory?PageSize=100');
  const levels = await allPages<Level>(api, '/2026-07/inventory-level?PageSize=100');
  return { lots, centers, items, levels };
}

/** Closes the emulator and lets the desk find out the way it would: its next sync cannot reach the service. */
async function cutTheConnection(page: Page, host: BrowserHost): Promise<string> {
  await expect.poll(() => host.core.inventory.status().state, { timeout: 60_000 }).toBe('idle');
  const syncedAt = host.core.inventory.freshness().syncedAt!;
  await host.core.emulator.close();
  await host.core.dispatch('inventory.syncStart', { mode: 'refresh' });
  await expect(page.getByTestId('status-connectivity')).toHaveText('Offline', { timeout: 30_000 });
  await expect.poll(() => host.core.inventory.status().state, { timeout: 60_000 }).not.toBe('syncing');
  // The failed sync kept the cache as it was.
  expect(host.core.inventory.freshness().syncedAt).toBe(syncedAt);
  return syncedAt;
}

/** The cache's "as of" as the views word it (the desk's time format, to the minute). */
const asOfWords = (page: Page, iso: string) =>
  page.evaluate(
    (at) => `From the inventory cache as of ${new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(at))}.`,
    iso,
  );

const count = (n: number) => n.toLocaleString('en-US');
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function choose(page: Page, control: string, option: string): Promise<void> {
  await page
    .locator('#content')
    .getByRole('button', { name: new RegExp(control) })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function exportCsv(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  return csvRecords(download);
}

test('with the connection cut, the expiring list and the inventory browser show the cache: its rows and as-of, filters, sort and CSV', async ({
  page,
  host,
}) => {
  test.setTimeout(180_000);
  const api = await serviceApi(host);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  const before = await serviceBeforeTheCut(api, page);
  expect(before.lots.length).toBeGreaterThan(0);
  const syncedAt = await cutTheConnection(page, host);
  const asOf = await asOfWords(page, syncedAt);

  await expiringOffline(page, before, asOf, await localStampIn(page, syncedAt));
  await itemsOffline(page, before, asOf);
});

async function expiringOffline(page: Page, before: Awaited<ReturnType<typeof serviceBeforeTheCut>>, asOf: string, stamp: string): Promise<void> {
  await openAddress(page, '#/stock/expiring?days=90');
  await expectViewFocus(page, 'Expiring stock');
  const table = page.getByRole('table', { name: 'Expiring lots' });
  await expect(status(page, 'expiring within 90 days')).toContainText(`${count(before.lots.length)} lot`);
  await expect(status(page, 'expiring within 90 days')).toContainText(asOf);
  await expect(table).toHaveAttribute('aria-rowcount', String(before.lots.length + 1));
  // Sorted by expiry: the first row is the soonest to expire.
  await expect(table.locator('tbody tr[data-index="0"] td').nth(6)).toHaveText(String(Math.min(...before.lots.map((l) => l.daysLeft))));

  // The center filter, chosen by name: only that center's lots, and the address keeps its id.
  const center = before.centers.find((c) => before.lots.some((l) => l.centerId === c.id))!;
  const atCenter = before.lots.filter((l) => l.centerId === center.id);
  await choose(page, 'Fulfillment center', center.name);
  await expect(table).toHaveAttribute('aria-rowcount', String(atCenter.length + 1));
  await expect.poll(() => page.evaluate(() => window.location.hash)).toContain(`fc=${center.id}`);
  // The window: within 30 days at that center.
  await choose(page, 'Window', 'Within 30 days');
  const soon = atCenter.filter((l) => l.daysLeft <= 30);
  if (soon.length > 0) await expect(table).toHaveAttribute('aria-rowcount', String(soon.length + 1));
  else await expect(page.getByText('nothing expires in this window')).toBeVisible();
  await choose(page, 'Window', 'Within 90 days');
  await expect(table).toHaveAttribute('aria-rowcount', String(atCenter.length + 1));

  // The CSV: the rows shown, names first, the cache's as-of in local time.
  const records = await exportCsv(page);
  expect(records).toHaveLength(atCenter.length + 1);
  const first = records[1]!;
  const lot = atCenter.find((l) => l.lot === first[3] && l.item.sku === first[1])!;
  expect([first[0], first[4], first[10]]).toEqual([lot.item.name, center.name, stamp]);
}

async function itemsOffline(page: Page, before: Awaited<ReturnType<typeof serviceBeforeTheCut>>, asOf: string): Promise<void> {
  const all = before.items.length;
  await openAddress(page, '#/stock/items');
  await expectViewFocus(page, 'All stock');
  await expect(status(page, 'shown')).toContainText(`${count(all)} items of ${count(all)} shown`);
  await expect(status(page, 'shown')).toContainText(asOf);

  // Sort by a click on its column: most on hand first after the second click.
  const table = page.getByRole('table', { name: 'Items in stock' });
  const onHand = table.getByRole('columnheader', { name: /On hand/ });
  await onHand.click();
  if ((await onHand.getAttribute('aria-sort')) !== 'descending') await onHand.click();
  await expect(onHand).toHaveAttribute('aria-sort', 'descending');
  const most = Math.max(...before.levels.map((l) => l.total_on_hand_quantity));
  await expect(table.locator('tbody tr[data-index="0"] td').nth(3)).toHaveText(most.toLocaleString('en-US'));

  // Physical items low on stock (fulfillable above 0 and under the default 10), chosen by the filters.
  const levelOf = new Map(before.levels.map((l) => [l.inventory_id, l]));
  const low = before.items.filter((i) => {
    const fulfillable = levelOf.get(i.inventory_id)?.total_fulfillable_quantity ?? 0;
    return !i.variant?.is_digital && !i.variant?.is_bundle && fulfillable > 0 && fulfillable < 10;
  });
  expect(low.length).toBeGreaterThan(0);
  await choose(page, 'Stock', 'Low');
  await choose(page, 'Kind', 'Physical');
  await expect(status(page, 'shown')).toContainText(`${count(low.length)} item${low.length === 1 ? '' : 's'} of ${count(all)} shown`);

  // The CSV holds what is shown, in the order shown (most on hand first), by name.
  const records = await exportCsv(page);
  expect(
    records
      .slice(1)
      .map((r) => Number(r[2]))
      .sort((a, b) => a - b),
  ).toEqual(low.map((i) => i.inventory_id).sort((a, b) => a - b));
  const onHandColumn = records.slice(1).map((r) => Number(r[5]));
  expect(onHandColumn).toEqual([...onHandColumn].sort((a, b) => b - a));
  const firstRow = records[1]!;
  expect(firstRow[0]).toBe(levelOf.get(Number(firstRow[2]))!.name);
}
