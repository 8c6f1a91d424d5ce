import type { Page } from '@playwright/test';
import { axeCheck, expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { scanCode } from './scanner.js';
import { service } from './service.js';
import { tabTo } from './returns-support.js';

type Ret = {
  id: number;
  reference_id: string;
  status: string;
  tracking_number: string | null;
  insert_date: string;
  fulfillment_center: { id: number; name: string };
  status_history: { status: string; timestamp: string }[];
  inventory: {
    id: number;
    sku: string;
    name: string;
    quantity: number;
    action_requested: { action: string; action_type: string };
    action_taken: { action: string; quantity_processed: number }[];
  }[];
};

/** The emulator as any outside caller sees it, and the service's returns (the first 250 matching `query`). */
async function returnsService(emulatorUrl: string) {
  const outside = await service(emulatorUrl);
  const returns = async (query = '') => (await outside.api.get<{ items: Ret[] }>(`/2026-07/return?Limit=250${query}`)).items;
  return { ...outside, returns };
}

const table = (page: Page) => page.getByRole('table', { name: 'Returns' });
const rows = (page: Page) => table(page).locator('tbody tr[aria-rowindex]');
const address = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));
const heading = (page: Page, id: number) => page.getByRole('heading', { level: 1, name: `Return ${id}` });

/** A keyboard-wedge scanner: real key events `ms` apart, ending with Enter, focus on no field. */
const scan = (page: Page, code: string, ms: number) => scanCode(page, code, { msPerKey: ms });

test('list, filter and page the returns; open one and compare it with the service', async ({ page, host }) => {
  const { returns } = await returnsService(host.core.emulator.url);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+5');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();

  // Newest first, as the service lists them.
  const all = await returns();
  await expect(rows(page)).toHaveCount(all.length);
  await expect(rows(page).first().locator('td').nth(1)).toHaveText(all[0]!.reference_id);
  await expect(page.getByRole('link', { name: 'New return' })).toHaveAttribute('href', '#/returns/new');
  await axeCheck(page, 'returns-list');

  // Oldest first through the Created column (the service's SortOrder).
  await table(page).getByRole('button', { name: 'Created' }).click();
  await expect.poll(() => address(page)).toBe('/returns?dir=asc');
  await expect(rows(page).first().locator('td').nth(1)).toHaveText(all[all.length - 1]!.reference_id);

  // Status filter: the rows are exactly the service's Completed returns.
  await page.getByRole('button', { name: 'All statuses Status' }).click();
  await page.getByRole('option', { name: 'Completed', exact: true }).click();
  await expect.poll(() => address(page)).toBe('/returns?dir=asc&status=Completed');
  const completed = await returns('&Status=Completed&SortOrder=Asc');
  await expect(rows(page)).toHaveCount(completed.length);
  expect(new Set(await table(page).locator('tbody .status').allTextContents())).toEqual(new Set(['Completed']));
  expect(await rows(page).locator('td:nth-child(2)').allTextContents()).toEqual(completed.map((r) => r.reference_id));

  // Find by tracking number, then open the one row with the keyboard.
  const target = completed[0]!;
  await page.getByRole('searchbox', { name: 'Find' }).fill(target.tracking_number!);
  await page.keyboard.press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'reference id or tracking number' })).toContainText('1 return with');
  await rows(page).first().focus();
  await page.keyboard.press('Enter');
  await expect(heading(page, target.id)).toBeVisible();

  // The detail says what the service says: facts, items with requested and taken actions, history.
  const facts = page.locator('.facts');
  await expect(facts.locator('.status')).toHaveText('Completed');
  await expect(facts).toContainText(target.reference_id);
  await expect(facts).toContainText(target.tracking_number!);
  await expect(facts).toContainText(target.fulfillment_center.name);
  await expect(facts).not.toContainText(`(${target.fulfillment_center.id})`);
  // Its times in its center's zone, named, as every time of a center is.
  const zone = (await host.core.emulator.control.data('fulfillmentCenters')).find((c) => c.id === target.fulfillment_center.id)!.timezone;
  const at = new Date(target.insert_date);
  const inZone = new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(at);
  const zoneName = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')!.value;
  await expect(facts.locator('dt', { hasText: /^Created$/ }).locator('+ dd')).toHaveText(`${inZone} ${zoneName}`);
  for (const item of target.inventory) {
    const row = page.locator(`tr[data-inventory-id="${item.id}"]`);
    // The item by its name, then its SKU; the id only on hover.
    await expect(row.locator('td').nth(0)).toHaveText(`${item.name} (${item.sku})`);
    await expect(row.locator('td').nth(0)).toHaveAttribute('title', `Inventory id ${item.id}`);
    await expect(row.locator('td').nth(1)).toHaveText(String(item.quantity));
    await expect(row.locator('td').nth(4)).toContainText(item.action_requested.action);
    await expect(row.locator('td').nth(4)).toContainText(item.action_requested.action_type === 'Override' ? '(requested)' : '(item’s preference)');
    for (const taken of item.action_taken) await expect(row.locator('td').nth(5)).toContainText(`${taken.action} × ${taken.quantity_processed}`);
  }
  await expect(page.getByRole('list', { name: 'Status history' }).getByRole('listitem')).toHaveText(
    target.status_history.map((h) => new RegExp(`^${h.status.replace(/([a-z])([A-Z])/g, '$1 $2')}`, 'i')),
  );
  await expect(page.locator('#change-why')).toContainText('only a return still awaiting arrival can be changed or cancelled');
  await expect(page.getByRole('button', { name: /Cancel return/ })).toHaveCount(0);
  await axeCheck(page, 'return-detail-completed');

  // Back restores the filtered list.
  await page.goBack();
  await expect.poll(() => address(page)).toBe(`/returns?dir=asc&status=Completed&q=${target.tracking_number}`);
  await expect(rows(page)).toHaveCount(1);
});

