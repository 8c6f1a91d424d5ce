import type { Page } from '@playwright/test';
import type { BrowserHost } from '../../../electron/host/browser-host.js';
import { axeCheck, expect, signInThroughPopup, test } from '../fixtures.js';
import { openAddress, scan, waitForFirstSync } from '../inventory-support.js';
import { SCREENSHOT_SIZES, shotWindow } from './matrix.js';

const sizes = SCREENSHOT_SIZES;

/** Waits for a view to settle: its heading, and no loading line left. */
async function settle(page: Page, heading: RegExp | string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 30_000 });
  await page.mouse.move(0, 0);
}

/** The page, and every table's scroller, wider than what shows it: a column a clerk would have to scroll to. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wide = (el: Element) => el.scrollWidth > el.clientWidth + 1;
    const page = wide(document.documentElement) ? ['the page'] : [];
    const tables = [...document.querySelectorAll('.data-table')].filter(wide).map((el) => el.querySelector('table')?.getAttribute('aria-label') ?? 'a table');
    return [...page, ...tables];
  });
}

/** Every open dialog and popover wider than its box, or reaching past the window: a clerk would not see all of it. */
function overlaysOutside(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="dialog"], .popover')].flatMap((el) => {
      const r = el.getBoundingClientRect();
      const name = el.getAttribute('aria-label') ?? el.querySelector('h2')?.textContent ?? el.className;
      const out = r.left < 0 || r.top < 0 || r.right > window.innerWidth + 1 || r.bottom > window.innerHeight + 1;
      return out || el.scrollWidth > el.clientWidth + 1 ? [name] : [];
    }),
  );
}

/** Signs in at this size and scheme and waits for the first sync; screenshots go to the git-ignored folder. */
async function openDesk(page: Page, host: BrowserHost, size: { width: number; height: number }, scheme: 'light' | 'dark') {
  await shotWindow(page, size, scheme);
  await page.goto(host.url);
  await settle(page, /^Sign in to/);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
}

