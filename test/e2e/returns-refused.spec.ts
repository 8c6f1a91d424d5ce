import { axeCheck, expect, test } from './fixtures.js';
import { chooseCenter, openIntake, returnsWithReference } from './returns-support.js';
import { scanCode } from './scanner.js';

/**
 * Field errors from the service bring the draft back with the messages on the
 * lines. The desk's facts about an item can be stale (the item cache said it is not digital; the
 * service has since made it digital), so the service refuses what the intake accepted.
 */
test('a return the service refuses comes back to the drafts, with the service’s message on the line it names', async ({ page, host }) => {
  const inventory = await host.core.emulator.control.data('inventory');
  const [a, b] = inventory.filter((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot && /^\d{13}$/.test(i.barcode)).slice(0, 2);
  await openIntake(page, host.url);
  await scanCode(page, 'TRK-REFUSED-1');
  await scanCode(page, a!.barcode);
  await scanCode(page, b!.barcode);
  await expect(page.getByTestId('intake-line-1')).toContainText(b!.sku);
  await chooseCenter(page);
  const reference = await page.getByLabel('Reference id').inputValue();

  // Meanwhile the service made the second item digital: a return of it breaks spec 4.8 rule 2.
  await host.core.emulator.control.replace('inventory', { ...b!, is_digital: true });
  await page.keyboard.press('Alt+s');
  await expect(page.getByText(`Return ${reference} came back to the drafts`)).toBeVisible({ timeout: 20_000 });
  expect(await returnsWithReference(host.core.emulator, reference)).toHaveLength(0);

  // The outbox lists it; opening it shows the draft as it was, the message on the second line only.
  await page.getByTestId('status-outbox').getByRole('button').click();
  const panel = page.getByRole('dialog', { name: 'Returns outbox' });
  await panel.getByRole('button', { name: `Open draft ${reference}` }).click();
  await expect(page.getByLabel('Reference id')).toHaveValue(reference);
  await expect(page.getByTestId('intake-line-0')).toContainText(a!.sku);
  await expect(page.getByTestId('intake-line-1')).toContainText(b!.sku);
  const messages = page.locator('tr.line-messages');
  await expect(messages).toHaveCount(1);
  await expect(messages).toContainText(`${b!.sku} is a digital item and cannot be returned`);
  await axeCheck(page, 'returns-intake-refused');

  // Removing that line and submitting again sends the rest, under the same reference id, once.
  await page.getByRole('button', { name: new RegExp(`^Remove line 2, `) }).click();
  await page.keyboard.press('Alt+s');
  await expect(page.getByTestId('last-submission')).toContainText(new RegExp(`Return ${reference}: sent, return \\d+`));
  const held = await returnsWithReference(host.core.emulator, reference);
  expect(held.map((r) => r.inventory.map((l) => [l.id, l.quantity]))).toEqual([[[a!.inventory_id, 1]]]);
});
