import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { axeCheck, expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { allPages, openAddress, serviceApi, tabTo, waitForFirstSync, type LocationLevelItem } from './inventory-support.js';
import { typeDay } from './days.js';

/**
 * Inventory history in Chromium against the browser host and its emulator: the
 * chart's last point is the sum of the changes the table shows and the service's on-hand; the range
 * is checked before anything is sent; a long query shows its pages and can be cancelled; the rows
 * shown export as RFC 4180 CSV; the whole path works from the keyboard and passes axe.
 */
const eventRows = (page: Page) => page.getByRole('table', { name: 'History events' }).locator('tbody tr[aria-rowindex]');
/** "−12" / "+3" / "0" as the table prints a change. */
type Side = { facility_id: number; quantity_change: number } | null;
const parseChange = (text: string) => Number(text.replace('−', '-').replace(/[+,\s\u202f\u00a0]/g, ''));

test('history of one item: the chart ends at the sum of the changes and at the service’s on-hand; CSV of what is shown; keyboard and axe', async ({
  page,
  host,
}) => {
  const api = await serviceApi(host);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);

  // An item with stock at a center: the service's own figure is what the chart must end at.
  const levels = await allPages<LocationLevelItem>(api, '/2026-07/inventory-level/locations?PageSize=100');
  const item = levels.find((i) => i.locations.some((l) => l.on_hand_quantity > 5))!;
  const location = item.locations.find((l) => l.on_hand_quantity > 5)!;

  // Keyboard only from here: the form, the chart, the export.
  await openAddress(page, `/inventory/history?fc=${location.location_id}`);
  await expectViewFocus(page, 'Inventory history');
  // With no item, the whole center's history loads (several pages); wait for it, then narrow by keyboard.
  await expect(page.getByTestId('history-summary')).toContainText('all items', { timeout: 30_000 });
  await tabTo(page, /Items/);
  // A code that is no item's is refused in words, and nothing is sent.
  await page.keyboard.type('NO-SUCH-SKU', { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'No item has the code “NO-SUCH-SKU”' })).toBeVisible();
  await page.keyboard.press('Control+a');
  // The SKU; main's cache finds its inventory id.
  // At a person's typing speed: a burst as fast as a scanner's goes to the scan router instead.
  await page.keyboard.type(item.sku, { delay: 120 });
  await page.keyboard.press('Enter');
  // The item by its name and SKU, not its id.
  await expect(page.getByTestId('history-summary')).toContainText(`for ${item.name} (${item.sku}) at `);
  await expect(page.getByTestId('history-summary')).not.toContainText(String(item.inventory_id));
  await expect.poll(() => page.evaluate(() => decodeURIComponent(window.location.hash))).toContain(`item=${item.inventory_id}`);
  // The address keeps the id; the Items field reads as the SKU typed, the item's name beside its label.
  const itemsField = page.getByRole('textbox', { name: 'Items', exact: true });
  await expect(itemsField).toHaveValue(item.sku);
  await expect(page.locator('#history-items-names')).toHaveText(item.name);
  await expect(itemsField).toHaveAccessibleDescription(item.name);

  const count = await eventRows(page).count();
  expect(count).toBeGreaterThan(1);
  const changes = (await page.getByRole('table', { name: 'History events' }).locator('tbody tr[aria-rowindex] td:nth-child(7)').allTextContents()).map(
    parseChange,
  );
  expect(changes).toHaveLength(count);
  // Each event names its item as the clerk knows it: the name first, then the SKU; never the bare id.
  const itemCells = await page.getByRole('table', { name: 'History events' }).locator('tbody tr[aria-rowindex] td:nth-child(2)').allTextContents();
  expect(new Set(itemCells)).toEqual(new Set([`${item.name} (${item.sku})`]));
  const sum = changes.reduce((a, b) => a + b, 0);
  const endText = await page.getByTestId('history-end-on-hand').textContent();
  expect(parseChange(endText!)).toBe(sum);
  expect(sum).toBe(location.on_hand_quantity);
  expect(parseChange((await page.getByTestId('history-sum').textContent())!)).toBe(sum);
  // The cache's figure for the same center agrees, and the view says so.
  await expect(page.getByTestId('history-cache-on-hand')).toContainText(`${item.name} (${item.sku}): the inventory cache has`);
  await expect(page.getByTestId('history-cache-on-hand')).toContainText('the same as the chart’s end');

  // The chart's time axis runs to today (the range ends today), not to the last event.
  const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date());
  await expect(page.getByTestId('history-chart-span')).toHaveText(new RegExp(`to ${today}$`));
  // The chart: focus it from the keyboard; End puts the cursor on the last event, which names it.
  await tabTo(page, /On hand at .* over time/);
  await page.keyboard.press('End');
  await expect(page.locator('#history-chart-point')).toContainText(`→ ${location.on_hand_quantity.toLocaleString('en-US')} on hand`);
  await page.keyboard.press('Home');
  await expect(page.locator('#history-chart-point')).toContainText(`→ ${changes[0]!.toLocaleString('en-US')} on hand`);
  await page.keyboard.press('+');
  await expect(page.getByRole('button', { name: 'Reset zoom' })).toBeVisible();
  await page.keyboard.press('0');
  await expect(page.getByRole('button', { name: 'Reset zoom' })).toBeHidden();
  await axeCheck(page, 'inventory-history');
  await page.emulateMedia({ colorScheme: 'dark' });
  await axeCheck(page, 'inventory-history-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Export: a download of exactly the rows shown, RFC 4180 (CRLF, quoted where needed).
  const download = page.waitForEvent('download');
  await tabTo(page, /Export CSV/, 60);
  await page.keyboard.press('Enter');
  const file = await (await download).path();
  const csv = await readFile(file, 'utf8');
  expect(csv.endsWith('\r\n')).toBe(true);
  const records = csv.trimEnd().split('\r\n');
  expect(records[0]).toBe('Time (local),SKU,Item,Inventory id,Category,Reference,Lot,Location,Quantity change,On hand after');
  expect(records).toHaveLength(count + 1);
  // Local times, and the SKU and name beside the id (the name may be quoted: it can hold a comma).
  const stored = (await host.core.emulator.control.data('inventory')).find((i) => i.inventory_id === item.inventory_id)!;
  const named = `${stored.sku},${stored.name.includes(',') ? `"${stored.name}"` : stored.name},${item.inventory_id},`;
  for (const r of records.slice(1)) {
    expect(r).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/);
    expect(r).toContain(named);
  }
  expect(Number(records.at(-1)!.split(',').at(-1))).toBe(location.on_hand_quantity);
});

