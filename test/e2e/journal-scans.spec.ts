import type { Page } from '@playwright/test';
import { expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { scanCode } from './scanner.js';
import { service } from './service.js';
import { chooseCenter, openIntake, returnsWithReference } from './returns-support.js';

/**
 * Scans in "Done at this desk": an item scanned at the intake and a code it refused read on the
 * return's page once it is sent; a box label's order scanned from another view reads on the order's
 * page as opened by a scan.
 */

const doneHere = (page: Page) => page.getByRole('region', { name: 'Done at this desk' });

test("scans at the intake, taken and refused, read on the return's page as this desk's", async ({ page, host }) => {
  const item = (await host.core.emulator.control.data('inventory')).find((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot)!;
  await openIntake(page, host.url);
  await chooseCenter(page);
  await page.getByLabel('Tracking number').focus();
  await page.keyboard.type('1ZSCANJOURNAL1', { delay: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Scan items')).toBeFocused();
  await scanCode(page, 'NO-SUCH-ITEM-77');
  await scanCode(page, item.sku);
  await expect(page.getByTestId('intake-line-0')).toContainText(item.sku);
  const reference = await page.getByLabel('Reference id').inputValue();
  await page.keyboard.press('Alt+s');
  await expect(page.getByTestId('last-submission')).toContainText(`Return ${reference}: sent`);
  const [made] = await returnsWithReference(host.core.emulator, reference);

  await page.goto(`${host.origin}/#/returns/${made!.id}`);
  await expectViewFocus(page, `Return ${made!.id}`);
  const entries = doneHere(page).getByRole('listitem');
  await expect(entries.filter({ hasText: `Scanned ${item.sku} at return intake: taken` })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Scanned NO-SUCH-ITEM-77 at return intake: refused' })).toHaveCount(1);
  // A scan is stamped when the journal records it (a few at a time), so it may read just after the create.
  await expect(entries.filter({ hasText: 'Created with 1 unit on 1 line' })).toHaveCount(1);
});

test("an order's number scanned from another view opens it, and its page reads the scan as done at this desk", async ({ page, host }) => {
  const { api } = await service(host.core.emulator.url);
  const awaiting = (await api.get<{ id: number }[]>('/2026-07/receiving?Statuses=Awaiting&Limit=1'))[0]!;
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+5');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await scanCode(page, String(awaiting.id));
  await expectViewFocus(page, `Receiving order ${awaiting.id}`);
  await expect(doneHere(page).getByRole('listitem').first()).toContainText(`Scanned ${awaiting.id}: opened`);
});

test("a lot excluded and a receipt linked at this desk read on the item's lots page and on the receipt's page", async ({ page, host }) => {
  const { api } = await service(host.core.emulator.url);
  await page.goto(host.url);
  await signInThroughPopup(page);
  const control = host.core.emulator.control;
  const taken = new Set((await control.data('lotExclusions')).map((e) => `${e.inventory_id}:${e.lot_number}`));
  const item = (await control.data('inventory')).find((i) => i.is_lot && i.lots.some((l) => !taken.has(`${i.inventory_id}:${l.lot_number}`)))!;
  const lotNumber = item.lots.find((l) => !taken.has(`${item.inventory_id}:${l.lot_number}`))!.lot_number;
  // Done through this desk's core, as its Exclude and Link buttons do.
  expect(await host.core.dispatch('lotExclusion.exclude', { inventoryId: item.inventory_id, lotNumber })).toMatchObject({ ok: true });
  await page.goto(`${host.origin}/#/lots/${item.inventory_id}`);
  await expect(doneHere(page).getByRole('listitem').first()).toContainText(`Lot ${lotNumber} excluded`);
  await expect(doneHere(page).getByRole('listitem').first()).toContainText('The service confirmed it.');

  const awaiting = (await api.get<{ id: number }[]>('/2026-07/receiving?Statuses=Awaiting&Limit=1'))[0]!;
  const receipt = (await api.get<{ id: number }[]>('/2026-07/unidentified-receiving-order?isCompleted=false'))[0]!;
  expect(await host.core.dispatch('unidentified.link', { id: receipt.id, wroId: awaiting.id })).toMatchObject({ ok: true });
  await page.goto(`${host.origin}/#/unidentified/${receipt.id}`);
  await expect(doneHere(page).getByRole('listitem').first()).toContainText('Receipt linked');
  await expect(doneHere(page).getByRole('listitem').first()).toContainText('The service confirmed it.');
});
