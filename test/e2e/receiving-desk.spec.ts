import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { dateField, typeDate, wallTimeIn } from './date-fields.js';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { scanCode } from './scanner.js';
import { service } from './service.js';
import { chooseFormCenter } from './receiving-form.js';

const run = promisify(execFile);
type Inv = { inventory_id: number; sku: string; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean } };
type Wro = {
  id: number;
  status: string;
  inventory_quantities: { inventory_id: number; sku: string; expected_quantity: number; received_quantity: number; stowed_quantity: number }[];
};

function localIn(hours: number): string {
  const d = new Date(Date.now() + hours * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const table = (page: Page) => page.getByRole('table', { name: 'Warehouse receiving orders' });
const address = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));

test('filter, sort and page the WRO list; open one and check its quantities against the service', async ({ page, host }) => {
  const { api } = await service(host.core.emulator.url);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  await expect(table(page)).toBeVisible();

  // Sort by WRO id (made in main over every order), then page: ids ascend across pages.
  await page.getByRole('button', { name: 'WRO', exact: true }).click();
  await expect.poll(() => address(page)).toBe('/receiving?sort=id&dir=asc');
  const all = (await api.get<Wro[]>('/2026-07/receiving?Limit=250')).map((w) => w.id).sort((a, b) => a - b);
  await expect(table(page).locator('tbody tr[aria-rowindex]').first().locator('td').first()).toHaveText(String(all[0]));

  // Status filter (multi-select), then quick find by id.
  await page
    .locator('.filters')
    .getByRole('button', { name: /Status/ })
    .click();
  await page.getByRole('menuitemcheckbox', { name: 'Awaiting', exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Completed', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => address(page)).toBe('/receiving?sort=id&dir=asc&status=Awaiting,Completed');
  const statuses = new Set(await table(page).locator('tbody .status').allTextContents());
  expect([...statuses].every((s) => s === 'Awaiting' || s === 'Completed')).toBe(true);

  const target = (await api.get<Wro[]>('/2026-07/receiving?Statuses=Completed&Limit=1'))[0]!;
  await page.getByRole('searchbox', { name: 'Find' }).fill(String(target.id));
  await page.keyboard.press('Enter');
  await expect(table(page).locator('tbody tr[aria-rowindex]')).toHaveCount(1);
  await table(page).locator('tbody tr[aria-rowindex]').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${target.id}` })).toBeVisible();
  for (const q of target.inventory_quantities) {
    const row = page.locator(`tr[data-inventory-id="${q.inventory_id}"]`);
    await expect(row.getByRole('progressbar', { name: /received/ })).toHaveAttribute('value', String(Math.min(q.received_quantity, q.expected_quantity)));
    await expect(row.locator('td').nth(1)).toHaveText(String(q.expected_quantity));
  }
  expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test('create a WRO with two boxes and a lot item after a refused attempt; it arrives and completes; labels; cancel', async ({ page, host }) => {
  const { api, control } = await service(host.core.emulator.url);
  const { items } = await api.get<{ items: Inv[] }>('/2026-07/inventory?PageSize=500');
  const usable = items.filter((i) => !i.variant.is_bundle && !i.variant.is_digital && i.sku);
  const plain = usable.find((i) => !i.is_lot)!;
  const lot = usable.find((i) => i.is_lot)!;
  await page.goto(`${host.url}`);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  await page.getByRole('link', { name: 'New receiving order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();

  // Keyboard only: center, arrival, PO, then the boxes.
  await chooseFormCenter(page);
  // The service's clock is two days ahead of ours: an arrival tomorrow passes the form, not the service.
  await control('POST', '/clock/advance', { seconds: 2 * 86400 });
  await typeDate(page, dateField(page, 'Expected arrival'), localIn(24), 0);
  await page.getByLabel('PO number').fill('PO-E2E-1');
  await page.getByLabel('Box 1 tracking number').fill('1ZE2EA');
  const code = (b: number, i: number) => page.getByRole('group', { name: `Box ${b} item ${i}` }).getByLabel('SKU, barcode or inventory id');
  await code(1, 1).fill(plain.sku);
  await code(1, 1).press('Enter');
  await page.getByRole('group', { name: 'Box 1 item 1' }).getByLabel('Quantity').fill('4');
  await page.getByRole('button', { name: 'Add box' }).click();
  await page.getByLabel('Box 2 tracking number').fill('1ZE2EB');
  await code(2, 1).fill(lot.sku);
  await code(2, 1).press('Enter');
  await expect(page.getByRole('group', { name: 'Box 2 item 1' }).getByLabel('Lot number')).toBeVisible();
  // Lot number left out: the form's own rule catches it.
  await page.getByRole('button', { name: 'Create receiving order' }).click();
  await expect(page.getByRole('group', { name: 'Box 2 item 1' }).getByLabel('Lot number')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('group', { name: 'Box 2 item 1' }).getByLabel('Lot number').fill('LOT-E2E');
  await page.getByRole('group', { name: 'Box 2 item 1' }).getByLabel('Quantity').fill('3');
  // The lot's expiry, typed at 150 ms a key: it reads back exactly.
  const lotExpiry = dateField(page.getByRole('group', { name: 'Box 2 item 1' }), 'Lot expiry');
  await typeDate(page, lotExpiry, '2028-02-29');
  await expect(lotExpiry).toHaveAttribute('data-value', '2028-02-29');
  // Now the service refuses the arrival (its clock is ahead): its 422 lands on the field.
  await page.getByRole('button', { name: 'Create receiving order' }).click();
  await expect(dateField(page, 'Expected arrival').locator('[data-type="month"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#f-expected-arrival-date-error')).toContainText('future');
  // Typed at a person's pace (150 ms a key) into each segment: it reads back exactly.
  const later = localIn(24 * 3 + 2);
  await typeDate(page, dateField(page, 'Expected arrival'), later);
  await expect(dateField(page, 'Expected arrival')).toHaveAttribute('data-value', later);
  await page.getByRole('button', { name: 'Create receiving order' }).click();
  const heading = page.getByRole('heading', { level: 1, name: /Receiving order \d+/ });
  await expect(heading).toBeVisible();
  const id = Number((await heading.textContent())!.replace(/\D+/g, ''));
  expect((await api.get<Wro[]>('/2026-07/receiving?PurchaseOrderNumbers=PO-E2E-1')).map((w) => w.id)).toEqual([id]);
  // The service holds the typed values: the arrival as that time at the center (in its zone), the lot's day.
  const stored = (await host.core.emulator.control.data('receivingOrders')).find((w) => w.id === id)!;
  expect(wallTimeIn(stored.expected_arrival_date, stored.fulfillment_center.timezone)).toBe(later);
  expect(stored.boxes.flatMap((b) => b.box_items.map((i) => i.lot_date?.slice(0, 10) ?? null))).toEqual([null, '2028-02-29']);

  // Labels: one page per box.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save labels' }).click();
  const file = await (await download).path();
  await expect(page.getByTestId('notices')).toContainText('Box labels saved');
  const { stdout } = await run('pdfinfo', [file]);
  expect(stdout).toMatch(/^Pages:\s+2$/m);

  // Time passes at the service: the order arrives, then completes; the bars grow.
  const received = page.getByRole('progressbar', { name: `${plain.sku} received` });
  await expect(received).toHaveAttribute('value', '0');
  await control('POST', '/clock/advance', { seconds: 2 * 86400 });
  // An order read in the last 3 s serves a page opened again that soon: reload until a new read shows.
  const statusAfterReload = async () => {
    await page.reload();
    return page.locator('.facts .status').first().innerText();
  };
  await expect.poll(statusAfterReload, { timeout: 20_000 }).toMatch(/Arrived|Processing|Completed/);
  await control('POST', '/clock/advance', { seconds: 7 * 86400 });
  await expect.poll(statusAfterReload, { timeout: 20_000 }).toBe('Completed');
  await expect(received).toHaveAttribute('value', '4');
  await expect(page.getByRole('progressbar', { name: `${plain.sku} stowed` })).toHaveAttribute('value', '4');
  await expect(page.locator('#cancel-why')).toContainText('completed');
});

test('cancel an Awaiting WRO with confirmation', async ({ page, host }) => {
  const { api } = await service(host.core.emulator.url);
  const awaiting = (await api.get<Wro[]>('/2026-07/receiving?Statuses=Awaiting&Limit=1'))[0]!;
  await page.goto(`${host.url}`);
  await signInThroughPopup(page);
  await page.goto(`${host.origin}/#/receiving/${awaiting.id}`);
  await page.getByRole('button', { name: 'Cancel order…' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(page.locator('.facts .status').first()).toHaveText('Cancelled');
  await expect(page.locator('#cancel-why')).toContainText('is cancelled: the service no longer expects its boxes');
  expect((await api.get<Wro>(`/2026-07/receiving/${awaiting.id}`)).status).toBe('Cancelled');
});

test('a box label scanned at scanner speed opens its WRO at that box', async ({ page, host }) => {
  const { api } = await service(host.core.emulator.url);
  const wro = (await api.get<Wro[]>('/2026-07/receiving?Statuses=Awaiting&Limit=1'))[0]!;
  const boxes = await api.get<{ box_id: number }[]>(`/2026-07/receiving/${wro.id}/boxes`);
  const box = boxes[boxes.length - 1]!;
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  await expect(table(page)).toBeVisible();
  // A keyboard-wedge scanner: real key events 8 ms apart, ending with Enter, focus on no field.
  await scanCode(page, String(box.box_id), { msPerKey: 8 });
  await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${wro.id}` })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator(`#box-${box.box_id}`)).toHaveAttribute('aria-current', 'true');
});
