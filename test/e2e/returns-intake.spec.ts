import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startBrowserHost, type BrowserHost } from '../../electron/host/browser-host.js';
import { rendererDir } from '../../electron/core/paths.js';
import { gtinCheckDigit } from '../../shared/scan/codes.js';
import type { EmulatorControl } from '../../emulator/control-client.js';
import { startEmulator } from '../../emulator/server.js';
import { axeCheck, expect, signInThroughPopup, test, testKeychain } from './fixtures.js';
import { startHostProcess } from './host-process.js';
import { serviceApi } from './inventory-support.js';
import { scanCode } from './scanner.js';
import { chooseCenter, openIntake, returnsWithReference } from './returns-support.js';

/**
 * Return intake at the scanner: scans typed as real key events at scanner speed, no calls
 * into the app. What the service holds afterwards is read from the emulator's store, as the
 * warehouse would see it.
 */

const KEY_MS = 5;

const scan = (page: Page, code: string) => scanCode(page, code, { msPerKey: KEY_MS });

/** A GS1-128 scan: element strings joined by GS (sent as Ctrl+], as a keyboard-wedge scanner does). */
const scanGs1 = (page: Page, parts: string[]) => scanCode(page, parts.join('\x1d'), { msPerKey: KEY_MS });

interface Item {
  id: number;
  sku: string;
  name: string;
  barcode: string;
  /** The return preference the merchant set for the item: what a Default line does. */
  preference: string;
}

/** Items of the seeded warehouse for the scans: two plain ones, a lot-tracked one, a digital one. */
async function pickItems(emulator: { control: EmulatorControl }) {
  const inventory = await emulator.control.data('inventory');
  const usable = inventory.filter((i) => i.is_active && !i.is_digital && !i.is_bundle && /^\d{13}$/.test(i.barcode));
  const item = (i: (typeof inventory)[number]): Item => ({
    id: i.inventory_id,
    sku: i.sku,
    name: i.name,
    barcode: i.barcode,
    preference: i.default_return_action,
  });
  const plain = usable
    .filter((i) => !i.is_lot)
    .slice(0, 2)
    .map(item);
  const lot = item(usable.find((i) => i.is_lot)!);
  const digital = item(inventory.find((i) => i.is_digital && /^\d{13}$/.test(i.barcode))!);
  return { a: plain[0]!, b: plain[1]!, lot, digital };
}

const line = (page: Page, i: number) => page.getByTestId(`intake-line-${i}`);
const lastScan = (page: Page) => page.getByTestId('intake-last-scan');

