import type { Locator } from '@playwright/test';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';
import { scanCode } from './scanner.js';

/**
 * The desk uses the width it has: the item page in two columns at 1920, a list's buttons on the
 * heading's line whatever filters are set, buttons as wide as their words and side by side, a form's
 * fields as wide as their columns. Measured in the page, as a clerk would see it.
 */

const box = async (l: Locator) => (await l.boundingBox())!;
const sizes = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

test('the item page: two columns at 1920, identifiers above the quantities at 1280', async ({ page, host }) => {
  await page.setViewportSize(sizes[1]);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  const item = (await host.core.emulator.control.data('inventory')).find((i) => i.is_lot && i.levels.length > 1)!;
  await openAddress(page, `#/inventory/items/${item.inventory_id}`);
  const identifiers = page.getByRole('heading', { level: 2, name: 'Identifiers and codes' });
  const quantities = page.getByRole('heading', { level: 2, name: 'Quantities per fulfillment center' });
  await expect(quantities).toBeVisible({ timeout: 30_000 });
  let a = await box(identifiers);
  let b = await box(quantities);
  expect(b.x, 'quantities beside the identifiers at 1920').toBeGreaterThan(a.x + a.width);
  expect(Math.abs(b.y - a.y)).toBeLessThan(4);
  await page.setViewportSize(sizes[0]);
  await expect.poll(async () => (await box(quantities)).y).toBeGreaterThan((await box(identifiers)).y + 40);
  a = await box(identifiers);
  b = await box(quantities);
  expect(b.x).toBe(a.x);
});

test('with filters set, a list keeps New and Refresh on its heading’s line, and a center’s name shows whole, at 1280, 1440 and 1920', async ({
  page,
  host,
}) => {
  await page.setViewportSize(sizes[0]);
  await page.goto(host.url);
  await signInThroughPopup(page);
  const centers = await host.core.emulator.control.data('fulfillmentCenters');
  const longest = centers.reduce((a, c) => ((c.name ?? '').length > (a.name ?? '').length ? c : a));
  for (const [address, heading, create] of [
    [`#/receiving?status=Awaiting,Arrived&fc=${longest.id}&po=PO`, 'Receiving', 'New receiving order'],
    [`#/returns?status=Arrived&fc=${longest.id}&q=RMA`, 'Returns', 'New return'],
  ] as const) {
    await openAddress(page, address);
    const title = page.getByRole('heading', { level: 1, name: heading, exact: true });
    await expect(title).toBeVisible();
    const clear = page.getByRole('button', { name: 'Clear filters' });
    await expect(clear).toBeVisible();
    const center = page.getByRole('combobox', { name: 'Fulfillment center' });
    await expect(center).toHaveValue(longest.name);
    // 1440 too: there the filters sit beside the heading (the list keeps its rows), and must still fit.
    for (const size of [...sizes, { width: 1440, height: 900 }]) {
      await page.setViewportSize(size);
      const t = await box(title);
      for (const name of [create, 'Refresh']) {
        const b = await box(page.locator('.workspace-header').locator('a, button', { hasText: new RegExp(`^${name}$`) }));
        expect(b.y + b.height, `${heading} ${size.width}: ${name} on the heading's line`).toBeLessThan(t.y + t.height + 12);
      }
      expect((await box(clear)).x + (await box(clear)).width, `${heading} ${size.width}: Clear filters inside the view`).toBeLessThanOrEqual(size.width);
      expect(await center.evaluate((el) => el.scrollWidth - el.clientWidth), `${heading} ${size.width}: the center's name whole`).toBeLessThanOrEqual(0);
      const find = page.getByRole('search', { name: 'Find' }).locator('input');
      expect(
        await find.evaluate((el: HTMLInputElement) => {
          const probe = document.createElement('span');
          probe.style.font = getComputedStyle(el).font;
          probe.textContent = el.placeholder;
          document.body.append(probe);
          const fits = probe.getBoundingClientRect().width <= el.clientWidth - 16;
          probe.remove();
          return fits;
        }),
        `${heading} ${size.width}: the search's hint whole`,
      ).toBe(true);
    }
    await page.setViewportSize(sizes[0]);
  }
});

