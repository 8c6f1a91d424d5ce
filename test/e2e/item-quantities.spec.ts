import { expect, signInThroughPopup, test } from './fixtures.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';

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
