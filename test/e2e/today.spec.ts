import type { Page } from '@playwright/test';
import { countDiffers, lotReceivedOtherwise, type RawBoxLine, type RawQuantity } from '../support/discrepancy-oracle.js';
import { axeCheck, expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { allPages, daysUntilExpiry, openAddress, waitForFirstSync, type LotLevelItem } from './inventory-support.js';
import { scanCode } from './scanner.js';
import { service, type Service } from './service.js';

/**
 * Today, the start page: each tile's count is what the service itself answers for the same
 * question (asked here through the emulator's API with a token of its own), a tile opens its full
 * list with the filters in the address, and with the service gone it shows the last state and its time.
 */

type Wro = { id: number; status: string; expected_arrival_date: string; fulfillment_center: { id: number; timezone: string | null } };
type ClosedWro = Wro & { inventory_quantities: RawQuantity[] | null };

/** The calendar day ("2026-11-24") of an instant on a center's clock. */
const dayAt = (ms: number, timeZone: string | null) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
/** How an order's expected day compares with today at its own center: "today" is the dock's today. */
const expectedDay = (w: Wro, now = Date.now()) => {
  const expected = dayAt(Date.parse(w.expected_arrival_date), w.fulfillment_center.timezone);
  const today = dayAt(now, w.fulfillment_center.timezone);
  return expected === today ? 'today' : expected < today ? 'overdue' : 'later';
};

/** The service's answers to Today's questions, for one center or all (null). */
async function serviceCounts(api: Service, center: number | null) {
  const fc = center === null ? '' : `&FulfillmentCenterIds=${center}`;
  const awaiting = await api.call<Wro[]>('GET', `/2026-07/receiving?Statuses=Awaiting&Limit=250${fc}`);
  const arrived = await api.call<Wro[]>('GET', `/2026-07/receiving?Statuses=Arrived,PartiallyArrived,Processing&Limit=250${fc}`);
  const unlinked = await api.call<unknown[]>('GET', '/2026-07/unidentified-receiving-order?isCompleted=false');
  const returns = await api.call<{ items: unknown[] }>(
    'GET',
    `/2026-07/return?Status=AwaitingArrival&Limit=250${center === null ? '' : `&FulfillmentCenterIds=${center}`}`,
  );
  // Orders the warehouse closed, created since the desk's midnight 30 days ago, with any item counted otherwise than expected.
  const now = new Date();
  const since = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 30).getTime() - 1;
  const closed = await api.call<ClosedWro[]>(
    'GET',
    `/2026-07/receiving?Statuses=Completed,Incomplete&InsertStartDate=${new Date(since).toISOString()}&Limit=250${fc}`,
  );
  // …or with every count equal and a lot received under another lot or expiry.
  let discrepancies = 0;
  for (const w of closed)
    if (countDiffers(w.inventory_quantities) || lotReceivedOtherwise(await api.call<{ box_items: RawBoxLine[] }[]>('GET', `/2026-07/receiving/${w.id}/boxes`)))
      discrepancies++;
  return {
    'expected-today': awaiting.filter((w) => expectedDay(w) === 'today').length,
    overdue: awaiting.filter((w) => expectedDay(w) === 'overdue').length,
    arrived: arrived.length,
    unlinked: unlinked.length,
    'returns-awaiting': returns.items.length,
    discrepancies,
    outbox: 0,
  };
}

type Item = { inventory_id: number; variant: { is_digital?: boolean; is_bundle?: boolean } | null };
type Level = { inventory_id: number; total_fulfillable_quantity: number };
type Exclusions = { lot_exclusions: { lot_number: string; is_deleted: boolean }[] };

/** Lots with stock on hand at a center and an expiry, as the service lists them, with their days left in the browser's zone. */
async function serviceLots(api: Service, timeZone: string) {
  const items = await allPages<LotLevelItem>(api, '/2026-07/inventory-level/lots?PageSize=100');
  return items.flatMap((i) =>
    i.lots.flatMap((l) =>
      (l.locations ?? [])
        .filter((at) => at.on_hand_quantity > 0 && l.lot_date !== null)
        .map(() => ({ inventoryId: i.inventory_id, lot: l.lot_number, daysLeft: daysUntilExpiry(l.lot_date!, timeZone) })),
    ),
  );
}

/**
 * The service's answers to the stock tiles' questions, over every center: lots expiring within
 * `days` (today included) and expired lots without an active exclusion at the service, each lot
 * counted once per center holding some; physical items (neither digital nor a bundle) whose
 * fulfillable total is zero, or above zero and under `threshold`.
 */