test('two SKUs are two lines, two legends and two on-hands, each the service’s; one summed line only when asked for', async ({ page, host }) => {
  const api = await serviceApi(host);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);

  // Two items with stock at the same center.
  const levels = await allPages<LocationLevelItem>(api, '/2026-07/inventory-level/locations?PageSize=100');
  const stocked = (i: LocationLevelItem, fc: number) => i.locations.some((l) => l.location_id === fc && l.on_hand_quantity > 5);
  const fc = levels
    .flatMap((i) => i.locations.filter((l) => l.on_hand_quantity > 5).map((l) => l.location_id))
    .find((id) => levels.filter((i) => stocked(i, id)).length >= 2)!;
  const [a, b] = levels.filter((i) => stocked(i, fc)).slice(0, 2) as [LocationLevelItem, LocationLevelItem];
  // Each item's end as the service's own history gives it over the view's default range (from the
  // start of the day 89 days ago, local time): the sum of that item's changes at this center alone.
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - 89);
  const serviceEnd = async (id: number) => {
    const answer = await api.call<{ data: { increment: Side; decrement: Side }[]; next: string | null }>('POST', '/2026-07/inventory/history:query', {
      facility_id: fc,
      inventory_ids: [id],
      start_date: start.toISOString(),
    });
    expect(answer.next, 'one page of history per item').toBeNull();
    return answer.data.flatMap((e) => [e.increment, e.decrement]).reduce((sum, side) => sum + (side?.facility_id === fc ? side.quantity_change : 0), 0);
  };
  const onHandA = await serviceEnd(a.inventory_id);
  const onHandB = await serviceEnd(b.inventory_id);
  const count = (n: number) => n.toLocaleString('en-US');

  await openAddress(page, `/inventory/history?fc=${fc}&item=${a.inventory_id},${b.inventory_id}`);
  const summary = page.getByTestId('history-summary');
  await expect(summary).toContainText('2 items with events, each counted on its own', { timeout: 30_000 });
  // Opened from an address of ids: the field shows both SKUs (no id), the names beside its label.
  await expect(page.getByRole('textbox', { name: 'Items', exact: true })).toHaveValue(`${a.sku}, ${b.sku}`);
  await expect(page.locator('#history-items-names')).toContainText(a.name);
  await expect(page.locator('#history-items-names')).toContainText(b.name);
  // The running on-hand column's header reads in two lines at most; what it counts is said on hover.
  const onHandHeader = page.getByRole('columnheader', { name: 'On hand after' }).locator('.history-on-hand-header');
  await expect(onHandHeader).toHaveAttribute('title', /This item’s on hand at this center/);
  await page.setViewportSize({ width: 1280, height: 800 });
  const lines = await onHandHeader.evaluate((el) => {
    const words = document.createRange();
    words.selectNodeContents(el);
    return new Set([...words.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines, 'header lines at 1280 wide').toBeLessThanOrEqual(2);
  // Every column in reach at 1280 wide: the item's name gives way, not the on-hand column.
  const eventsBox = page.locator('.data-table').filter({ has: page.getByRole('table', { name: 'History events' }) });
  expect(await eventsBox.evaluate((el) => el.scrollWidth - el.clientWidth), 'events table wider than its box at 1280').toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 1920, height: 1080 });
  expect(
    await onHandHeader.evaluate((el) => {
      const words = document.createRange();
      words.selectNodeContents(el);
      return new Set([...words.getClientRects()].map((r) => Math.round(r.top))).size;
    }),
    'header lines at 1920 wide',
  ).toBe(1);
  // No figure adds the two SKUs together unless asked.
  await expect(page.getByTestId('history-sum')).toHaveCount(0);
  await expect(page.getByTestId('history-end-on-hand')).toHaveCount(0);
  await expect(page.getByRole('figure')).toContainText('one line per item');
  const legend = page.getByTestId('history-legend').getByRole('listitem');
  await expect(legend).toHaveCount(2);
  await expect(legend.filter({ hasText: a.sku })).toContainText(`${count(onHandA)} at the end`);
  await expect(legend.filter({ hasText: b.sku })).toContainText(`${count(onHandB)} at the end`);
  // Each line named as everywhere: the item's name, then its SKU.
  await expect(legend.filter({ hasText: a.sku })).toContainText(`${a.name} (${a.sku}): ${count(onHandA)} at the end`);
  await expect(legend.filter({ hasText: b.sku })).toContainText(`${b.name} (${b.sku}): ${count(onHandB)} at the end`);

  // The table's "On hand after" is each item's own running sum: each item's last row is its on-hand.
  const rows = await eventRows(page).evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  // Each row names its item by name, then SKU.
  const lastOf = (i: { name: string; sku: string }) => rows.filter((r) => r[1] === `${i.name} (${i.sku})`).at(-1)!;
  expect(parseChange(lastOf(a)[7]!)).toBe(onHandA);
  expect(parseChange(lastOf(b)[7]!)).toBe(onHandB);
  // The chart's last point names the item its change belongs to.
  await page.getByTestId('history-chart').focus();
  await page.keyboard.press('End');
  const last = rows.at(-1)!;
  const lastItem = [a, b].find((i) => last[1] === `${i.name} (${i.sku})`)!;
  await expect(page.locator('#history-chart-point')).toContainText(`${lastItem.sku} ·`);
  await expect(page.locator('#history-chart-point')).toContainText(`→ ${last[7]} on hand`);

  // Summed on request: one line, and the figures say they are all items together.
  await page.getByRole('checkbox', { name: 'Sum all 2 items into one line' }).check();
  await expect(page.getByRole('figure')).toContainText('all items summed');
  await expect(legend).toHaveCount(1);
  await expect(legend).toContainText(`All items: ${count(onHandA + onHandB)} at the end (2 items summed)`);
  await expect(summary).toContainText('All items together');
  expect(parseChange((await page.getByTestId('history-end-on-hand').textContent())!)).toBe(onHandA + onHandB);
  await axeCheck(page, 'inventory-history-two-items');
  await page.emulateMedia({ colorScheme: 'dark' });
  await axeCheck(page, 'inventory-history-two-items-dark');
});