test('pages through the service cursors; a page in the address survives a reload', async ({ page, host }) => {
  const { returns } = await returnsService(host.core.emulator.url);
  // Service-side setup: 90 more returns, so the list has two pages of 100.
  const seed = (await host.core.emulator.control.data('returns'))[0]!;
  await host.core.emulator.control.add(
    'returns',
    Array.from({ length: 90 }, (_, n) => {
      const created = new Date(Date.parse(seed.insert_date) - (n + 1) * 60_000).toISOString();
      return { ...structuredClone(seed), id: 90_000 + n, reference_id: `RMA-PAGE-${n}`, insert_date: created, schedule: null };
    }),
  );
  const all = await returns();
  const second = all.slice(100);
  expect(second.length).toBeGreaterThan(0);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.goto(`${host.origin}/#/returns`);
  await expect(rows(page).first()).toBeVisible();
  await expect(table(page)).toHaveAttribute('aria-rowcount', '-1');
  await page.getByRole('navigation', { name: 'Return pages' }).getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => address(page)).toBe('/returns?page=2');
  await expect(rows(page)).toHaveCount(second.length);
  await expect(rows(page).first().locator('td').nth(1)).toHaveText(second[0]!.reference_id);
  await expect(table(page)).toHaveAttribute('aria-rowcount', String(all.length + 1));
  // A reload starts with no cursors: page 2 is found by walking from page 1.
  await page.reload();
  await expect(rows(page).first().locator('td').nth(1)).toHaveText(second[0]!.reference_id);
  await expect(page.getByRole('navigation', { name: 'Return pages' }).getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('navigation', { name: 'Return pages' }).getByRole('button', { name: 'Previous' }).click();
  await expect.poll(() => address(page)).toBe('/returns');
  await expect(rows(page).first().locator('td').nth(1)).toHaveText(all[0]!.reference_id);
});

