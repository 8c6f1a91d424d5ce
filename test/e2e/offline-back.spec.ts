import { expect, signInThroughPopup, test } from './fixtures.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';
import { apiRequests, listed, logMark, quiet } from './request-log.js';

/**
 * An item's page left open while the service goes away and comes back, with the emulator's request
 * limit on as the service has it. The service "goes away" as a network does: the emulator drops every
 * API connection (its fault injection, dropRate 1), so the desk's calls and its connectivity probe
 * find no service; its control API still answers, so the test can change the item meanwhile and bring
 * the service back. What the clerk notices: the page says it is offline, and once the service answers
 * again the figure changed meanwhile shows on the open page by itself within 5 s, read once.
 */

/** An item's own reads on the service: its levels (totals and per center), and its lots when it has any. */
const itemReads = (id: number) => [`/2026-07/inventory-level/${id}`, `/2026-07/inventory-level/${id}/locations`, `/2026-07/inventory-level/${id}/lots`];

test('an open item page says it is offline while the service is gone; back, it shows the on-hand changed meanwhile within 5 s, read once', async ({
  page,
  host,
}) => {
  test.setTimeout(360_000);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);

  const control = host.core.emulator.control;
  // A physical item at one center, with stock and no lots: its page shows one row of figures.
  const item = (await control.data('inventory')).find(
    (i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot && i.lots.length === 0 && i.levels.length === 1 && i.levels[0]!.on_hand > 0,
  )!;
  expect(item, 'a physical item with stock at one center').toBeDefined();
  const center = item.levels[0]!.fc_id;
  const onHandBefore = item.levels[0]!.on_hand;

  await openAddress(page, `#/inventory/items/${item.inventory_id}`);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  const liveMark = page.getByTestId('item-live-mark');
  // The page's own word on its figures: "Quantities read from the service at …" or "As of …", marked offline.
  const pageSays = page.locator('#content .workspace-header');
  // The clerk stayed a second: the page read the item's figures from the service.
  await expect(liveMark).toContainText('Quantities read from the service at', { timeout: 30_000 });
  await expect(liveMark).not.toContainText('offline');
  const table = page.getByRole('table', { name: 'Quantities per fulfillment center' });
  // The row is headed by its center (a row header), then one cell per figure, on hand first.
  await expect(table.getByRole('columnheader').nth(1)).toHaveText('On hand');
  const onHand = table.locator(`tr[data-fc="${center}"] td`).first();
  await expect(onHand).toHaveText(onHandBefore.toLocaleString('en-US'));

  // The service goes away. The desk finds out the way it would: its next call (here the inventory
  // cache's refresh) finds no service.
  await control.setFaults({ dropRate: 1 });
  await host.core.dispatch('inventory.syncStart', { mode: 'refresh' });
  await expect(page.getByTestId('status-connectivity')).toHaveText('Offline', { timeout: 30_000 });
  await expect(pageSays).toContainText('offline');
  // The failed refresh has ended (left running, it would read again once the service is back).
  await expect.poll(() => host.core.inventory.status().state, { timeout: 60_000 }).not.toBe('syncing');

  // Meanwhile the warehouse counted the item again.
  const onHandAfter = onHandBefore + 37;
  await control.replace('inventory', { ...item, levels: [{ ...item.levels[0]!, on_hand: onHandAfter }] });
  await expect(onHand).toHaveText(onHandBefore.toLocaleString('en-US'));

  // The service comes back.
  const mark = await logMark(host);
  await control.clearFaults();
  const backAt = Date.now();
  await expect(onHand).toHaveText(onHandAfter.toLocaleString('en-US'), { timeout: 5_000 });
  const shownAfterMs = Date.now() - backAt;
  await expect(page.getByTestId('status-connectivity')).toHaveText('Online');
  await expect(liveMark).toContainText('Quantities read from the service at');
  await expect(pageSays).not.toContainText('offline');

  // Read once: one refresh of the item, not one per event nor a loop. Counted once the service has
  // had no request for 5 s (whatever followed its return, the mirror's pass among them, has ended).
  await quiet(host, 5_000);
  const once = (await apiRequests(host, mark)).filter((r) => itemReads(item.inventory_id).includes(r.path.split('?')[0]!));
  const all = await apiRequests(host, mark);
  console.log(
    `on hand ${onHandBefore} → ${onHandAfter} shown ${shownAfterMs} ms after the service came back; the item's reads since: ${once.length} (${listed(once)}), ` +
      `every request since: ${all.length} (${listed(all)})`,
  );
  expect(once.map((r) => r.path).sort()).toEqual(itemReads(item.inventory_id).slice(0, 2).sort());
});