test('a box at scanner speed: tracking, items, a repeat, GS1 lot and expiry, a refused digital item; one return on the service', async ({ page, host }) => {
  const { a, b, lot, digital } = await pickItems(host.core.emulator);
  await openIntake(page, host.url);
  const reference = await page.getByLabel('Reference id').inputValue();
  expect(reference).toMatch(/^DD-\d{8}-/);

  await scan(page, '1Z999AA10123456784');
  await expect(page.getByLabel('Tracking number')).toHaveValue('1Z999AA10123456784');
  await expect(page.getByLabel('Scan items')).toBeFocused();

  await scan(page, a.barcode);
  await expect(line(page, 0)).toContainText(a.sku);
  await scan(page, b.barcode);
  await expect(line(page, 1)).toContainText(b.sku);
  await scan(page, a.barcode);
  await expect(lastScan(page)).toContainText(`${a.sku}`);
  await expect(line(page, 0).getByLabel(/Quantity of/)).toHaveValue('2');
  // The last scan's line is the highlighted one.
  await expect(line(page, 0)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('scan-cue')).toBeVisible();
  // An item without lots offers no lot fields; each action names what will happen.
  await expect(line(page, 0).getByLabel(/Lot number of/)).toHaveCount(0);
  await expect(line(page, 0).getByRole('group', { name: /^When .* expires$/ })).toHaveCount(0);
  await expect(line(page, 0)).toContainText('No lot');
  // Default names what the service will do with these goods: the item's own return preference.
  await expect(
    line(page, 0)
      .getByLabel(/Action for/)
      .locator('option')
      .first(),
  ).toHaveText(`${a.preference} (item’s preference)`);
  await expect(
    line(page, 1)
      .getByLabel(/Action for/)
      .locator('option')
      .first(),
  ).toHaveText(`${b.preference} (item’s preference)`);

  await scanGs1(page, [`010${lot.barcode}17271231` + '10LOT-4711']);
  await expect(line(page, 2)).toContainText(lot.sku);
  await expect(line(page, 2).getByLabel(/Lot number of/)).toHaveValue('LOT-4711');
  await expect(line(page, 2).locator('.expiry')).toHaveAttribute('data-value', '2027-12-31');
  await expect(line(page, 2).getByRole('group', { name: `When ${lot.name} (${lot.sku}) expires` })).toBeVisible();
  // The item's name before its SKU; "Expires" as the return, the item and the lots say.
  await expect(page.getByRole('table', { name: 'Items in this return' }).getByRole('columnheader')).toContainText([
    'Item',
    'SKU',
    'Quantity',
    'Lot',
    'Expires',
  ]);
  await expect(line(page, 2).locator('td').nth(1)).toHaveText(lot.name);
  await expect(line(page, 2)).toHaveAttribute('aria-current', 'true');

  await scan(page, digital.barcode);
  await expect(lastScan(page)).toContainText(/Refused: .*digital item/);
  await expect(page.getByRole('table', { name: 'Items in this return' }).locator('tbody tr[data-testid]')).toHaveCount(3);
  // A lot label on an item that is not lot-tracked: the clerk is told, and the lot is not kept.
  await scanGs1(page, [`010${b.barcode}` + '10LOT-STRAY']);
  await expect(lastScan(page)).toContainText('LOT-STRAY');
  await expect(lastScan(page)).toContainText('is not lot-tracked: the lot is not kept');
  await expect(line(page, 1).getByLabel(/Quantity of/)).toHaveValue('2');
  await expect(line(page, 1)).toContainText('No lot');

  await line(page, 0)
    .getByLabel(/Action for/)
    .selectOption('Restock');
  await line(page, 1)
    .getByLabel(/Action for/)
    .selectOption('Quarantine');
  // The lot's expiry typed over, segment by segment at a person's pace (150 ms a key): it reads
  // back exactly, and the return carries it.
  await line(page, 2).locator('.expiry [data-type="month"]').focus();
  await page.keyboard.type('06302028', { delay: 150 });
  await expect(line(page, 2).locator('.expiry')).toHaveAttribute('data-value', '2028-06-30');
  await expect(line(page, 2).locator('.expiry [data-type="year"]')).toHaveText('2028');
  await chooseCenter(page);
  const center = await page.getByLabel('Fulfillment center').inputValue();
  await axeCheck(page, 'returns-intake');

  await page.keyboard.press('Alt+s');
  await expect(page.getByTestId('last-submission')).toContainText(new RegExp(`Return ${reference}: sent, return \\d+`));
  // A fresh return is ready for the next box, at the same center.
  await expect(page.getByLabel('Reference id')).not.toHaveValue(reference);
  await expect(page.getByLabel('Fulfillment center')).toHaveValue(center);

  const held = await returnsWithReference(host.core.emulator, reference);
  expect(held).toHaveLength(1);
  const lines = held[0]!.inventory.map((l) => ({
    id: l.id,
    quantity: l.quantity,
    action: l.action_requested.action,
    lot: l.lot_number,
    lotDate: l.lot_date?.slice(0, 10) ?? null,
  }));
  expect(lines).toEqual([
    { id: a.id, quantity: 2, action: 'Restock', lot: null, lotDate: null },
    { id: b.id, quantity: 2, action: 'Quarantine', lot: null, lotDate: null },
    { id: lot.id, quantity: 1, action: expect.any(String) as unknown as string, lot: 'LOT-4711', lotDate: '2028-06-30' },
  ]);
  expect(held[0]!.tracking_number).toBe('1Z999AA10123456784');
});

test('a lot item scanned without a lot asks for it; the lot scanned next fills it; lines can be removed', async ({ page, host }) => {
  const { a, lot } = await pickItems(host.core.emulator);
  await openIntake(page, host.url);
  await scan(page, 'TRK-LOT-1');
  await scan(page, lot.barcode);
  await expect(lastScan(page)).toContainText('lot-tracked: scan or type its lot number');
  const lotField = line(page, 0).getByLabel(/Lot number of/);
  await expect(lotField).toBeFocused();
  await scan(page, 'L-2026-11');
  await expect(lotField).toHaveValue('L-2026-11');
  await expect(page.getByLabel('Scan items')).toBeFocused();
  await scan(page, a.barcode);
  await expect(line(page, 1)).toContainText(a.sku);
  await line(page, 1)
    .getByRole('button', { name: /Remove line 2/ })
    .click();
  await expect(page.getByRole('table', { name: 'Items in this return' }).locator('tbody tr[data-testid]')).toHaveCount(1);
});

