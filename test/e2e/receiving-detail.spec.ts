import type { Page } from '@playwright/test';
import type { StoredWro } from '../../emulator/data/model.js';
import { englishLabel as labelOf } from '../../shared/i18n/english-labels.js';
import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';

/**
 * The receiving order's detail, against what the emulator holds: status and its
 * history, center, packaging, PO, 2026-07 freight and final destination, quantities as bars with
 * over and short said in words, boxes with tracking numbers and items (lot, expiry), distributions,
 * the external-sync toggle (the service follows, and a reload shows it), and the cancel dialog.
 */

/** An order with a history of several steps and at least two items, set up as the test needs (service-side). */
function prepare(orders: StoredWro[], centers: number[]) {
  const wro = orders.find(
    (w) =>
      w.status_history.length >= 2 &&
      w.status !== 'Cancelled' &&
      new Set(w.boxes.flatMap((b) => b.box_items.map((i) => i.inventory_id))).size >= 2 &&
      w.boxes.every((b) => b.tracking_number),
  )!;
  wro.freight = {
    carrier: 'Blue Water Lines',
    bol_number: 'BOL-7731',
    container_number: 'MSCU1234565',
    vessel_name: 'Aurora',
    freight_forwarder: null,
    notes: null,
  };
  wro.final_destination_fulfillment_center_id = centers.find((c) => c !== wro.fulfillment_center.id) ?? wro.fulfillment_center.id;
  wro.external_sync_timestamp = null;
  const [overItem, underItem] = [...new Set(wro.boxes.flatMap((b) => b.box_items.map((i) => i.inventory_id)))];
  for (const box of wro.boxes)
    for (const item of box.box_items) {
      if (item.inventory_id === overItem) item.received_quantity = item.quantity + 3;
      if (item.inventory_id === underItem) item.received_quantity = Math.max(1, item.quantity - 2);
      item.stowed_quantity = Math.min(item.stowed_quantity, item.received_quantity);
    }
  const lotItem = wro.boxes[0]!.box_items[0]!;
  lotItem.lot_number = 'LOT-DETAIL-1';
  lotItem.lot_date = '2027-03-31T00:00:00Z';
  return { wro, overItem: overItem!, underItem: underItem! };
}