async function serviceStockCounts(api: Service, timeZone: string, days: number, threshold: number) {
  const lots = await serviceLots(api, timeZone);
  const expired = lots.filter((l) => l.daysLeft < 0);
  const excluded = new Set<string>();
  for (const id of new Set(expired.map((l) => l.inventoryId))) {
    const list = await api.call<Exclusions>('GET', `/2026-07/lot-exclusion?inventory_id=${id}`);
    for (const x of list.lot_exclusions) if (!x.is_deleted) excluded.add(`${id}:${x.lot_number}`);
  }
  const items = await allPages<Item>(api, '/2026-07/inventory?PageSize=100');
  const levels = new Map((await allPages<Level>(api, '/2026-07/inventory-level?PageSize=100')).map((l) => [l.inventory_id, l.total_fulfillable_quantity]));
  const physical = items.filter((i) => !i.variant?.is_digital && !i.variant?.is_bundle).map((i) => levels.get(i.inventory_id) ?? 0);
  return {
    expiring: lots.filter((l) => l.daysLeft >= 0 && l.daysLeft <= days).length,
    expired: expired.filter((l) => !excluded.has(`${l.inventoryId}:${l.lot}`)).length,
    zero: physical.filter((f) => f <= 0).length,
    low: physical.filter((f) => f > 0 && f < threshold).length,
    expiredItems: [...new Set(expired.map((l) => l.inventoryId))],
    expiredLots: expired,
    excluded,
  };
}

const tile = (page: Page, id: string) => page.getByTestId(`tile-${id}`);
const countOn = async (page: Page, id: string) => Number((await tile(page, id).getByTestId('tile-count').innerText()).replace(/\D/g, ''));
const address = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));

async function openToday(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await signInThroughPopup(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByTestId('today-freshness')).toContainText(/As of \d{1,2}:\d{2}/, { timeout: 30_000 });
}

test('Today is the start page after sign-in and focuses its first tile on arrival; every count is the service’s answer; tiles open their lists by address', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = await service(host.core.emulator.url);
  await openToday(page, host.url);
  expect(await address(page)).toBe('/today');
  // Signed in, Today opens like any view: its first tile has focus, and a digit acts at once.
  await expect(tile(page, 'expected-today')).toBeFocused();
  await page.keyboard.press('2');
  await expect.poll(() => address(page)).toBe('/today/receiving?when=overdue&fc=all');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(tile(page, 'expected-today')).toBeFocused();
  // Arriving on Today (here by its shortcut, from Receiving's) puts focus on the first tile.
  await page.keyboard.press('Alt+1');
  await expectViewFocus(page, 'Receiving');
  await page.keyboard.press('Alt+0');
  await expectViewFocus(page, 'Today');
  await expect(tile(page, 'expected-today')).toBeFocused();

  const expected = await serviceCounts(api, null);
  for (const [id, count] of Object.entries(expected)) expect([id, await countOn(page, id)]).toEqual([id, count]);
  // The day the emulator made has something in each receiving tile.
  expect(expected['expected-today']).toBeGreaterThan(0);
  expect(expected.overdue).toBeGreaterThan(0);
  await axeCheck(page, 'today');

  // Arrows move between tiles, Enter opens: the overdue list with its filters in the address.
  await page.keyboard.press('ArrowRight');
  await expect(tile(page, 'overdue')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => address(page)).toBe('/today/receiving?when=overdue&fc=all');
  await expectViewFocus(page, 'Overdue receiving orders');
  await expect(page.getByRole('table', { name: 'Overdue receiving orders' })).toHaveAttribute('aria-rowcount', String(expected.overdue + 1));

  // Back to Today, and the third tile by its digit: the receiving list filtered by the statuses counted.
  await page.keyboard.press('Alt+ArrowLeft');
  await expectViewFocus(page, 'Today');
  await expect(tile(page, 'expected-today')).toBeFocused();
  await page.keyboard.press('3');
  await expect.poll(() => address(page)).toBe('/receiving?status=Arrived,PartiallyArrived,Processing');
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' })).toHaveAttribute('aria-rowcount', String(expected.arrived + 1));

  // The fourth tile, orders closed with a discrepancy, opens the discrepancy list of the same period: one row each.
  await page.keyboard.press('Alt+0');
  await expectViewFocus(page, 'Today');
  expect(expected.discrepancies).toBeGreaterThan(0);
  await page.keyboard.press('4');
  await expect.poll(() => address(page)).toMatch(/^\/receiving\/discrepancies\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expectViewFocus(page, 'Receiving discrepancies');
  await expect(page.getByRole('table', { name: 'Receiving orders with discrepancies' }).locator('tbody tr')).toHaveCount(expected.discrepancies);

  // Alt+0 is Today; the unlinked tile opens the receipts list on its unlinked tab.
  await page.keyboard.press('Alt+0');
  await expectViewFocus(page, 'Today');
  await tile(page, 'unlinked').click();
  await expect.poll(() => address(page)).toBe('/unidentified?tab=unlinked');

  // The stock tiles, from the inventory cache once it is filled, open the stock lists with the same filters.
  await waitForFirstSync(host);
  await page.keyboard.press('Alt+0');
  await expectViewFocus(page, 'Today');
  await expect(tile(page, 'expired')).toBeVisible({ timeout: 30_000 });
  await expectStockCountsOfService(page, host, api);
  await expect(tile(page, 'low')).toHaveAttribute('href', '#/stock/items?stock=low&threshold=10');
  await tile(page, 'expired').click();
  await expect.poll(() => address(page)).toBe('/stock/expiring?days=30&show=expired');

  // Settings → Today → Start page offers the sidebar's workspaces; chosen, `/` leads there.
  await openAddress(page, '/settings');
  await page.getByRole('button', { name: /Start page/ }).click();
  const offered = await page.getByRole('listbox').getByRole('option').allInnerTexts();
  expect(offered).toEqual(await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('link').allInnerTexts());
  await page.getByRole('option', { name: 'Returns', exact: true }).click();
  await openAddress(page, '/');
  await expect.poll(() => address(page)).toBe('/returns');
});