for (const size of sizes) {
  for (const scheme of ['light', 'dark'] as const) {
    // The dialogs and a popover over their views: each fits the window, passes axe, and a confirmation opens on its way out.
    test(`dialogs and popovers at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      const tag = `${size.width}x${size.height}-${scheme}`;
      await openDesk(page, host, size, scheme);
      const shoot = async (name: string) => {
        await axeCheck(page, `${tag}-${name}`);
        expect(await overlaysOutside(page), `${tag}-${name}: cut off by the window`).toEqual([]);
        expect(await overflowing(page), `${tag}-${name}: wider than the window`).toEqual([]);
      };
      const inventory = await host.core.emulator.control.data('inventory');
      const centers = await host.core.emulator.control.data('fulfillmentCenters');
      const orders = await host.core.emulator.control.data('receivingOrders');

      // A popover: the receiving list's status filter, open.
      await openAddress(page, '#/receiving');
      await settle(page, /Receiving/);
      await page
        .locator('.filters')
        .getByRole('button', { name: /^Status/ })
        .click();
      await expect(page.getByRole('menu').getByRole('menuitemcheckbox', { name: 'Partly arrived', exact: true })).toBeVisible();
      // One status chosen, the next one under focus: both must show.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menu').getByRole('menuitemcheckbox', { checked: true })).toHaveCount(1);
      await shoot('20-popover-status-filter');
      await page.keyboard.press('Escape');

      // The keyboard shortcuts sheet, from "?" on the list.
      await page.locator('.data-table tbody tr[aria-rowindex]').first().focus();
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await shoot('21-shortcuts');
      await page.keyboard.press('Escape');

      // A confirmation: cancelling a receiving order still awaited. It opens on the way out.
      const awaited = orders.find((w) => w.status === 'Awaiting' && w.boxes.length >= 2) ?? orders.find((w) => w.status === 'Awaiting')!;
      await openAddress(page, `#/receiving/${awaited.id}`);
      await settle(page, `Receiving order ${awaited.id}`);
      await page.getByRole('button', { name: 'Cancel order…' }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toBeVisible();
      await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
      if (awaited.purchase_order_number) await expect(confirm).toContainText(awaited.purchase_order_number);
      await shoot('22-confirm-cancel-receiving');
      await page.keyboard.press('Escape');

      // A lot exclusion's confirmation (deleting it lets the lot fulfill again), also on its way out.
      const exclusion = (await host.core.emulator.control.data('lotExclusions')).find((x) => !x.is_deleted)!;
      await openAddress(page, `#/lots/${exclusion.inventory_id}`);
      await settle(page, /Lot exclusions ·/);
      await page
        .getByRole('button', { name: `Delete exclusion of lot ${exclusion.lot_number}` })
        .first()
        .click();
      const lotConfirm = page.getByRole('dialog');
      await expect(lotConfirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await shoot('24-confirm-lot-exclusion');
      await page.keyboard.press('Escape');

      // A return in progress: an order found, its shipment chosen, two items scanned.
      const order = (await host.core.emulator.control.data('orders')).find((o) => o.reference_id && o.shipments.some((x) => x.tracking?.tracking_number))!;
      const shipped = order.shipments.find((x) => x.tracking?.tracking_number)!;
      const [first, second] = inventory.filter((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot);
      const intake = await host.core.dispatch('drafts.save', {
        kind: 'return-intake',
        value: {
          trackingNumber: '1Z999AA10123456700',
          fulfillmentCenter: { id: centers[0]!.id, name: centers[0]!.name },
          order: {
            orderId: order.id,
            referenceId: order.reference_id,
            orderNumber: order.order_number,
            shipments: order.shipments.map((x) => ({
              id: x.id,
              trackingNumber: x.tracking?.tracking_number ?? null,
              fulfillmentCenter: { id: x.location.id, name: x.location.name },
            })),
          },
          originalShipmentId: shipped.id,
          lines: [first!, second!].map((i, k) => ({ inventoryId: i.inventory_id, sku: i.sku, name: i.name, quantity: k + 1 })),
        },
      });
      expect(intake.ok).toBe(true);
      await openAddress(page, `#/returns/drafts/${(intake.ok && (intake.value as { id: string }).id) || ''}`);
      await settle(page, /Return intake/);
      await expect(page.getByTestId('intake-line-1')).toContainText(second!.sku);
      await expect(page.getByLabel('Original shipment').locator('option:checked')).not.toContainText(String(shipped.id));
      await shoot('25-return-intake-filled');

      // The returns outbox with a return that waits: the service answers every request with an error meanwhile.
      await openAddress(page, '#/returns');
      await settle(page, /Returns/);
      const item = inventory.find((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot)!;
      const center = centers[0]!;
      const saved = await host.core.dispatch('drafts.save', {
        kind: 'return-intake',
        value: {
          trackingNumber: '1Z999AA10123456784',
          fulfillmentCenter: { id: center.id, name: center.name },
          lines: [{ inventoryId: item.inventory_id, sku: item.sku, name: item.name, quantity: 2 }],
        },
      });
      expect(saved.ok).toBe(true);
      const draftId = (saved.ok && (saved.value as { id: string }).id) || '';
      await host.core.emulator.control.setFaults({ errorRate: 1 });
      try {
        expect((await host.core.dispatch('returns.submit', { draftId })).ok).toBe(true);
        await expect(page.getByTestId('status-outbox')).toContainText(/1 (waiting|failed)/, { timeout: 30_000 });
        await page.getByTestId('status-outbox').getByRole('button').click();
        await expect(page.getByRole('dialog', { name: 'Returns outbox' })).toBeVisible();
        await shoot('23-outbox');
        await page.keyboard.press('Escape');
      } finally {
        await host.core.emulator.control.setFaults({});
      }

      // A day range's calendar (Receiving's "Created" range, set by the address so More filters is open).
      await openAddress(page, '#/receiving?in=2026-11-02&inTo=2026-11-20');
      await settle(page, /Receiving/);
      await page.getByRole('button', { name: 'Calendar for Created to' }).click();
      await expect(page.getByRole('dialog').getByRole('grid')).toBeVisible();
      await shoot('20b-calendar-created-to');
      await page.keyboard.press('Escape');

      // Scanner calibration with three scans recorded: the proposal and each scan's timing.
      await openAddress(page, '#/settings');
      await settle(page, /Settings/);
      await page.getByRole('button', { name: 'Calibrate the scanner' }).click();
      await expect(page.getByTestId('calibration-area')).toBeFocused();
      for (const code of ['5012', '5013', '5014']) await scan(page, code, 8);
      await expect(page.getByText('Proposed:')).toBeVisible();
      await page.getByText('Proposed:').scrollIntoViewIfNeeded();
      await shoot('26-calibration');
    });

    test(`every view at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      const tag = await shotWindow(page, size, scheme);
      await page.goto(host.url);
      await settle(page, /^Sign in to/);
      await axeCheck(page, `${tag}-01-sign-in`);
      await signInThroughPopup(page);
      await waitForFirstSync(host);

      const data = {
        receivingOrders: await host.core.emulator.control.data('receivingOrders'),
        inventory: await host.core.emulator.control.data('inventory'),
        returns: await host.core.emulator.control.data('returns'),
        uros: await host.core.emulator.control.data('uros'),
        fulfillmentCenters: await host.core.emulator.control.data('fulfillmentCenters'),
      };
      const wro = data.receivingOrders.find((w) => w.boxes.length >= 2 && w.status !== 'Cancelled') ?? data.receivingOrders[0]!;
      const item = data.inventory.find((i) => i.is_lot && i.levels.length > 1) ?? data.inventory.find((i) => i.is_lot) ?? data.inventory[0]!;
      const ret = data.returns[0];
      const uro = data.uros[0];
      const center = item.levels[0]?.fc_id ?? data.fulfillmentCenters[0]!.id;
      const longest = data.fulfillmentCenters.reduce((a, c) => ((c.name ?? '').length > (a.name ?? '').length ? c : a));
      const views: [string, string, RegExp | string][] = [
        ['01b-today', '#/today', /^Today$/],
        ['02-receiving', '#/receiving', /Receiving/],
        // Filters set: Clear filters shows, and the longest center name is chosen.
        ['02b-receiving-filtered', `#/receiving?status=Awaiting,Arrived&fc=${longest.id}&po=PO`, /Receiving/],
        ['03-receiving-detail', `#/receiving/${wro.id}`, `Receiving order ${wro.id}`],
        ['04-receiving-new', '#/receiving/new', /receiving order/i],
        ['05-unidentified', '#/unidentified', /unidentified|receipts/i],
        ...(uro ? ([['06-unidentified-detail', `#/unidentified/${uro.id}`, /receipt|unidentified/i]] as [string, string, RegExp][]) : []),
        ['07-inventory', `#/inventory?q=${encodeURIComponent(item.sku.slice(0, 3))}`, /inventory/i],
        ['08-item', `#/inventory/items/${item.inventory_id}`, new RegExp(item.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
        ['09-history', `#/inventory/history?item=${item.inventory_id}&fc=${center}`, /history/i],
        ['10-lots', '#/lots', /lot exclusions/i],
        ['11-lot-detail', `#/lots/${item.inventory_id}`, /lot|lots/i],
        ['12-returns', '#/returns', /returns/i],
        ['12b-returns-filtered', `#/returns?status=Arrived&fc=${longest.id}&q=RMA`, /returns/i],
        ...(ret ? ([['13-return-detail', `#/returns/${ret.id}`, /Return/]] as [string, string, RegExp][]) : []),
        ['14-return-intake', '#/returns/new', /return intake/i],
        ['15-settings', '#/settings', /settings/i],
        ['17-stock-expiring', '#/stock/expiring?days=90', /Expiring stock/],
        ['18-stock-items', '#/stock/items?sort=onHand&dir=desc', /All stock/],
      ];
      for (const [name, address, heading] of views) {
        await openAddress(page, address);
        await settle(page, heading);
        await axeCheck(page, `${tag}-${name}`);
        expect(await overflowing(page), `${tag}-${name}: wider than the window`).toEqual([]);
      }
      // The command palette over the receiving list.
      await openAddress(page, '#/receiving');
      await settle(page, /Receiving/);
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
      await axeCheck(page, `${tag}-16-palette`);
    });
  }
}