async function openDetail(page: Page, origin: string, id: number) {
  await page.goto(`${origin}/#/receiving/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${id}` })).toBeVisible();
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a receiving order's detail shows what the service holds, in words and bars (${scheme})`, async ({ page, host }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(host.url);
    await signInThroughPopup(page);
    const centers = await host.core.emulator.control.data('fulfillmentCenters');
    const inventory = await host.core.emulator.control.data('inventory');
    const { wro, overItem, underItem } = prepare(
      await host.core.emulator.control.data('receivingOrders'),
      centers.map((c) => c.id),
    );
    await host.core.emulator.control.replace('receivingOrders', wro);
    await openDetail(page, host.origin, wro.id);

    const fact = (name: string) => page.locator('dl.facts dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(fact('Status')).toHaveText(labelOf('ReceivingStatus', wro.status));
    await expect(fact('PO number')).toHaveText(wro.purchase_order_number ?? '—');
    // Centers by name; the id is on hover, not in the text.
    const centerName = (id: number) => centers.find((c) => c.id === id)!.name;
    await expect(fact('Fulfillment center')).toContainText(centerName(wro.fulfillment_center.id));
    await expect(fact('Fulfillment center')).not.toContainText(String(wro.fulfillment_center.id));
    await expect(fact('Final destination')).toHaveText(centerName(wro.final_destination_fulfillment_center_id!));
    await expect(fact('Package type')).toHaveText(labelOf('PackageType', wro.package_type));
    await expect(fact('Box packaging')).toHaveText(labelOf('BoxPackagingType', wro.box_packaging_type));
    await expect(fact('Carrier')).toHaveText('Blue Water Lines');
    await expect(fact('BOL number')).toHaveText('BOL-7731');
    await expect(fact('Container number')).toHaveText('MSCU1234565');
    await expect(fact('Vessel')).toHaveText('Aurora');
    // Every time on the page reads in the center's zone with its name (EST or EDT by the date): the
    // order's own times too, so its creation and its first status step never show two clock times.
    const zoneName = /\s([A-Z]{2,5}|GMT[+-]\d+(:\d\d)?)$/;
    await expect(fact('Expected arrival')).toHaveText(zoneName);
    await expect(fact('Created')).toHaveText(zoneName);
    await expect(fact('Last updated')).toHaveText(zoneName);

    // The status history, oldest first, one entry per step.
    const steps = page.getByRole('list', { name: 'Status history' }).getByRole('listitem');
    await expect(steps).toHaveCount(wro.status_history.length);
    for (const [i, h] of wro.status_history.entries()) await expect(steps.nth(i).locator('strong')).toHaveText(labelOf('ReceivingStatus', h.status));

    // Quantities: per item, received and stowed as bars out of expected; over and short in the words every view uses.
    const expectedOf = (id: number) => wro.boxes.flatMap((b) => b.box_items).filter((i) => i.inventory_id === id);
    const sum = (id: number, f: 'quantity' | 'received_quantity') => expectedOf(id).reduce((n, i) => n + i[f], 0);
    const row = (id: number) => page.locator(`table.quantities tr[data-inventory-id="${id}"]`);
    const over = sum(overItem, 'received_quantity') - sum(overItem, 'quantity');
    const short = sum(underItem, 'quantity') - sum(underItem, 'received_quantity');
    await expect(row(overItem)).toContainText(`${over} over`);
    await expect(row(underItem)).toContainText(`${short} short`);
    const received = row(underItem).getByRole('progressbar', { name: /received$/ });
    // A native <progress>: its value and max are what assistive technology reads.
    await expect(received).toHaveAttribute('value', String(sum(underItem, 'received_quantity')));
    await expect(received).toHaveAttribute('max', String(sum(underItem, 'quantity')));
    // Over: the bar is full (its value capped at expected); the number beside it says more.
    await expect(row(overItem).getByRole('progressbar', { name: /received$/ })).toHaveAttribute('value', String(sum(overItem, 'quantity')));

    // Boxes with their tracking numbers, and the lot with its expiry day as written.
    const boxes = page.locator('table.boxes tbody tr');
    await expect(boxes).toHaveCount(wro.boxes.length);
    for (const b of wro.boxes) await expect(page.locator(`#box-${b.box_id}`)).toContainText(b.tracking_number!);
    await expect(page.locator(`#box-${wro.boxes[0]!.box_id}`)).toContainText(/lot LOT-DETAIL-1 · expires Mar 31, 2027/);
    // Box contents name the item, then its SKU, never the bare inventory id.
    const first = wro.boxes[0]!.box_items[0]!;
    const item = inventory.find((i) => i.inventory_id === first.inventory_id)!;
    await expect(page.locator(`#box-${wro.boxes[0]!.box_id}`)).toContainText(`${first.quantity} × ${item.name} (${item.sku})`, { timeout: 30_000 });
    await expect(page.locator(`#box-${wro.boxes[0]!.box_id}`)).not.toContainText(`× ${first.inventory_id}`);
    await expect(row(overItem)).toContainText(inventory.find((i) => i.inventory_id === overItem)!.name);

    // Distributions: one row per box item.
    await expect(page.getByRole('heading', { name: 'Distributions' })).toBeVisible();
    await expect(page.locator('h2:has-text("Distributions") + table tbody tr')).toHaveCount(wro.boxes.flatMap((b) => b.box_items).length);
    await axeCheck(page, `receiving-detail-${scheme}`);

    // External sync: the toggle changes the service, and a reload shows it.
    const toggle = page.getByRole('switch', { name: /Synced with an outside system/ });
    await expect(toggle).not.toBeChecked();
    await toggle.focus();
    await page.keyboard.press('Space');
    const stored = async () => (await host.core.emulator.control.data('receivingOrders')).find((w) => w.id === wro.id)!;
    await expect.poll(async () => (await stored()).external_sync_timestamp).not.toBeNull();
    await openDetail(page, host.origin, wro.id);
    await expect(page.getByRole('switch', { name: /Synced with an outside system/ })).toBeChecked();
  });
}

test('the cancel confirmation passes axe, and Keep it leaves the order as it was', async ({ page, host }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  const wro = (await host.core.emulator.control.data('receivingOrders')).find((w) => w.status === 'Awaiting')!;
  await openDetail(page, host.origin, wro.id);
  await page.getByRole('button', { name: 'Cancel order…' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel receiving order ${wro.id}?` });
  await expect(dialog).toBeVisible();
  await axeCheck(page, 'receiving-cancel-dialog');
  // Focus starts on the safe choice: Enter (a scan's last key, a key meant for the view) keeps the order.
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  // Escape backs out too.
  await page.getByRole('button', { name: 'Cancel order…' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel order…' }).click();
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await host.core.emulator.control.data('receivingOrders')).find((w) => w.id === wro.id)!.status).toBe('Awaiting');
});
