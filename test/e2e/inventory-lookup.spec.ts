import { access, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startBrowserHost, type BrowserHost } from '../../electron/host/browser-host.js';
import { rendererDir } from '../../electron/core/paths.js';
import type { LocalEmulatorOptions } from '../../electron/core/environments/local-emulator.js';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';
import { expect, expectViewFocus, signInThroughPopup, test, testKeychain } from './fixtures.js';
import { address, results, scan, searchField, toSearch } from './inventory-support.js';
import { keyPause } from './scanner.js';
import { service } from './service.js';

/**
 * The Inventory workspace in Chromium against the browser host, its real core and the real
 * emulator: the sync's progress bar, lookups by SKU, a scanned barcode, a UPC-A the service stores as
 * EAN-13 and a GS1 element string; answers from the cache with the service gone, fresh data once it is
 * back; a corrupt cache file across a restart; a sync cut off half-way. Keys are real key events
 * (a scanner's at 5 ms per key, a person's at 120 ms); nothing calls into the app.
 */

const UPC_A = '036000291452'; // stored by the service in its EAN-13 form, 0036000291452
const UPC_SKU = 'UPC-TEST-1';
const UPC_NAME = 'Cereal box UPC test';
const GS = '\x1d';

/** A browser host on its own data folder (kept by the caller, so a restart finds the same files). */
async function startHost(dataDir: string, seed: LocalEmulatorOptions): Promise<BrowserHost> {
  return startBrowserHost({
    rendererDir: rendererDir(),
    dataDir,
    version: '0.0.0-e2e',
    ...testKeychain(),
    log: () => {},
    localEmulator: seed,
  });
}

async function createProduct(emulatorUrl: string, sku: string, name: string, gtin?: string) {
  const { api } = await service(emulatorUrl, 'e2e-inventory');
  const created = await api.call('POST', '/2025-07/product', { body: { name, variants: [{ name, sku, ...(gtin ? { gtin } : {}) }] } });
  expect(created.status, created.text).toBe(201);
}

/**
 * A person's Enter after typing: not within the scanner's 100 ms of the last key (a loaded machine can
 * deliver typed keys bunched together, and a burst ending in Enter is, by design, a scan).
 */
async function enter(page: Page) {
  await keyPause(page, 300);
  await page.keyboard.press('Enter');
}

/** The time the status bar gives for the cache ("Inventory as of 2:02 PM", in the locale's hour cycle). */
async function syncedTime(page: Page): Promise<string> {
  return /as of (\d{1,2}:\d{2}(?:\s[AP]M)?)/.exec(await page.getByTestId('status-freshness').innerText())?.[1] ?? 'none';
}

// Generous: on a loaded 2-core machine a sync through the request budget has taken over 45 s.
async function waitSyncIdle(page: Page) {
  await expect(page.getByTestId('inventory-sync')).toHaveCount(0, { timeout: 90_000 });
  await expect(page.getByTestId('status-freshness')).toContainText(/Inventory as of \d{1,2}:\d{2}/, { timeout: 90_000 });
}

/** SKU, name and barcode of the first item the search for `text` lists (read off the screen). */
async function firstResult(page: Page, text: string) {
  await toSearch(page);
  await page.keyboard.type(text, { delay: 120 });
  const row = results(page).locator('tbody tr[aria-rowindex]').first();
  await expect(row).toBeVisible();
  const cells = (await row.getByRole('cell').allInnerTexts()).map((c) => c.trim());
  return { sku: cells[0]!, name: cells[1]!, id: cells[2]!, barcode: cells[3]! };
}

async function expectItem(page: Page, id: string | RegExp, name: string) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => address(page)).toMatch(typeof id === 'string' ? new RegExp(`^/inventory/items/${id}(\\?|$)`) : id);
}

async function axe(page: Page, name: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${name}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  if (process.env.DOCKDESK_SHOTS) await page.screenshot({ path: join(process.env.DOCKDESK_SHOTS, `${name}.png`) });
}

async function cacheFile(dataDir: string): Promise<string> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(dir, entry.name));
      else if (entry.name === 'cache.ddf') found.push(join(dir, entry.name));
    }
  };
  await walk(join(dataDir, 'inventory'));
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** Each test has its own data folder and host, so it can stop and start the service or the host. */
const setup = test.extend<{ dataDir: string }>({
  dataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'dockdesk-e2e-inventory-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },
});

