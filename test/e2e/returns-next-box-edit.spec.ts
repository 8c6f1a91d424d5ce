import type { EmulatorControl } from '../../emulator/control-client.js';
import { expect, test } from './fixtures.js';
import { chooseCenter, openIntake, returnsWithReference } from './returns-support.js';
import { scanCode } from './scanner.js';

/**
 * Return intake beyond one box, in Chromium against the real emulator:
 * a reference id changed before the first submit is the one the service gets; "Next box" sends this
 * return and starts the next with the same order; a return awaiting arrival is changed through the
 * intake and the service holds the change. Scans are real key events at scanner speed.
 */

async function plainItems(emulator: { control: EmulatorControl }) {
  return (await emulator.control.data('inventory'))
    .filter((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot && /^\d{13}$/.test(i.barcode))
    .slice(0, 2)
    .map((i) => ({ id: i.inventory_id, sku: i.sku, barcode: i.barcode }));
}

test('a reference id changed before the first submit is the one sent; Next box starts the next return for the same order', async ({ page, host }) => {
  const emulator = host.core.emulator;
  const [a, b] = await plainItems(emulator);
  const order = (await emulator.control.data('orders')).find((o) => o.reference_id && o.shipments.length === 1)!;
  await openIntake(page, host.url);

  const reference = page.getByLabel('Reference id');
  await expect(page.getByText('Editable until the first submit.')).toBeVisible();
  await reference.fill('DESK-BOX-1');
  await page.getByLabel('Tracking number').focus();
  await scanCode(page, '1ZNEXTBOX0000001');
  await page.getByLabel('Order reference (optional)').focus();
  await scanCode(page, order.reference_id!);
  await expect(page.locator('#intake-order-note')).toHaveText(`Order ${order.order_number ?? order.id}`);
  await expect(page.getByLabel('Original shipment')).toHaveValue(String(order.shipments[0]!.id));
  // The shipment reads as its tracking number (or says it has none yet), never as its bare id.
  const shipment = order.shipments[0]!;
  const chosen = page.getByLabel('Original shipment').locator('option:checked');
  await expect(chosen).toHaveText(shipment.tracking?.tracking_number ? new RegExp(`^Tracking ${shipment.tracking.tracking_number}`) : /no tracking yet/);
  if (shipment.tracking?.tracking_number) await expect(chosen).not.toContainText(String(shipment.id));
  await page.getByLabel('Scan items').focus();
  await scanCode(page, a!.barcode);
  await expect(page.getByTestId('intake-line-0')).toContainText(a!.sku);
  await chooseCenter(page);
  const center = await page.getByLabel('Fulfillment center').inputValue();

  await page.keyboard.press('Alt+n');
  await expect(page.getByTestId('last-submission')).toContainText(/Return DESK-BOX-1: sent, return \d+/);
  const [first] = await returnsWithReference(emulator, 'DESK-BOX-1');
  expect(first).toMatchObject({ tracking_number: '1ZNEXTBOX0000001', original_shipment_id: order.shipments[0]!.id });
  expect(first!.inventory.map((l) => [l.id, l.quantity])).toEqual([[a!.id, 1]]);

  // The next box: same order and center, a new reference id, no tracking number and no lines yet.
  await expect(reference).not.toHaveValue('DESK-BOX-1');
  await expect(reference).toHaveValue(/^DD-\d{8}-/);
  await expect(page.locator('#intake-order-note')).toHaveText(`Order ${order.order_number ?? order.id}`);
  await expect(page.getByLabel('Fulfillment center')).toHaveValue(center);
  await expect(page.getByLabel('Tracking number')).toHaveValue('');
  await expect(page.getByTestId('intake-line-0')).toHaveCount(0);
  const next = await reference.inputValue();
  await page.getByLabel('Tracking number').focus();
  await scanCode(page, '1ZNEXTBOX0000002');
  await scanCode(page, b!.barcode);
  await expect(page.getByTestId('intake-line-0')).toContainText(b!.sku);
  await page.keyboard.press('Alt+s');
  await expect(page.getByTestId('last-submission')).toContainText(new RegExp(`Return ${next}: sent`));
  expect((await returnsWithReference(emulator, next))[0]).toMatchObject({ tracking_number: '1ZNEXTBOX0000002', original_shipment_id: order.shipments[0]!.id });
});

test('a return awaiting arrival is changed through the intake, and the service holds the change', async ({ page, host }) => {
  const emulator = host.core.emulator;
  const [a] = await plainItems(emulator);
  await openIntake(page, host.url);
  const reference = await page.getByLabel('Reference id').inputValue();
  await page.getByLabel('Tracking number').focus();
  await scanCode(page, '1ZEDITRETURN0001');
  await scanCode(page, a!.barcode);
  await expect(page.getByTestId('intake-line-0')).toContainText(a!.sku);
  await chooseCenter(page);
  await page.keyboard.press('Alt+s');
  await expect(page.getByTestId('last-submission')).toContainText(new RegExp(`Return ${reference}: sent, return \\d+`));
  const sent = (await returnsWithReference(emulator, reference))[0]!;
  expect(sent.status).toBe('AwaitingArrival');

  await page.goto(`${host.origin}/#/returns/${sent.id}`);
  await page.getByRole('button', { name: 'Edit return' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Change return ${sent.id}` })).toBeVisible();
  await expect(page.getByLabel('Reference id')).toHaveValue(reference);
  await expect(page.getByLabel('Reference id')).not.toBeEditable();
  await expect(page.getByText(`Fixed: it is the reference of return ${sent.id}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Next box/ })).toHaveCount(0);
  const quantity = page.getByTestId('intake-line-0').getByLabel(/Quantity of/);
  await expect(quantity).toHaveValue('1');
  await quantity.fill('3');
  await page
    .getByTestId('intake-line-0')
    .getByLabel(/Action for/)
    .selectOption('Quarantine');
  await page.keyboard.press('Alt+s');

  await expect
    .poll(async () => (await returnsWithReference(emulator, reference)).map((r) => r.inventory.map((l) => [l.id, l.quantity, l.action_requested.action])))
    .toEqual([[[a!.id, 3, 'Quarantine']]]);
  expect((await returnsWithReference(emulator, reference))[0]!.id).toBe(sent.id);
});