test('a range over 90 days is refused before anything is sent; a long query shows its pages and Cancel stops it', async ({ page, host }) => {
  const api = await serviceApi(host);
  // The answers main sends the page for its history queries, by call: a query's answer is sent once
  // main has stopped asking the service for it.
  const historyAnswers = new Map<number, string | null>();
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const m = JSON.parse(String(payload)) as { type?: string; id?: number; channel?: string };
      if (m.type === 'call' && m.channel === 'inventory.history' && m.id !== undefined) historyAnswers.set(m.id, null);
    });
    socket.on('framereceived', ({ payload }) => {
      const m = JSON.parse(String(payload)) as { type?: string; id?: number; result?: { ok: boolean; error?: { code: string } } };
      if (m.type === 'result' && m.id !== undefined && historyAnswers.has(m.id))
        historyAnswers.set(m.id, m.result?.ok ? 'ok' : (m.result?.error?.code ?? 'error'));
    });
  });
  const lastHistoryAnswer = () => [...historyAnswers.values()].at(-1);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  const centers = await api.call<{ id: number }[]>('GET', '/2026-07/fulfillment-center');
  const historyRequests = async () =>
    ((await api.control('GET', '/requests')) as { items: { path: string }[] }).items.filter((r) => r.path.includes('history')).length;

  // The address asks for 91 days: the view says why and sends nothing.
  const sent = await historyRequests();
  await openAddress(page, `/inventory/history?fc=${centers[0]!.id}&item=1&from=2026-01-01&to=2026-04-01`);
  await expect(page.getByTestId('history-check')).toHaveText(/covers 91 days; the service answers at most 90 days at a time/);
  // So does the form, when a date is typed that makes the range too long.
  await typeDay(page, 'From day', '2025-12-01');
  await page.getByRole('button', { name: 'Show history' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'covers 122 days' })).toBeVisible();
  expect(await historyRequests()).toBe(sent);

  // Slow pages: the progress line counts them, Cancel ends the query in main.
  await api.control('PUT', '/faults', { latencyMs: 2000 });
  await openAddress(page, `/inventory/history?fc=${centers[0]!.id}`);
  const progress = page.getByRole('status').filter({ hasText: 'Loading history…' });
  await expect(progress).toContainText(/[1-9]\d* pages?, [\d,]+ events so far/, { timeout: 20_000 });
  await axeCheck(page, 'inventory-history-loading');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/Cancelled after \d+ pages?; nothing is shown/)).toBeVisible();
  const afterCancel = await historyRequests();
  // Main answers the cancelled query once its paging loop has stopped; pages are read one at a time,
  // so the service sees at most the page in flight when Cancel was pressed, and no further pages.
  await expect.poll(lastHistoryAnswer).toBe('cancelled');
  expect(await historyRequests()).toBeLessThanOrEqual(afterCancel + 1);
  await api.control('PUT', '/faults', { latencyMs: 0 });
  await page.getByRole('button', { name: 'Load again' }).click();
  await expect(page.getByTestId('history-summary')).toContainText('all items', { timeout: 30_000 });
  expect(await eventRows(page).count()).toBeGreaterThan(10);
});
