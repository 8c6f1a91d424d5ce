import type { Page } from '@playwright/test';
import type { EmulatorControl } from '../../emulator/control-client.js';
import type { BrowserHost } from '../../electron/host/browser-host.js';
import { expect, signInThroughPopup } from './fixtures.js';
import { keyPause, scanCode } from './scanner.js';

/** Shared by the return intake's e2e specs: opening the intake, choosing a center, reading the service's returns. */

export async function returnsWithReference(emulator: { control: EmulatorControl }, referenceId: string) {
  return (await emulator.control.data('returns')).filter((r) => r.reference_id === referenceId);
}

/** Signs in, waits for the item cache, and opens the return in progress from the command palette. */
export async function openIntake(page: Page, url: string, signIn = true) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(url);
  if (signIn) await signInThroughPopup(page);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('new return', { delay: 20 });
  await expect(page.getByRole('menuitem', { name: /New return/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Return intake' })).toBeVisible();
  await expect(page.getByText(/Item cache as of/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Tracking number')).toBeFocused();
}

export async function chooseCenter(page: Page) {
  const select = page.getByLabel('Fulfillment center');
  await expect(select.locator('option')).not.toHaveCount(1);
  if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
}

/**
 * On the open intake, keyboard only: a center, then the tracking number and one unit of an ordinary
 * item scanned as a clerk at the dock scans them (keys stamped with their own times, so a test runner
 * busy with the desk's core cannot bunch typed keys into a scan), sent with Alt+S; answers the return
 * as the service holds it (exactly that one line).
 */
export async function sendOneReturn(page: Page, host: BrowserHost, tracking: string) {
  const { item, reference } = await scanOneLine(page, host, tracking);
  await page.keyboard.press('Alt+s');
  await expect(page.getByTestId('last-submission')).toContainText(`Return ${reference}: sent`);
  const [made] = await returnsWithReference(host.core.emulator, reference);
  expect(made!.inventory.map((l) => [l.id, l.quantity])).toEqual([[item.inventory_id, 1]]);
  return made!;
}

/**
 * On the open intake: a center, then the tracking number and one unit of an ordinary item scanned
 * (keys stamped with their own times); answers the item and the return's reference id.
 */
export async function scanOneLine(page: Page, host: BrowserHost, tracking: string) {
  const item = (await host.core.emulator.control.data('inventory')).find((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot)!;
  await chooseCenter(page);
  await page.getByLabel('Tracking number').focus();
  await keyPause(page, 150);
  await scanCode(page, tracking);
  await expect(page.getByLabel('Scan items')).toBeFocused();
  await keyPause(page, 150);
  await scanCode(page, item.sku);
  await expect(page.getByTestId('intake-line-0')).toContainText(item.sku);
  return { item, reference: await page.getByLabel('Reference id').inputValue() };
}

/** Tab (never the mouse) until the focused element is the named button; fails after 40 presses. */
export async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}
