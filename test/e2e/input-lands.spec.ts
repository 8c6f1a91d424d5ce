import type { Locator, Page } from '@playwright/test';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';
import { openIntake } from './returns-support.js';
import { keyPause, scanCode } from './scanner.js';

/**
 * What the clerk types and scans lands where they put it, with real key events and the emulator's
 * request limit on: ordinary text fields keep text at any speed (a person at 30 to 150 ms a key, a
 * scanner at 5), Enter or Tab ending, on the receiving form (its box's tracking and lot too), the
 * shared store's form in Settings and the new return; a scanned PO stays in the PO field; a GS1 lot label fills lot and expiry; the palette
 * offers the desk's actions on every view and opens an exact id whatever the gap before Enter; `/` in a focused search never lands, nor typed as the search view opens; several scans in a row end on the last one.
 */

const GS = '\x1d';
const address = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

/** Types `text` into the focused field at `ms` a key (5: as a scanner), then the terminator. */
async function enter(page: Page, field: Locator, text: string, ms: number, terminator: 'Enter' | 'Tab') {
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // The scan-timing pause: a burst is only a burst after silence.
  await keyPause(page, 150);
  // Every key carries its own timestamp, `ms` apart, as the keyboard hands them to the page: typed
  // with the driver's own delay, a stall of the loaded test machine (100 ms and more) splits the
  // text, and its tail arrives as a scan of its own.
  await scanCode(page, text, { msPerKey: ms, terminator });
}