setup.describe('inventory lookups', () => {
  setup.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  setup(
    'sync bar after sign-in; lookups by SKU, scanned barcode, UPC-A stored as EAN-13 and GS1; offline from the cache; fresh data once the service is back',
    async ({ page, dataDir }) => {
      setup.setTimeout(240_000);
      const host = await startHost(dataDir, { inventoryItems: 2500 });
      let restarted: RunningEmulator | null = null;
      try {
        const emulatorUrl = host.core.emulator.url;
        await createProduct(emulatorUrl, UPC_SKU, UPC_NAME, `0${UPC_A}`);
        // Slow answers, so the sync after sign-in is still running when we look.
        const { control } = await service(emulatorUrl, 'e2e-inventory');
        await control('PUT', '/faults', { latencyMs: 250 });
        await page.goto(host.url);
        await signInThroughPopup(page);
        const bar = page.getByRole('progressbar', { name: 'Inventory sync progress' });
        await expect(bar).toBeVisible({ timeout: 20_000 });
        await expect(page.getByTestId('inventory-sync')).toContainText('Inventory sync');
        await expect(page.getByTestId('inventory-sync').getByRole('button', { name: 'Cancel sync' })).toBeVisible();
        await control('DELETE', '/faults');
        await waitSyncIdle(page);

        // By SKU, typed (a person's speed), Enter opens it.
        const coffee = await firstResult(page, 'coffee');
        await toSearch(page);
        await page.keyboard.type(coffee.sku.toLowerCase(), { delay: 120 });
        await expect(results(page).locator('tbody tr[aria-rowindex]').first()).toContainText(coffee.sku);
        await expect(page.getByTestId('inventory-freshness')).toContainText(/As of \d{1,2}:\d{2}/);
        await enter(page);
        await expectItem(page, coffee.id, coffee.name);
        await expect(page.getByRole('table', { name: 'Quantities per fulfillment center' })).toBeVisible();
        const asOfMarks = page.locator('.inventory-item .workspace-header .freshness');
        await expect(page.getByRole('link', { name: /^History at / }).first()).toHaveAttribute(
          'href',
          new RegExp(`^#/inventory/history\\?item=${coffee.id}&fc=\\d+$`),
        );
        await expect(page.getByRole('link', { name: 'Lot exclusions of this item' })).toHaveAttribute('href', `#/lots/${coffee.id}`);

        // By a scanned barcode, from another workspace: the shell's scan router asks the inventory
        // resolver. (Scanned from outside a text field: every key is held until the scan is known, so
        // nothing renders in between. Into the search field, a browser starved of CPU, as a shared test
        // machine is, can delay the keys Playwright sends past the scanner's 100 ms gap and split them.)
        const other = await firstResult(page, 'dog treats');
        expect(other.barcode).toMatch(/^\d{8,14}$/);
        await page.keyboard.press('Alt+1');
        await expectViewFocus(page, 'Receiving');
        await scan(page, other.barcode);
        await expectItem(page, other.id, other.name);
        // One "as of" on the record: the cache's until the service's read is in, then the service's alone.
        const timesInHeader = async () => ((await page.locator('.inventory-item .workspace-header').innerText()).match(/\d{1,2}:\d{2}/g) ?? []).length;
        await expect(page.getByTestId('item-live-mark')).toContainText(/^Quantities read from the service at \d{1,2}:\d{2}/);
        expect(await timesInHeader()).toBe(1);

        // A UPC-A (12 digits) finds the item the service stores with the EAN-13 form (scanned on the item view).
        await expectViewFocus(page, other.name);
        await scan(page, UPC_A);
        await expectItem(page, /^\/inventory\/items\/\d+$/, UPC_NAME);
        await expect(
          page
            .locator('dd.code')
            .filter({ hasText: `0${UPC_A}` })
            .first(),
        ).toBeVisible();

        // A GS1 element string (AIM prefix, GTIN, lot, GS, expiry) scanned from another workspace: the
        // shell's scan router asks the inventory resolver, which opens the item with the scanned lot.
        await page.keyboard.press('Alt+1');
        await expectViewFocus(page, 'Receiving');
        await scan(page, `]C1010003600029145210LOT-7${GS}17261231`);
        await expectItem(page, /^\/inventory\/items\/\d+\?lot=LOT-7$/, UPC_NAME);

        // The service goes away: the cache keeps answering, marked offline and "as of".
        const asOf = await syncedTime(page);
        await host.core.emulator.close();
        await toSearch(page);
        await page.keyboard.type(coffee.sku, { delay: 120 });
        await enter(page);
        await expectItem(page, coffee.id, coffee.name);
        await expect(page.getByTestId('status-connectivity')).toHaveText('Offline');
        // Its one "as of" (the cache's, or the service's last read of it), marked offline.
        expect(await timesInHeader()).toBe(1);
        await expect(asOfMarks).toContainText(/\d{1,2}:\d{2}/);
        await expect(asOfMarks).toContainText('offline');
        await expect(page.getByRole('cell', { name: 'Not read yet' }).first().or(page.getByText('This item is not lot-tracked.'))).toBeVisible();
        await toSearch(page);
        await page.keyboard.type('coffee', { delay: 120 });
        await expect(results(page).locator('tbody tr[aria-rowindex]').first()).toBeVisible();
        await expect(page.getByTestId('inventory-freshness')).toContainText('offline');
        expect(await syncedTime(page)).toBe(asOf);

        // The service comes back (same address, same data), with an item added meanwhile.
        restarted = await startEmulator({ port: Number(new URL(emulatorUrl).port), environments: ['sandbox'], dataDir: join(dataDir, 'emulator') });
        await createProduct(emulatorUrl, 'FRESH-ITEM-1', 'Freshly added kettle');
        await expect(page.getByTestId('status-connectivity')).toHaveText('Online', { timeout: 40_000 });
        await expect(page.getByTestId('inventory-freshness')).not.toContainText('offline');
        await page.getByRole('button', { name: 'Sync now' }).click();
        await expect(page.getByRole('button', { name: 'Syncing…' })).toBeDisabled();
        await waitSyncIdle(page);
        await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
        await toSearch(page);
        await page.keyboard.type('fresh-item', { delay: 120 });
        await expect(results(page).locator('tbody tr[aria-rowindex]').first()).toContainText('Freshly added kettle');
      } finally {
        await host.close();
        await restarted?.close();
      }
    },
  );

  setup('a corrupt cache file is reported once after a restart, and the previous copy answers', async ({ page, dataDir }) => {
    let host = await startHost(dataDir, { inventoryItems: 600 });
    try {
      await page.goto(host.url);
      await signInThroughPopup(page);
      await waitSyncIdle(page);
      const item = await firstResult(page, 'coffee');
      // A second generation, so the file has a previous copy beside it. The button can read "Sync now"
      // again before the click's sync has even started, so wait for the generation itself on disk.
      const file = await cacheFile(dataDir);
      await page.getByRole('button', { name: 'Sync now' }).click();
      await expect
        .poll(
          () =>
            access(`${file}.prev`).then(
              () => true,
              () => false,
            ),
          { timeout: 90_000 },
        )
        .toBe(true);
      await waitSyncIdle(page);
      await host.close();

      const bytes = await readFile(file);
      bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
      await writeFile(file, bytes);

      host = await startHost(dataDir, { inventoryItems: 600 });
      await page.goto(host.url);
      if (!process.env.DOCKDESK_IN_KEYRING) await signInThroughPopup(page); // memory keychain: the sign-in did not survive
      const toast = page.locator('.toast').filter({ hasText: 'Inventory cache replaced' });
      await expect(toast).toHaveCount(1);
      await expect(toast).toContainText('could not be used');
      await expect(toast).toContainText('answering from the copy saved before it');
      // Recovered: the previous copy answers the same lookup.
      await toSearch(page);
      await page.keyboard.type(item.sku, { delay: 120 });
      await enter(page);
      await expectItem(page, item.id, item.name);
      // Once: a reload of the window does not tell it again.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
      // The sync status has come (the bar's "as of" is drawn from it, and so is the cache's notice): no second notice.
      await expect(page.getByTestId('status-freshness')).toContainText('as of');
      await expect(page.locator('.toast').filter({ hasText: 'Inventory cache replaced' })).toHaveCount(0);
    } finally {
      await host.close();
    }
  });

  setup('a sync cut off half-way (the service stopped mid-sync) leaves the previous cache answering', async ({ page, dataDir }) => {
    const host = await startHost(dataDir, { inventoryItems: 2500 });
    try {
      await page.goto(host.url);
      await signInThroughPopup(page);
      await waitSyncIdle(page);
      const item = await firstResult(page, 'coffee');
      const asOf = await syncedTime(page);

      const { control } = await service(host.core.emulator.url, 'e2e-inventory');
      await control('PUT', '/faults', { latencyMs: 300 });
      await page.getByRole('button', { name: 'Sync now' }).click();
      await expect(page.getByRole('progressbar', { name: 'Inventory sync progress' })).toBeVisible();
      await expect(page.getByTestId('inventory-sync')).toContainText(/[1-9][\d,]* items/, { timeout: 20_000 });
      await host.core.emulator.close();
      await expect(page.getByText('Inventory sync failed')).toBeVisible({ timeout: 30_000 });

      await toSearch(page);
      await page.keyboard.type(item.sku, { delay: 120 });
      await expect(results(page).locator('tbody tr[aria-rowindex]').first()).toContainText(item.sku);
      // Still the previous sync's answer, now marked offline.
      expect(await syncedTime(page)).toBe(asOf);
      await expect(page.getByTestId('status-freshness')).toContainText('offline');
      await enter(page);
      await expectItem(page, item.id, item.name);
    } finally {
      await host.close();
    }
  });

  for (const scheme of ['light', 'dark'] as const) {
    setup(`keyboard only: search, move into the results, open an item; axe on every state (${scheme})`, async ({ page, dataDir }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const host = await startHost(dataDir, { inventoryItems: 2500 });
      try {
        const { control } = await service(host.core.emulator.url, 'e2e-inventory');
        await control('PUT', '/faults', { latencyMs: 250 });
        await page.goto(host.url);
        await signInThroughPopup(page);
        await expect(page.getByRole('progressbar', { name: 'Inventory sync progress' })).toBeVisible({ timeout: 20_000 });
        await axe(page, `inventory-sync-${scheme}`);
        await control('DELETE', '/faults');
        await waitSyncIdle(page);

        // From another workspace: Alt+3 puts focus in the search field.
        await page.keyboard.press('Alt+3');
        await expect(searchField(page)).toBeFocused();
        await axe(page, `inventory-empty-${scheme}`);
        await page.keyboard.type('coffee', { delay: 120 });
        const rows = results(page).locator('tbody tr[aria-rowindex]');
        await expect(rows.first()).toBeVisible();
        await expect.poll(() => address(page)).toBe('/inventory?q=coffee');
        await axe(page, `inventory-results-${scheme}`);
        // ↓ from the field into the results, ↓ to the second row, Enter opens it.
        await page.keyboard.press('ArrowDown');
        await expect(rows.first()).toBeFocused();
        await page.keyboard.press('ArrowDown');
        await expect(rows.nth(1)).toBeFocused();
        const cells = (await rows.nth(1).getByRole('cell').allInnerTexts()).map((c) => c.trim());
        await enter(page);
        await expectItem(page, cells[2]!, cells[1]!);
        await expectViewFocus(page, cells[1]!);
        await axe(page, `inventory-item-${scheme}`);
        // Back returns to the results as they were.
        await page.keyboard.press('Alt+ArrowLeft');
        await expect.poll(() => address(page)).toBe('/inventory?q=coffee');
        await expect(searchField(page)).toHaveValue('coffee');

        // Ctrl+K: "item by SKU or name". Three letters of a name (shorter than the receipts source
        // reads the service for, so the answer does not wait on that).
        await page.keyboard.press('Control+k');
        const palette = page.getByRole('dialog', { name: 'Command palette' });
        await page.keyboard.type('yog', { delay: 60 });
        const entry = palette.getByRole('menuitem', { name: /^Item \S+/ }).first();
        await expect(entry).toBeVisible({ timeout: 15_000 });
        await expect(entry).toContainText(/yoga/i);
        await axe(page, `inventory-palette-${scheme}`);
        await entry.click();
        await expect.poll(() => address(page)).toMatch(/^\/inventory\/items\/\d+$/);
        await expect(page.getByRole('heading', { level: 1, name: /yoga/i })).toBeVisible();
      } finally {
        await host.close();
      }
    });
  }
});
