import type { Page } from '@playwright/test';
import type { BrowserHost } from '../../electron/host/browser-host.js';
import { axeCheck, expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { scanCode } from './scanner.js';
import { service as outside } from './service.js';

/**
 * The Unidentified receipts workspace in Chromium against the browser host and its emulator: both
 * tabs, search, a receipt with its photo, linking to a WRO by keyboard alone, and a refused link.
 * The WRO to link to is made through the service's API, as another system would make it.
 */
const address = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));
const rows = (page: Page, name: string) => page.getByRole('table', { name }).locator('tbody tr[aria-rowindex]');

interface Receipt {
  id: number;
  barcode: string;
  tracking_barcode: string | null;
}

/** The service's own API of the host's emulator, with a personal access token. */
async function serviceApi(host: BrowserHost) {
  const { call } = await outside(host.core.emulator.url);
  return {
    unlinked: () => call<Receipt[]>('GET', '/2026-07/unidentified-receiving-order?isCompleted=false'),
    completedWro: async () => (await call<{ id: number }[]>('GET', '/2026-07/receiving?Statuses=Completed&Limit=1'))[0]!,
    async wroWithBoxTracking(tracking: string) {
      const centers = await call<{ id: number }[]>('GET', '/2026-07/fulfillment-center');
      const inventory = await call<{ items: { inventory_id: number }[] }>('GET', '/2026-07/inventory?PageSize=1');
      return call<{ id: number }>('POST', '/2026-07/receiving', {
        fulfillment_center: { id: centers[0]!.id },
        package_type: 'Package',
        box_packaging_type: 'EverythingInOneBox',
        expected_arrival_date: new Date(Date.now() + 4 * 86_400_000).toISOString(),
        purchase_order_number: 'PO-E2E-URO',
        boxes: [{ tracking_number: tracking, box_items: [{ inventory_id: inventory.items[0]!.inventory_id, quantity: 2 }] }],
      });
    },
  };
}

/** Presses Tab until the focused element is the one named (a real user's way there), at most 40 times. */
async function tabTo(page: Page, name: RegExp) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      // Controls only: a focusable container (the content region) holds every label's text.
      if (!el?.matches('button, a[href], input, [role="option"], [role="tab"]')) return '';
      return `${el.getAttribute('aria-label') ?? ''} ${el.textContent ?? ''}`.trim();
    });
    if (name.test(label)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

test('list both tabs, search, open a receipt with its photo, link it by keyboard, see it linked; a closed WRO is refused in words', async ({ page, host }) => {
  const service = await serviceApi(host);
  const receipt = (await service.unlinked()).find((r) => r.tracking_barcode)!;
  const wro = await service.wroWithBoxTracking(receipt.tracking_barcode!);
  const closed = await service.completedWro();

  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('heading', { level: 1, name: 'Unidentified receipts' })).toBeVisible();
  await expect(rows(page, 'Unlinked receipts').first()).toBeVisible();
  const unlinkedCount = await rows(page, 'Unlinked receipts').count();
  expect(unlinkedCount).toBeGreaterThan(1);

  // The linked tab (arrow keys move between tabs, as tabs do).
  await page.getByRole('tab', { name: 'Unlinked', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Linked', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(rows(page, 'Linked receipts').first()).toBeVisible();
  expect(await address(page)).toBe('/unidentified?tab=linked');
  await expect(page.getByRole('columnheader', { name: 'Linked WRO' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(rows(page, 'Unlinked receipts').first()).toBeVisible();

  // Search by part of the tracking barcode, typed at a person's speed.
  await page.getByLabel('Barcode or tracking').focus();
  await page.keyboard.type(receipt.tracking_barcode!.slice(-5), { delay: 150 });
  await page.keyboard.press('Enter');
  await expect.poll(() => address(page)).toBe(`/unidentified?q=${receipt.tracking_barcode!.slice(-5)}`);
  await expect(page.getByRole('status').filter({ hasText: /found for/ })).toBeVisible();
  await expect(rows(page, 'Unlinked receipts').filter({ hasText: receipt.barcode })).toHaveCount(1);
  // ↓ from the search field reaches the receipts found.
  await page.getByLabel('Barcode or tracking').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('tbody tr:focus')).toHaveAttribute('aria-rowindex', '2');

  // Open it: its facts and its photo, fetched through main.
  await rows(page, 'Unlinked receipts').filter({ hasText: receipt.barcode }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Unidentified receipt ${receipt.id}` })).toBeVisible();
  expect(await address(page)).toBe(`/unidentified/${receipt.id}`);
  await expect(page.locator('.facts')).toContainText(receipt.tracking_barcode!);
  const photo = page.locator('img[alt^="Photo 1 of"]').first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(50);
  await page.getByRole('button', { name: /^Enlarge Photo 1/ }).press('Enter');
  const large = page.getByRole('dialog', { name: /^Photo 1 of/ });
  await expect(large.getByRole('img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(large).toBeHidden();

  // Keyboard only from here: to the link button, the suggestion, the confirmation.
  await tabTo(page, /Link to a receiving order/);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Link receipt ${receipt.barcode}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/Receiving order: id, PO or tracking number/)).toBeFocused();
  const first = dialog.getByRole('option').first();
  await expect(first).toContainText(`WRO ${wro.id}`);
  await expect(first).toContainText(`tracking ${receipt.tracking_barcode}`);
  await page.keyboard.press('ArrowDown'); // from the query into the list, on its first option
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, new RegExp(`Link to receiving order ${wro.id}`));
  await page.keyboard.press('Enter');
  // The confirmation opens on the safe choice (a link cannot be undone): confirming takes Shift+Tab.
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
  await expect(dialog).toContainText(`to receiving order ${wro.id}`);
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Confirm link' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.locator('.facts').getByRole('link', { name: `Receiving order ${wro.id}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /Link to a receiving order/ })).toHaveCount(0);
  // The button that opened the dialog is gone with what it offered: focus stays in the view, not on the page.
  await expect.poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement?.closest('#content') !== null)).toBe(true);

  // It moved to the linked tab, showing its WRO.
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('heading', { level: 1, name: 'Unidentified receipts' })).toBeVisible();
  await page.getByRole('tab', { name: 'Linked', exact: true }).click();
  const linkedRow = rows(page, 'Linked receipts').filter({ hasText: receipt.barcode });
  await expect(linkedRow).toHaveCount(1);
  await expect(linkedRow).toContainText(String(wro.id));
  await page.getByRole('tab', { name: 'Unlinked', exact: true }).click();
  await expect(rows(page, 'Unlinked receipts')).toHaveCount(unlinkedCount - 1);

  // A closed WRO: the reason in words, and no way to confirm it.
  await rows(page, 'Unlinked receipts').first().click();
  await page.getByRole('button', { name: /Link to a receiving order/ }).click();
  const other = page.getByRole('dialog', { name: /^Link receipt/ });
  await page.keyboard.type(String(closed.id));
  const option = other.getByRole('option', { name: `Receiving order ${closed.id}` });
  await expect(option).toContainText(`Receiving order ${closed.id} is closed: a closed order cannot take more stock.`);
  await option.click();
  await expect(other.getByRole('alert')).toHaveText(
    `Cannot link to receiving order ${closed.id}: Receiving order ${closed.id} is closed: a closed order cannot take more stock. Choose an open receiving order.`,
  );
  await expect(other.getByRole('button', { name: `Link to receiving order ${closed.id}…` })).toBeDisabled();
  // An id that names nothing.
  await other.getByLabel(/Receiving order: id, PO or tracking number/).fill('987654');
  await expect(other.getByRole('status').filter({ hasText: 'No receiving order matches “987654”.' })).toBeVisible();
});