test.describe('input lands where it is put', () => {
  // Signing in and the first sync take long on a loaded two-core machine.
  test.describe.configure({ timeout: 240_000 });
  test.beforeEach(async ({ page, host }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(host.url);
    await signInThroughPopup(page);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });

  test('the new receiving order’s fields keep text at 30 to 150 ms a key and a scan at 5; a scanned PO stays; a GS1 lot label fills lot and expiry', async ({
    page,
    host,
  }) => {
    await waitForFirstSync(host);
    const wros = await host.core.emulator.control.data('receivingOrders');
    const existingPo = wros.find((w) => w.purchase_order_number)!.purchase_order_number!;
    const lotItem = (await host.core.emulator.control.data('inventory')).find(
      (i) => i.is_active && i.is_lot && !i.is_bundle && !i.is_digital && /^\d{12,14}$/.test(i.barcode),
    )!;
    await openAddress(page, '/receiving/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();

    const fields = ['PO number', 'Carrier', 'BOL number', 'Container number', 'Box 1 tracking number'];
    for (const name of fields) {
      const field = page.getByLabel(name, { exact: true });
      for (const [n, ms] of [30, 60, 80, 150, 5].entries()) {
        const text = name === 'Carrier' ? `FedExGround${ms}` : `${name.slice(0, 3).toUpperCase()}-${ms}-4711`;
        const terminator = n % 2 === 0 ? 'Enter' : 'Tab';
        await enter(page, field, text, ms, terminator);
        await expect(field, `${name} at ${ms} ms a key, ${terminator}`).toHaveValue(text);
        expect(await address(page)).toMatch(/^\/receiving\/new/);
      }
    }
    await expect(page.getByText(/^Nothing matches/)).toHaveCount(0);

    // A PO that exists, scanned into the PO field: it is the field's value; the form stays.
    const po = page.getByLabel('PO number', { exact: true });
    await enter(page, po, existingPo, 5, 'Enter');
    await expect(po).toHaveValue(existingPo);
    await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();
    expect(await address(page)).toMatch(/^\/receiving\/new/);

    // A lot item's line, then its lot label scanned into Lot number: lot and expiry filled.
    const scanField = page.getByLabel('Scan an item into box 1');
    await scanField.click();
    await keyPause(page, 150);
    await scanCode(page, lotItem.sku, { msPerKey: 8 });
    const line = page.getByRole('group', { name: 'Box 1 item 1' });
    await expect(line.getByLabel('SKU, barcode or inventory id')).toHaveValue(lotItem.sku);
    const lotField = line.getByLabel('Lot number');
    await expect(lotField).toBeVisible({ timeout: 30_000 });
    await enter(page, lotField, `01${lotItem.barcode.padStart(14, '0')}10LOT-A7${GS}17271231`, 5, 'Tab');
    await expect(lotField).toHaveValue('LOT-A7');
    const expiry = line.locator('.date-field').filter({ has: page.getByRole('group', { name: 'Lot expiry', exact: true }) });
    await expect(expiry).toHaveAttribute('data-value', '2027-12-31');
    // A plain lot typed at any speed or scanned stays as it is; the form stays.
    for (const [n, ms] of [30, 60, 80, 150, 5].entries()) {
      const terminator = n % 2 === 0 ? 'Enter' : 'Tab';
      await enter(page, lotField, `1012345-${ms}`, ms, terminator);
      await expect(lotField, `box lot at ${ms} ms a key, ${terminator}`).toHaveValue(`1012345-${ms}`);
      expect(await address(page)).toMatch(/^\/receiving\/new/);
    }
    await page.screenshot({ path: test.info().outputPath('receiving-form-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: test.info().outputPath('receiving-form-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('the lot number field of Lot exclusions keeps text at any speed and takes a lot label’s lot', async ({ page, host }) => {
    await waitForFirstSync(host);
    const item = (await host.core.emulator.control.data('inventory')).find((i) => i.is_active && i.is_lot && /^\d{12,14}$/.test(i.barcode))!;
    await openAddress(page, `/lots/${item.inventory_id}`);
    const field = page.getByLabel('Lot number', { exact: true });
    await expect(field).toBeVisible({ timeout: 20_000 });
    for (const ms of [30, 60, 80, 150, 5]) {
      await enter(page, field, `LX-${ms}-0001`, ms, 'Tab');
      await expect(field, `${ms} ms a key`).toHaveValue(`LX-${ms}-0001`);
    }
    await enter(page, field, `01${item.barcode.padStart(14, '0')}10LBL-9${GS}17271231`, 5, 'Tab');
    await expect(field).toHaveValue('LBL-9');
    // Enter asks to exclude what is in the field; nothing leaves the view.
    await enter(page, field, 'LX-ENTER-30', 30, 'Enter');
    const ask = page.getByRole('dialog');
    await expect(ask).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    await expect(field).toHaveValue('LX-ENTER-30');
    expect(await address(page)).toBe(`/lots/${item.inventory_id}`);
    await expect(page.getByText(/^Nothing matches/)).toHaveCount(0);
  });

  test('the new return’s tracking number and reference keep text at 30 to 150 ms a key and a scan at 5, Enter or Tab ending', async ({ page, host }) => {
    await openIntake(page, host.url, false);
    const at = await address(page);
    for (const name of ['Tracking number', 'Reference id']) {
      const field = page.getByLabel(name, { exact: true });
      for (const [n, ms] of [30, 60, 80, 150, 5].entries()) {
        const text = `${name.slice(0, 3).toUpperCase()}-${ms}-4711`;
        const terminator = n % 2 === 0 ? 'Enter' : 'Tab';
        await enter(page, field, text, ms, terminator);
        await expect(field, `${name} at ${ms} ms a key, ${terminator}`).toHaveValue(text);
        expect(await address(page)).toBe(at);
      }
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Return intake' })).toBeVisible();
    await expect(page.getByText(/^Nothing matches/)).toHaveCount(0);
  });

  test('Settings → Share with other desks: every field keeps text at 30 to 150 ms a key and at a scanner’s 5, Tab ending; nothing is connected', async ({
    page,
  }) => {
    await openAddress(page, '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const panel = page.getByTestId('settings-desks-store');
    const texts: Record<string, (ms: number) => string> = {
      Server: (ms) => `db-${ms}.warehouse.example`,
      Port: (ms) => String(5400 + ms),
      Database: (ms) => `dockdesk_${ms}`,
      Role: (ms) => `desk_${ms}`,
      Password: (ms) => `Pw-${ms}-!#+Z`,
      "This desk's name": (ms) => `Returns bench ${ms}`,
    };
    for (const [name, text] of Object.entries(texts)) {
      const field = panel.getByLabel(name, { exact: true });
      for (const ms of [30, 60, 80, 150, 5]) {
        await enter(page, field, text(ms), ms, 'Tab');
        await expect(field, `${name} at ${ms} ms a key`).toHaveValue(text(ms));
        expect(await address(page)).toBe('/settings');
      }
    }
    // Tab only moves on: the desk still works alone, and no refusal was said.
    await expect(panel.getByTestId('desks-store-state')).toHaveText('Not shared: this desk works alone.');
    await expect(panel.getByRole('alert')).toHaveCount(0);
  });

  test('a person who pauses mid-field and types the rest fast keeps it all: the head before the pause and the tail after it', async ({ page, host }) => {
    // Slowly "RMA-", a pause, then "4711" at 30 ms a key and Enter: the tail is a burst the detector
    // reads as a scan, and the field must still hold what was typed before it.
    const headThenTail = async (field: Locator, head: string, tail: string) => {
      await field.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      await keyPause(page, 150);
      await scanCode(page, head, { msPerKey: 150, terminator: null });
      await keyPause(page, 300);
      await scanCode(page, tail, { msPerKey: 30, terminator: 'Enter' });
      await expect(field).toHaveValue(`${head}${tail}`);
    };
    await openIntake(page, host.url, false);
    await headThenTail(page.getByLabel('Reference id', { exact: true }), 'RMA-', '4711');
    await headThenTail(page.getByLabel('Tracking number', { exact: true }), '1Z-', '99887766');
    await openAddress(page, '/receiving/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();
    await headThenTail(page.getByLabel('Box 1 tracking number', { exact: true }), 'TRK-', '55443322');
  });

  test('the palette offers new receiving order, sign out and theme on every view, and no column header as an action', async ({ page }) => {
    for (const view of ['/today', '/receiving', '/receiving/new', '/unidentified', '/inventory', '/lots', '/returns', '/stock/items', '/settings']) {
      await openAddress(page, view);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      // The palette offers the view's buttons as they are when it opens: a list still loading has no
      // column headers yet (its heading and filters come first).
      await expect(page.locator('[data-loading]')).toHaveCount(0, { timeout: 20_000 });
      if (view === '/receiving') await expect(page.getByRole('columnheader').first()).toBeVisible();
      await page.keyboard.press('Control+k');
      await expect(palette(page)).toBeVisible();
      const actions = palette(page).getByRole('group', { name: 'Actions' });
      for (const name of ['New receiving order', 'Sign out', 'Theme: dark', 'Settings: Appearance'])
        await expect(actions.getByRole('menuitem', { name: new RegExp(`^${name}`) }), `${name} on ${view}`).toBeVisible();
      // No column header is offered as an action of its own.
      const onView = await palette(page)
        .getByRole('group', { name: 'On this view' })
        .getByRole('menuitem')
        .allInnerTexts()
        .catch(() => []);
      const firstLines = onView.map((t) => t.split('\n')[0]!.trim());
      expect(firstLines.filter((t) => /^(WRO|Status WRO|On hand \/ Item|Status)$/.test(t))).toEqual([]);
      if (view === '/receiving') expect(firstLines.some((t) => t.startsWith('Sort by '))).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`palette-${view.replaceAll('/', '_')}.png`) });
      await page.keyboard.press('Escape');
      await expect(palette(page)).toBeHidden();
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.keyboard.press('Control+k');
    await page.screenshot({ path: test.info().outputPath('palette-dark.png') });
    await page.keyboard.press('Escape');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('an exact id typed into the palette opens with Enter at once, at a scanner’s or a person’s pace; sign out from the palette asks', async ({
    page,
    host,
  }) => {
    // Its own test, so its lookups start on a fresh request window: after the walk above (the Lot
    // exclusions view alone asks once per lot item) a lookup may wait out the rest of the minute.
    const wros = await host.core.emulator.control.data('receivingOrders');
    const [a, b] = [wros[0]!.id, wros[1]!.id];
    // An id typed at once and Enter at 0 ms (a scanner's pace), then one typed at a person's pace
    // and Enter at once: each opens its order and the palette closes.
    for (const [id, delay] of [
      [a, 0],
      [b, 150],
    ] as const) {
      await openAddress(page, '/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await page.keyboard.press('Control+k');
      await expect(palette(page)).toBeVisible();
      await page.keyboard.type(String(id), { delay });
      await page.keyboard.press('Enter');
      // The Enter is kept until the records are in.
      await expect(palette(page)).toBeHidden({ timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${id}` })).toBeVisible({ timeout: 30_000 });
    }

    // Sign out from the palette asks first, on the safe choice.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('sign out', { delay: 120 });
    await expect(palette(page).getByRole('menuitem', { name: /^Sign out/ })).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: /^Sign out/ });
    await expect(ask).toBeVisible();
    await expect(ask.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${b}` })).toBeVisible();
  });

  test('"/" in the focused search, empty or all selected, never lands; nor before a scan', async ({ page, host }) => {
    await waitForFirstSync(host);
    const item = (await host.core.emulator.control.data('inventory')).find((i) => i.is_active && !i.is_digital && !i.is_bundle && /^\d{13}$/.test(i.barcode))!;
    const search = page.getByRole('searchbox', { name: 'Item' });
    // Typed straight after the view's shortcut, while the view opens: held, then `/` still finds.
    for (let round = 0; round < 3; round++) {
      await page.keyboard.press('Alt+1');
      await expect(page.getByRole('heading', { level: 1, name: 'Receiving', exact: true })).toBeVisible();
      await page.keyboard.press('Alt+3');
      await page.keyboard.type('/mug', { delay: 40 });
      await expect(search).toHaveValue('mug');
    }
    for (const delay of [0, 80]) {
      await page.keyboard.press('Alt+3');
      await expect(search).toBeFocused();
      await search.fill('');
      await page.keyboard.type('/mug', { delay });
      await expect(search).toHaveValue('mug');
      // All of its text selected: `/` selects it again, the letters replace it.
      await page.keyboard.press('Control+A');
      await page.keyboard.type('/box', { delay });
      await expect(search).toHaveValue('box');
    }
    await page.keyboard.press('Control+A');
    await page.keyboard.press('/');
    await keyPause(page, 150);
    await scanCode(page, item.barcode, { msPerKey: 5 });
    await expect.poll(() => address(page)).toMatch(new RegExp(`^/inventory/items/${item.inventory_id}`));
  });

  test('scans made one after another end on the last one scanned', async ({ page, host }) => {
    const ids = (await host.core.emulator.control.data('receivingOrders')).slice(2, 5).map((w) => w.id);
    for (let round = 0; round < 2; round++) {
      for (const id of ids) {
        await scanCode(page, String(id), { msPerKey: 5 });
        await keyPause(page, 150);
      }
      const last = ids[ids.length - 1]!;
      await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${last}` })).toBeVisible({ timeout: 60_000 });
      // Every lookup has answered (none still waits), and the screen is still on the last scan.
      await page.keyboard.press('Alt+l');
      const log = page.getByRole('dialog', { name: 'Scan log' });
      await expect(log).toBeVisible();
      await expect(log.getByText(/^(Looking up…|Checking with the service…)$/)).toHaveCount(0, { timeout: 60_000 });
      await expect(log.getByText(/as you had moved on/)).toHaveCount(0);
      await page.keyboard.press('Escape');
      expect(await address(page)).toBe(`/receiving/${last}`);
      ids.reverse();
    }
  });
});