test('keyboard only: tracking, items, an action, submit; the page passes axe', async ({ page, host }) => {
  const { a } = await pickItems(host.core.emulator);
  await openIntake(page, host.url);
  await chooseCenter(page);
  await page.getByLabel('Tracking number').focus();
  await page.keyboard.type('1ZKEYBOARD01', { delay: 150 });
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Scan items')).toBeFocused();
  // Typed by a person (150 ms a key, slower than any scanner), then Enter: looked up like a scan.
  await page.keyboard.type(a.sku, { delay: 150 });
  await page.keyboard.press('Enter');
  await expect(line(page, 0)).toContainText(a.sku);
  // Tab into the line: quantity, lot, expiry, action.
  const quantity = line(page, 0).getByLabel(/Quantity of/);
  while (!(await quantity.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowUp');
  await expect(quantity).toHaveValue('2');
  const action = line(page, 0).getByLabel(/Action for/);
  while (!(await action.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
  await action.press('ArrowDown');
  await expect(action).toHaveValue('Restock');
  await axeCheck(page, 'returns-intake-keyboard');
  const reference = await page.getByLabel('Reference id').inputValue();
  await page.keyboard.press('Alt+s');
  await expect(page.getByTestId('last-submission')).toContainText(`Return ${reference}: sent`);
  const held = await returnsWithReference(host.core.emulator, reference);
  expect(held.map((r) => r.inventory.map((l) => [l.id, l.quantity, l.action_requested.action]))).toEqual([[[a.id, 2, 'Restock']]]);
});

test('a dropped connection after the service accepted the submit: still exactly one return', async ({ page, host }) => {
  const { a } = await pickItems(host.core.emulator);
  await openIntake(page, host.url);
  await chooseCenter(page);
  await scan(page, 'TRK-DROP-1');
  await scan(page, a.barcode);
  await expect(line(page, 0)).toContainText(a.sku);
  const reference = await page.getByLabel('Reference id').inputValue();
  const control = (method: string, body?: unknown) =>
    fetch(`${host.core.emulator.url}/__emulator/faults`, {
      method,
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
  // Every answer of the service is lost on the way back, after the service did the work.
  await control('PUT', { dropResponseRate: 1, seed: 7 });
  try {
    await page.keyboard.press('Alt+s');
    await expect(page.getByTestId('last-submission')).toContainText(`Return ${reference}:`);
    await expect.poll(async () => (await returnsWithReference(host.core.emulator, reference)).length, { timeout: 20_000 }).toBe(1);
    await expect(page.getByTestId('status-outbox')).toContainText('Outbox: 1 waiting', { timeout: 20_000 });
  } finally {
    await control('DELETE');
  }
  await expect(page.getByTestId('status-outbox')).toContainText('Outbox empty', { timeout: 60_000 });
  expect(await returnsWithReference(host.core.emulator, reference)).toHaveLength(1);
});

test('an item created on the service after the sync is found online at the scan, lands on a line marked so, and is returned', async ({ page, host }) => {
  await openIntake(page, host.url);
  await chooseCenter(page);
  // Created after sign-in's sync, through the service's own API: the item cache does not have it.
  const body = '400123400012';
  const ean = `${body}${gtinCheckDigit(body)}`;
  const { call } = await serviceApi(host);
  const product = await call<{ variants: { sku: string; inventory: { inventory_id: number } }[] }>('POST', '/2025-07/product', {
    name: 'Late arrival teapot',
    variants: [{ name: 'Late arrival teapot', sku: 'LATE-TEAPOT-1', gtin: ean, return_preferences: { primary_action_id: 2 } }],
  });
  const inventoryId = product.variants[0]!.inventory.inventory_id;

  await scan(page, 'TRK-ONLINE-1');
  await scan(page, ean);
  await expect(line(page, 0)).toContainText('LATE-TEAPOT-1');
  await expect(line(page, 0)).toContainText('found online');
  await expect(lastScan(page)).toContainText('Found on the service; the item cache does not have it yet.');
  await expect(lastScan(page)).toContainText('Its return preference: Quarantine.');
  // The same item again: the line's quantity, still without a cache.
  await scan(page, ean);
  await expect(line(page, 0).getByLabel(/Quantity of/)).toHaveValue('2');
  await axeCheck(page, 'returns-intake-found-online');

  const reference = await page.getByLabel('Reference id').inputValue();
  await page.keyboard.press('Alt+s');
  await expect(page.getByTestId('last-submission')).toContainText(`Return ${reference}: sent`);
  const held = await returnsWithReference(host.core.emulator, reference);
  expect(held.map((r) => r.inventory.map((l) => [l.id, l.quantity]))).toEqual([[[inventoryId, 2]]]);
});

test.describe('with a service that stops and starts again', () => {
  let dataDir = '';
  let host: BrowserHost | null = null;
  const start = (dir: string) =>
    startBrowserHost({
      rendererDir: rendererDir(),
      dataDir: dir,
      version: '0.0.0-e2e',
      ...testKeychain(),
      log: () => {},
    });

  test.beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-e2e-returns-'));
  });
  test.afterEach(async () => {
    await host?.close().catch(() => {});
    host = null;
    await rm(dataDir, { recursive: true, force: true });
  });

  test('offline: the return waits in the outbox and says so, and is sent once when the service is back', async ({ page }) => {
    host = await start(dataDir);
    const { a } = await pickItems(host.core.emulator);
    await openIntake(page, host.url);
    await chooseCenter(page);
    const port = Number(new URL(host.core.emulator.url).port);

    // The service goes away (the emulator stops, keeping its data), mid-intake.
    await host.core.emulator.close();
    await scan(page, 'TRK-OFFLINE-1');
    await scan(page, a.barcode);
    await expect(line(page, 0)).toContainText(a.sku);
    const reference = await page.getByLabel('Reference id').inputValue();
    await page.keyboard.press('Alt+s');
    await expect(page.getByTestId('last-submission')).toContainText(`Return ${reference}: waiting in the outbox`);
    await expect(page.getByTestId('status-outbox')).toContainText('Outbox: 1 waiting');
    await page.getByTestId('status-outbox').getByRole('button').click();
    const panel = page.getByRole('dialog', { name: 'Returns outbox' });
    // Why it waits is said once, above the returns; the row says that it waits and what it holds.
    await expect(panel.getByRole('status').filter({ hasText: 'cannot be reached' })).toBeVisible();
    await expect(panel.getByTestId(`outbox-${reference}`)).toContainText('Waiting');
    await expect(panel.getByTestId(`outbox-${reference}`)).toContainText('1 unit');
    await axeCheck(page, 'returns-outbox');

    // The service is back on the same address; Retry sends it now (it would go by itself shortly).
    const service = await startEmulator({ port, dataDir: join(dataDir, 'emulator'), environments: ['sandbox'] });
    try {
      // The outbox also tries again by itself: whichever comes first sends it, and only once.
      await panel
        .getByRole('button', { name: `Retry ${reference} now` })
        .click({ timeout: 2_000 })
        .catch(() => expect(panel.getByTestId(`outbox-${reference}`)).toContainText('Sent'));
      await expect(page.getByText(`Return ${reference} was sent`)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('status-outbox')).toContainText('Outbox empty');
      // Announced once: one return, one toast.
      await expect(page.getByText(`Return ${reference} was sent`)).toHaveCount(1);
      expect(await returnsWithReference(service, reference)).toHaveLength(1);
    } finally {
      await service.close();
    }
  });

  test('the host killed mid-intake: reopened, the draft is there with the same reference id', async ({ page }) => {
    // The items, from the emulator's seeded data (an in-process host on the same data folder, closed again).
    host = await start(dataDir);
    const { a, b } = await pickItems(host.core.emulator);
    await host.close();
    host = null;

    // The host as its own process, killed with SIGKILL the way a crash or a power cut would: no shutdown code runs.
    let proc = await startHostProcess(dataDir);
    try {
      await openIntake(page, proc.url);
      const reference = await page.getByLabel('Reference id').inputValue();
      await scan(page, 'TRK-CRASH-1');
      await scan(page, a.barcode);
      await scan(page, b.barcode);
      await expect(line(page, 1)).toContainText(b.sku);
      await expect(page.getByTestId('draft-save-state')).toHaveText('Draft saved');
      await proc.kill();

      proc = await startHostProcess(dataDir);
      await page.goto(proc.url);
      // The last address is restored; sign in again where the keychain did not keep the sign-in.
      const signIn = page.getByRole('button', { name: 'Sign in' });
      const heading = page.getByRole('heading', { level: 1, name: 'Return intake' });
      await expect(signIn.or(heading)).toBeVisible();
      if (await signIn.isVisible()) await signInThroughPopup(page);
      await expect(heading).toBeVisible();
      await expect(page.getByLabel('Reference id')).toHaveValue(reference);
      await expect(page.getByLabel('Tracking number')).toHaveValue('TRK-CRASH-1');
      await expect(line(page, 0)).toContainText(a.sku);
      await expect(line(page, 1)).toContainText(b.sku);
    } finally {
      await proc.kill();
    }
  });
});