const check = (page: Page, name: string) => axeCheck(page, `unidentified-${name}`);

for (const scheme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violation in the Unidentified receipts views (${scheme})`, async ({ page, host }) => {
    const service = await serviceApi(host);
    const receipt = (await service.unlinked()).find((r) => r.tracking_barcode)!;
    await service.wroWithBoxTracking(receipt.tracking_barcode!);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.goto(host.url);
    await signInThroughPopup(page);
    await page.keyboard.press('Alt+2');
    await expect(rows(page, 'Unlinked receipts').first()).toBeVisible();
    await check(page, `${scheme}-unlinked`);
    await page.getByRole('tab', { name: 'Linked', exact: true }).click();
    await expect(rows(page, 'Linked receipts').first()).toBeVisible();
    await check(page, `${scheme}-linked`);
    await page.getByRole('tab', { name: 'Unlinked', exact: true }).click();
    await rows(page, 'Unlinked receipts').filter({ hasText: receipt.barcode }).click();
    await expect(page.locator('img[alt^="Photo 1 of"]').first()).toBeVisible();
    await check(page, `${scheme}-detail`);
    await page.getByRole('button', { name: /^Enlarge Photo 1/ }).click();
    await check(page, `${scheme}-photo`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Link to a receiving order/ }).click();
    await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible();
    await page.getByRole('dialog').getByRole('option').first().click();
    await check(page, `${scheme}-link-dialog`);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Link to receiving order/ })
      .click();
    await expect(page.getByRole('button', { name: 'Confirm link' })).toBeVisible();
    await check(page, `${scheme}-link-confirm`);
  });
}

test('a tracking barcode scanned at scanner speed opens the receipt that carries it; its own barcode too', async ({ page, host }) => {
  const service = await serviceApi(host);
  const receipt = (await service.unlinked()).find((r) => r.tracking_barcode)!;
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' }).locator('tbody tr[aria-rowindex]').first()).toBeVisible();
  // Real key events, 5 ms apart, ending with Enter, as a keyboard-wedge scanner sends them.
  await scanCode(page, receipt.tracking_barcode!);
  await expect(page.getByRole('heading', { level: 1, name: `Unidentified receipt ${receipt.id}` })).toBeVisible();
  expect(await address(page)).toBe(`/unidentified/${receipt.id}`);

  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { level: 1, name: 'Receiving' })).toBeVisible();
  await scanCode(page, receipt.barcode);
  await expect(page.getByRole('heading', { level: 1, name: `Unidentified receipt ${receipt.id}` })).toBeVisible();

  // Scanned into the receipts search field, the code is searched for instead.
  await page.keyboard.press('Alt+2');
  // Focus follows the navigation into the view; the clerk moves to the field.
  await expectViewFocus(page, 'Unidentified receipts');
  await expect(rows(page, 'Unlinked receipts').first()).toBeVisible();
  await page.getByLabel('Barcode or tracking').focus();
  await scanCode(page, receipt.tracking_barcode!);
  await expect.poll(() => address(page)).toBe(`/unidentified?q=${receipt.tracking_barcode}`);
  await expect(page.getByLabel('Barcode or tracking')).toHaveValue(receipt.tracking_barcode!);
  await expect(rows(page, 'Unlinked receipts')).toHaveCount(1);
});