test('buttons are as wide as their words and side by side: scanner, calibration, environments; a form’s center field fills its column', async ({
  page,
  host,
}) => {
  await page.setViewportSize(sizes[0]);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await openAddress(page, '#/settings');
  const row = async (names: string[], scope: Locator = page.locator('#content')) => {
    const boxes = await Promise.all(names.map((name) => box(scope.getByRole('button', { name, exact: true }))));
    for (const [i, b] of boxes.entries()) {
      expect(Math.abs(b.y - boxes[0]!.y), `${names[i]} on the line of ${names[0]}`).toBeLessThan(2);
      expect(b.width, `${names[i]} as wide as its words`).toBeLessThan(260);
    }
  };
  await row(['Calibrate the scanner', 'Use the default thresholds']);
  await row(['Use Sandbox', 'Edit Sandbox']);
  await page.getByRole('button', { name: 'Calibrate the scanner' }).click();
  await row(['Save these thresholds', 'Start over', 'Cancel'], page.getByRole('group', { name: 'Calibrate the scanner' }));
  // The switch shows its state by its knob in both themes: the knob's colour differs from its track's.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const colours = await page
      .locator('.switch', { hasText: 'Scan sounds' })
      .locator('.switch-track')
      .evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el, '::after').backgroundColor]);
    expect(colours[0], `${scheme}: knob and track apart`).not.toBe(colours[1]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await openAddress(page, '#/receiving/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();
  const center = await box(page.locator('.form-grid .combobox-field'));
  const packaging = await box(page.getByRole('button', { name: /Package type/ }));
  expect(center.width, 'the center field as wide as the package type beside it').toBeGreaterThan(packaging.width - 4);
  const line = page.getByRole('group', { name: 'Box 1 item 1' });
  const remove = await box(line.getByRole('button', { name: 'Remove box 1 item 1' }));
  const quantity = await box(line.getByLabel('Quantity'));
  expect(Math.abs(remove.y + remove.height / 2 - (quantity.y + quantity.height / 2)), 'Remove on the line of the fields').toBeLessThan(4);
});

test('at 1280 the Expired view shows its last column whole, and the scan log its Result column', async ({ page, host }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(sizes[0]);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  for (const [address, label] of [
    ['#/stock/expiring?show=expired', 'Expired lots'],
    ['#/stock/expiring?days=365', 'Expiring lots'],
  ] as const) {
    await openAddress(page, address);
    const table = page.getByRole('table', { name: label });
    await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
    const last = table.getByRole('columnheader').last();
    await expect(last).toHaveText('Exclusion');
    await expect(last, `${label}: the last column in the window`).toBeInViewport({ ratio: 1 });
    // Inside the list's own box too, with nothing to scroll sideways.
    expect(await page.locator('.data-table').evaluate((el) => el.scrollWidth - el.clientWidth), `${label}: no sideways scroll`).toBeLessThanOrEqual(0);
  }

  // A scan nobody knows, then the scan log: its Result column whole inside the dialog, the result readable.
  await openAddress(page, '#/receiving');
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' }).locator('tbody tr:focus')).toBeVisible({ timeout: 30_000 });
  await scanCode(page, 'NOPE-LAYOUT-0000000000000000000000000000000001');
  // The sign-in's sync and the two stock views can spend the minute's request window (the limit is
  // on, as the service has it): the unknown code's lookups then wait their turn, up to a minute.
  await expect(page.getByTestId('scan-cue')).toContainText('Scan refused', { timeout: 75_000 });
  await page.keyboard.press('Alt+l');
  const log = page.getByRole('dialog', { name: 'Scan log' });
  await expect(log).toBeVisible();
  const result = log.getByRole('columnheader', { name: 'Result' });
  const dialog = await box(log);
  const header = await box(result);
  expect(header.x + header.width, 'Result inside the dialog').toBeLessThanOrEqual(dialog.x + dialog.width);
  expect(header.width, 'Result wide enough to read').toBeGreaterThan(150);
  await expect(log.getByRole('row').nth(1).getByRole('cell').last()).toContainText('Nothing matches');
  expect(await log.locator('.data-table').evaluate((el) => el.scrollWidth - el.clientWidth), 'no sideways scroll').toBeLessThanOrEqual(0);
});
