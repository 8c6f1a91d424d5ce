import type { Page } from '@playwright/test';
import type { BrowserHost } from '../../electron/host/browser-host.js';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';
import { apiRequests, ipcInFlight, listed, settled, type Logged } from './request-log.js';
import { scanCode } from './scanner.js';

/**
 * What one scan costs of the service's request budget (150 a minute per user and application), read
 * from the emulator's own request log: the requests from the scan until its record's view has loaded,
 * less what opening that record's address costs without a scan. The difference is what the scan's
 * lookups asked. Each code is scanned from Settings after a reload, as its record is opened directly,
 * so neither finds the other's answers in the page's query cache.
 *
 * The emulator's limit is on, as the service has it: the first sync and the box index's first read
 * can spend much of the window, so a later call may wait up to a minute for it. The counts do not
 * depend on when a request is sent, and the waits below (settled: nothing in flight, the log quiet)
 * allow for that.
 */

const address = (page: Page) => page.evaluate<string>('decodeURIComponent(window.location.hash.slice(1))');

/** Reloads the desk on Settings (an empty page query cache), lets it settle, runs `act`, and lists the requests until all is quiet again. */
async function requestsOf(page: Page, host: BrowserHost, inFlight: () => number, act: () => Promise<void>): Promise<Logged[]> {
  await openAddress(page, '#/settings');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const from = await settled(page, host, inFlight);
  await act();
  await settled(page, host, inFlight);
  return apiRequests(host, from);
}

/**
 * Scans `code` and returns what the scan cost beyond opening `opens` (null: nothing opens, the desk
 * says "Nothing matches"). Also logged, request by request, for a person reading the run.
 */
async function scanCost(page: Page, host: BrowserHost, inFlight: () => number, what: string, code: string, opens: string | null): Promise<number> {
  const direct = opens
    ? await requestsOf(page, host, inFlight, async () => {
        await openAddress(page, `#${opens}`);
        await expect.poll(() => address(page)).toBe(opens);
        await expect(page.locator('#content h1')).not.toHaveText('Settings');
      })
    : [];
  const scanned = await requestsOf(page, host, inFlight, async () => {
    await scanCode(page, code, { msPerKey: 5 });
    if (opens) {
      await expect.poll(() => address(page), { timeout: 75_000 }).toBe(opens);
      await expect(page.locator('#content h1')).not.toHaveText('Settings');
    } else await expect(page.getByText('Nothing matches', { exact: false }).first()).toBeVisible({ timeout: 75_000 });
  });
  const cost = scanned.length - direct.length;
  console.log(
    `${what} ${JSON.stringify(code)}: ${cost} for the scan; scanned ${scanned.length} (${listed(scanned)}); opened directly ${direct.length} (${listed(direct)})`,
  );
  return cost;
}

test('each kind of code costs at most the requests that code needs', async ({ page, host }) => {
  test.setTimeout(600_000);
  const inFlight = ipcInFlight(page);
  await page.goto(host.url);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Signed in on Receiving, not on the desk's start page: Today, once open, has main read its lists
  // again every five minutes, and such a read would land in a counted window.
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('link', { name: 'Receiving', exact: true })).toHaveAttribute('aria-current', 'page');
  await signInThroughPopup(page);
  await waitForFirstSync(host);

  const control = host.core.emulator.control;
  const item = (await control.data('inventory')).find(
    (i) => i.is_active && !i.is_digital && !i.is_bundle && /^\d{13}$/.test(i.barcode) && /[A-Z]/.test(i.sku),
  )!;
  const orders = await control.data('receivingOrders');
  const order = orders.find((o) => o.status !== 'Completed' && o.status !== 'Cancelled' && o.boxes.some((b) => b.tracking_number))!;
  const box = order.boxes.find((b) => b.tracking_number)!;
  const ret = (await control.data('returns')).find((r) => r.reference_id && r.tracking_number)!;
  const receipt = (await control.data('uros'))[0]!;

  // The account mirror's first pass after sign-in (a request a second, in the background) holds every
  // order's boxes: once it is fresh, a session's first code that names nothing is said without asking
  // (before the mirror it read the box index, every open order's boxes, about 70 requests).
  await expect.poll(() => host.core.mirror.isFresh(), { timeout: 240_000 }).toBe(true);
  const first = await scanCost(page, host, inFlight, 'first unknown code of the session (fresh mirror)', 'NO-SUCH-CODE-0000', null);
  expect(first).toBe(0);

  const gtin14 = item.barcode.padStart(14, '0');
  // Codes that name an item in the offline cache: the cache answers them, the service is not asked.
  expect
    .soft(
      await scanCost(
        page,
        host,
        inFlight,
        'GS1-128 with GTIN, expiry and lot (no GS: the lot ends it)',
        `]C101${gtin14}1726123110LOT7`,
        `/inventory/items/${item.inventory_id}?lot=LOT7`,
      ),
    )
    .toBe(0);
  expect
    .soft(
      await scanCost(page, host, inFlight, 'GS1 element string with GS', `]d201${gtin14}10LOT8\x1d17261231`, `/inventory/items/${item.inventory_id}?lot=LOT8`),
    )
    .toBe(0);
  expect.soft(await scanCost(page, host, inFlight, 'EAN-13 barcode', item.barcode, `/inventory/items/${item.inventory_id}`)).toBe(0);
  expect.soft(await scanCost(page, host, inFlight, 'SKU', item.sku, `/inventory/items/${item.inventory_id}`)).toBe(0);

  // A WRO id: a PO number that could be the same digits, a return reference, the box index's order
  // list when older than 30 s (a box id is looked up in the index already held). The order's own
  // read is the one its view would make: the view opened by the scan uses it.
  expect.soft(await scanCost(page, host, inFlight, 'WRO id', String(order.id), `/receiving/${order.id}`)).toBeLessThanOrEqual(3);
  // Codes of 8 characters or more that match no item: every lookup that could hold them is asked
  // (a PO, the box index's order list, a return's reference and tracking number, the receipts' two lists).
  expect
    .soft(await scanCost(page, host, inFlight, 'box tracking number', box.tracking_number!, `/receiving/${order.id}?box=${box.box_id}`))
    .toBeLessThanOrEqual(6);
  expect.soft(await scanCost(page, host, inFlight, 'return reference', ret.reference_id, `/returns/${ret.id}`)).toBeLessThanOrEqual(6);
  expect.soft(await scanCost(page, host, inFlight, 'return tracking number', ret.tracking_number!, `/returns/${ret.id}`)).toBeLessThanOrEqual(6);
  expect.soft(await scanCost(page, host, inFlight, 'unidentified receipt barcode', receipt.barcode, `/unidentified/${receipt.id}`)).toBeLessThanOrEqual(6);
  expect.soft(await scanCost(page, host, inFlight, 'unknown code', 'NO-SUCH-CODE-0001', null)).toBeLessThanOrEqual(6);
});
