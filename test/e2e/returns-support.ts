import type { Page } from '@playwright/test';
import type { EmulatorControl } from '../../emulator/control-client.js';
import { expect, signInThroughPopup } from './fixtures.js';

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