test('keyboard only: cancel a return awaiting arrival; once the clock moves a return on, cancel is no longer offered', async ({ page, host }) => {
  const { api, control, returns } = await returnsService(host.core.emulator.url);
  const [first, second, third] = await returns('&Status=AwaitingArrival');
  await page.goto(host.url);
  await signInThroughPopup(page);

  // Keyboard only, from the list: Find, Enter on the row, Tab to Cancel, Enter, Enter in the dialog.
  await page.keyboard.press('Alt+5');
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find' }).focus();
  await page.keyboard.type(first!.reference_id, { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await page.keyboard.press('Tab');
  await tabTo(page, 'Refresh');
  await page.keyboard.press('Tab');
  await expect(table(page).getByRole('button', { name: 'Created' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rows(page).first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(heading(page, first!.id)).toBeVisible();
  await expectViewFocus(page, `Return ${first!.id}`);
  await tabTo(page, 'Cancel return…');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Cancel return ${first!.reference_id}?` });
  await expect(dialog).toBeVisible();
  await axeCheck(page, 'return-cancel-dialog');
  // The safe choice has focus; confirming takes a deliberate step to the action.
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel the return' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.locator('.facts .status')).toHaveText('Cancelled');
  await expect(page.locator('#change-why')).toContainText('already cancelled');
  expect((await api.get<Ret>(`/2026-07/return/${first!.id}`)).status).toBe('Cancelled');

  // Another one awaiting arrival offers Cancel and Edit; the service's clock moves it on.
  await page.goto(`${host.origin}/#/returns/${second!.id}`);
  await expect(page.getByRole('button', { name: 'Cancel return…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit return' })).toBeVisible();
  await axeCheck(page, 'return-detail-awaiting');
  await control('POST', '/clock/advance', { seconds: 3 * 86400 });
  expect((await api.get<Ret>(`/2026-07/return/${second!.id}`)).status).not.toBe('AwaitingArrival');
  // The view still shows the old state: asking to cancel now is refused, and the view says why.
  await page.getByRole('button', { name: 'Cancel return…' }).click();
  await page.getByRole('button', { name: 'Cancel the return' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not cancelled' })).toContainText(`Return ${second!.id} cannot be cancelled`);
  await expect(page.getByRole('button', { name: 'Cancel return…' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit return' })).toHaveCount(0);
  await expect(page.locator('#change-why')).toContainText('the warehouse has the box');
  await page.reload();
  await expect(heading(page, second!.id)).toBeVisible();
  await expect(page.locator('#change-why')).toContainText('only a return still awaiting arrival can be changed or cancelled');
  await expect(page.getByRole('button', { name: 'Cancel return…' })).toHaveCount(0);
  expect((await api.get<Ret>(`/2026-07/return/${second!.id}`)).status).not.toBe('Cancelled');

  // Edit (of a return created after the clock moved, so still awaiting arrival) opens an intake draft.
  expect(third).toBeDefined();
  const fresh = await api.call('POST', '/2026-07/return', {
    body: {
      reference_id: 'E2E-EDIT-1',
      fulfillment_center: third!.fulfillment_center,
      inventory: [{ id: third!.inventory[0]!.id, quantity: 1, requested_action: 'Default' }],
    },
  });
  expect(fresh.status).toBe(201);
  const freshId = (fresh.body as { id: number }).id;
  await page.goto(`${host.origin}/#/returns/${freshId}`);
  await page.getByRole('button', { name: 'Edit return' }).click();
  await expect.poll(() => address(page)).toMatch(/^\/returns\/drafts\/[0-9a-f-]{36}$/);
});

test('a scanned reference id or tracking number opens the return; Ctrl+K finds one', async ({ page, host }) => {
  const { returns } = await returnsService(host.core.emulator.url);
  const [byRef, byTracking] = await returns('&Status=Processing');
  await page.goto(host.url);
  await signInThroughPopup(page);
  // From the receiving list, at 5 ms per key.
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' })).toBeVisible();
  await scan(page, byRef!.reference_id, 5);
  // Right after sign-in the host also runs the first inventory sync, which can hold its thread for seconds.
  await expect(heading(page, byRef!.id)).toBeVisible({ timeout: 30_000 });
  // From Settings, at 20 ms per key.
  await page.keyboard.press('Alt+6');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await scan(page, byTracking!.tracking_number!, 20);
  await expect(heading(page, byTracking!.id)).toBeVisible({ timeout: 15_000 });

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type(byRef!.reference_id, { delay: 150 });
  const entry = palette.getByRole('menuitem', { name: new RegExp(`Return ${byRef!.reference_id}`) });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(heading(page, byRef!.id)).toBeVisible();
});

test('the list refreshes itself while visible: a return cancelled elsewhere leaves the Awaiting arrival list', async ({ page, host }) => {
  test.setTimeout(150_000);
  const { api, returns } = await returnsService(host.core.emulator.url);
  const awaiting = await returns('&Status=AwaitingArrival');
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.goto(`${host.origin}/#/returns?status=AwaitingArrival`);
  await expect(rows(page)).toHaveCount(awaiting.length);
  // Cancelled by another desk, straight at the service; nobody touches this page.
  expect((await api.call('POST', `/2026-07/return/${awaiting[0]!.id}:cancel`, { body: {} })).status).toBe(200);
  // The list refreshes every 60 s while visible (REFRESH_MS, within the request budget), so within 75 s.
  await expect(rows(page)).toHaveCount(awaiting.length - 1, { timeout: 75_000 });
  await expect(table(page)).not.toContainText(awaiting[0]!.reference_id);
});

test('a return’s original shipment reads as its order reference and tracking number; the ids only on hover', async ({ page, host }) => {
  const outside = await returnsService(host.core.emulator.url);
  // A return whose shipment has gone out, so it has a tracking number as well as its order's reference.
  type ShipmentAnswer = { order_id: number; reference_id: string; tracking?: { tracking_number: string | null } };
  let found: { returnId: number; shipmentId: number; shipment: ShipmentAnswer } | undefined;
  for (const r of (await host.core.emulator.control.data('returns')).filter((x) => x.original_shipment_id !== null)) {
    const shipment = await outside.api.get<ShipmentAnswer>(`/2026-07/shipment/${r.original_shipment_id}`);
    if (shipment.tracking?.tracking_number) {
      found = { returnId: r.id, shipmentId: r.original_shipment_id!, shipment };
      break;
    }
  }
  expect(found, 'a seeded return of a shipped shipment').toBeDefined();
  const { returnId, shipmentId, shipment } = found!;
  expect(shipment.reference_id).toBeTruthy();
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.goto(`${host.origin}/#/returns/${returnId}`);
  await expect(heading(page, returnId)).toBeVisible();
  const shown = page.getByTestId('original-shipment');
  await expect(shown).toContainText(`Order ${shipment.reference_id}`);
  await expect(shown).toContainText(`tracking ${shipment.tracking!.tracking_number}`);
  await expect(shown).not.toContainText(String(shipmentId));
  await expect(shown).not.toContainText(String(shipment.order_id));
  await expect(shown).toHaveAttribute('title', `Shipment id ${shipmentId} · order id ${shipment.order_id}`);
  await axeCheck(page, 'return-original-shipment');
});
