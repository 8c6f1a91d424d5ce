import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { axeCheck, expect, signInThroughPopup, test } from '../fixtures.js';
import { openAddress, waitForFirstSync } from '../inventory-support.js';

/** The folder git ignores, at the top of the repository. */
const folder = fileURLToPath(new URL('../../../screenshots/', import.meta.url));

const sizes = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

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

for (const size of sizes) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`every view at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      // Where the shots go, for axeCheck (it saves one per check when this is set).
      process.env.DOCKDESK_SHOTS = folder;
      mkdirSync(folder, { recursive: true });
      const tag = `${size.width}x${size.height}-${scheme}`;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
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
      const views: [string, string, RegExp | string][] = [
        ['01b-today', '#/today', /^Today$/],
        ['02-receiving', '#/receiving', /Receiving/],
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