test('the desk’s center from Settings is chosen; its counts are the service’s for that center; a scan on Today opens its record', async ({ page, host }) => {
  const api = await service(host.core.emulator.url);
  const centers = await api.call<{ id: number; name: string }[]>('GET', '/2026-07/fulfillment-center');
  const overdue = (await api.call<Wro[]>('GET', '/2026-07/receiving?Statuses=Awaiting&Limit=250')).filter((w) => expectedDay(w) === 'overdue');
  const center = centers.find((c) => overdue.some((w) => w.fulfillment_center.id === c.id))!;
  await host.core.dispatch('returns.settings.set', { defaultFulfillmentCenter: { id: center.id, name: center.name } });
  await openToday(page, host.url);
  await expect(page.getByRole('button', { name: /Fulfillment center/ })).toContainText(center.name);
  const expected = await serviceCounts(api, center.id);
  for (const id of ['expected-today', 'overdue', 'arrived', 'returns-awaiting'] as const) expect([id, await countOn(page, id)]).toEqual([id, expected[id]]);
  await expect(tile(page, 'overdue')).toHaveAttribute('href', `#/today/receiving?when=overdue&fc=${center.id}`);
  await expect(tile(page, 'returns-awaiting')).toHaveAttribute('href', `#/returns?status=AwaitingArrival&fc=${center.id}`);

  // A scanned WRO id on Today goes through the shell's scan router like anywhere else.
  const wro = overdue[0]!;
  await scanCode(page, String(wro.id), { msPerKey: 5 });
  await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${wro.id}` })).toBeVisible();
});

test('offline, Today shows the last state and its time', async ({ page, host }) => {
  await openToday(page, host.url);
  const counts = Object.fromEntries(
    await Promise.all(['expected-today', 'overdue', 'arrived', 'unlinked'].map(async (id) => [id, await countOn(page, id)] as const)),
  );
  const asOf = (await page.getByTestId('today-freshness').innerText()).match(/As of [^·]+/)![0].trim();

  await host.core.emulator.close();
  await openAddress(page, '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Alt+0');
  await expectViewFocus(page, 'Today');
  await expect(page.getByTestId('today-freshness')).toContainText(/offline|could not refresh/, { timeout: 30_000 });
  await expect(page.getByTestId('today-freshness')).toContainText(asOf);
  for (const [id, count] of Object.entries(counts)) expect([id, await countOn(page, id)]).toEqual([id, count]);
});

/**
 * The stock tiles against the service. "Expired, not excluded" counts the lots the desk does not know
 * to be excluded, and the desk learns exclusions by asking per item (`stock.exclusions`, as the
 * expiring list does for the lots it shows). So one expired lot is first excluded at the service
 * behind the desk's back, the desk is made to ask about every item with an expired lot, and then the
 * tile must show the service's own count: expired lots in stock without an active exclusion.
 */
async function expectStockCountsOfService(page: Page, host: Parameters<typeof waitForFirstSync>[0], api: Service): Promise<void> {
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const before = await serviceStockCounts(api, timeZone, 30, 10);
  const open = before.expiredLots.find((l) => !before.excluded.has(`${l.inventoryId}:${l.lot}`));
  expect(open, 'the emulator’s day has an expired lot not excluded').toBeDefined();
  await api.call('POST', '/2026-07/lot-exclusion', { inventory_id: open!.inventoryId, lot_number: open!.lot });
  for (let k = 0; k < before.expiredItems.length; k += 50) {
    const asked = await host.core.dispatch('stock.exclusions', { inventoryIds: before.expiredItems.slice(k, k + 50) });
    expect(asked.ok && (asked.value as { failed: unknown[] }).failed).toEqual([]);
  }
  const expected = await serviceStockCounts(api, timeZone, 30, 10);
  expect(expected.expired).toBe(before.expired - 1);
  // The tiles are read again when Today's state changes; a forced refresh says so.
  await host.core.dispatch('today.refresh', { force: true });
  for (const id of ['expiring', 'expired', 'zero', 'low'] as const) {
    await expect.poll(() => countOn(page, id), { message: `the ${id} tile` }).toBe(expected[id]);
  }
  expect(expected.expired + expected.expiring + expected.zero + expected.low).toBeGreaterThan(0);
}

/** Any IANA zone id ("America/New_York") where a clerk reads the page. */
const IANA_ID = /\b(Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Z]/;

test.describe('times at a center', () => {
  // The desk at UTC+14, the centers in the Americas: the desk's date is a day ahead of the docks' for most of the day.
  test.use({ timezoneId: 'Pacific/Kiritimati', locale: 'en-US' });

  test('an order expected today reads the same date, time and zone on Today, its list, the receiving list and its page: its center’s', async ({
    page,
    host,
  }) => {
    test.setTimeout(90_000);
    const api = await service(host.core.emulator.url);
    const today = (await api.call<(Wro & { purchase_order_number: string | null })[]>('GET', '/2026-07/receiving?Statuses=Awaiting&Limit=250')).filter(
      (w) => expectedDay(w) === 'today',
    );
    expect(today.length, 'the emulator’s day has orders expected today at their centers').toBeGreaterThan(0);
    const deskDay = (w: Wro) => dayAt(Date.parse(w.expected_arrival_date), 'Pacific/Kiritimati');
    const crossing = today.filter((w) => deskDay(w) !== dayAt(Date.parse(w.expected_arrival_date), w.fulfillment_center.timezone));
    // At most hours of the day every order crosses; in the few where none does, the same-day order still proves the rest.
    if (crossing.length === 0) console.log('No order expected today falls on another day at the desk right now: checking the same-day rule only.');
    const wro = crossing[0] ?? today[0]!;
    const zone = wro.fulfillment_center.timezone!;
    const at = Date.parse(wro.expected_arrival_date);
    // What a clerk at the dock would say: its date and time, and its zone's letters (EST, PST, CST).
    const shown = `${new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(at)} ${
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')!.value
    }`;
    expect(shown).toMatch(/ [ECMP][SD]T$/);

    await openToday(page, host.url);
    const row = tile(page, 'expected-today')
      .locator('.tile-row')
      .filter({ hasText: `WRO ${wro.id}` });
    await expect(row).toContainText(`expected ${shown}`);
    await expect(page.locator('body')).not.toContainText(IANA_ID);

    await tile(page, 'expected-today').click();
    await expect.poll(() => address(page)).toMatch(/^\/today\/receiving\?when=today/);
    await expect(page.getByRole('row').filter({ hasText: String(wro.purchase_order_number) })).toContainText(shown);

    await openAddress(page, `/receiving?po=${encodeURIComponent(wro.purchase_order_number!)}`);
    await expect(
      page
        .getByRole('table', { name: 'Warehouse receiving orders' })
        .getByRole('row')
        .filter({ hasText: String(wro.id) }),
    ).toContainText(shown);
    await expect(page.locator('body')).not.toContainText(IANA_ID);

    await openAddress(page, `/receiving/${wro.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${wro.id}` })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: shown }).first()).toBeVisible();
    await expect(page.locator('body')).not.toContainText(IANA_ID);
    if (crossing.length > 0) {
      // The desk's own date for the same instant appears nowhere with that time.
      const deskShown = new Intl.DateTimeFormat('en-US', { timeZone: 'Pacific/Kiritimati', year: 'numeric', month: 'short', day: 'numeric' }).format(at);
      await expect(page.getByRole('definition').filter({ hasText: `${deskShown},` })).toHaveCount(0);
    }

    // An unidentified receipt names no center: its time is the desk's, with the desk's zone named.
    await openAddress(page, '/unidentified?tab=unlinked');
    const firstRow = page.getByRole('table').getByRole('row').nth(1);
    await expect(firstRow).toContainText(/\d{1,2}:\d{2} [AP]M GMT\+14/);
  });
});
