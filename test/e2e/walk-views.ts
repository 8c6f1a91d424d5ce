import { expect, type Page } from '@playwright/test';
import { openAddress } from './inventory-support.js';
import type { BrowserHost } from '../../electron/host/browser-host.js';

/**
 * The views the screenshot walk opens, by address (the same in every language), with the emulator's
 * records they show: Today, Receiving (list, filtered, an order, a new one, discrepancies, a closed
 * order's report), receipts,
 * Inventory (search, an item, its history), lots, returns (list, filtered, one, intake), Settings and
 * the stock views. The filtered lists choose the longest center name.
 */
export async function walkViews(host: BrowserHost) {
  const receivingOrders = await host.core.emulator.control.data('receivingOrders');
  const inventory = await host.core.emulator.control.data('inventory');
  const returns = await host.core.emulator.control.data('returns');
  const uros = await host.core.emulator.control.data('uros');
  const centers = await host.core.emulator.control.data('fulfillmentCenters');
  const wro = receivingOrders.find((w) => w.boxes.length >= 2 && w.status !== 'Cancelled') ?? receivingOrders[0]!;
  const item = inventory.find((i) => i.is_lot && i.levels.length > 1) ?? inventory.find((i) => i.is_lot) ?? inventory[0]!;
  const center = item.levels[0]?.fc_id ?? centers[0]!.id;
  // The discrepancy report of an order the warehouse has closed (its counts are final).
  const reported = receivingOrders.find((w) => w.status === 'Completed' && w.boxes.length > 0) ?? wro;
  const longest = centers.reduce((a, c) => ((c.name ?? '').length > (a.name ?? '').length ? c : a));
  const views: [string, string][] = [
    ['02-today', '#/today'],
    ['03-receiving', '#/receiving'],
    ['03b-receiving-filtered', `#/receiving?status=Awaiting,Arrived&fc=${longest.id}&po=PO`],
    ['04-receiving-detail', `#/receiving/${wro.id}`],
    ['05-receiving-new', '#/receiving/new'],
    ['05b-receiving-discrepancies', '#/receiving/discrepancies'],
    ['05c-receiving-report', `#/receiving/${reported.id}/discrepancies`],
    ['06-unidentified', '#/unidentified'],
    ...(uros[0] ? ([['07-unidentified-detail', `#/unidentified/${uros[0].id}`]] as [string, string][]) : []),
    ['08-inventory', `#/inventory?q=${encodeURIComponent(item.sku.slice(0, 3))}`],
    ['09-item', `#/inventory/items/${item.inventory_id}`],
    ['10-history', `#/inventory/history?item=${item.inventory_id}&fc=${center}`],
    ['11-lots', '#/lots'],
    ['12-lot-detail', `#/lots/${item.inventory_id}`],
    ['13-returns', '#/returns'],
    ['13b-returns-filtered', `#/returns?status=Arrived&fc=${longest.id}&q=RMA`],
    ...(returns[0] ? ([['14-return-detail', `#/returns/${returns[0].id}`]] as [string, string][]) : []),
    ['15-return-intake', '#/returns/new'],
    ['16-settings', '#/settings'],
    ['17-stock-expiring', '#/stock/expiring?days=90'],
    ['18-stock-items', '#/stock/items?sort=onHand&dir=desc'],
  ];
  return { views, receivingOrders, inventory, centers, wro };
}

/** A view of the walk opened by its address and settled: its heading shown, nothing still loading. */
export async function openSettled(page: Page, address: string): Promise<void> {
  await openAddress(page, address);
  await expect(page.locator('main h1')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-loading]')).toHaveCount(0, { timeout: 30_000 });
}
