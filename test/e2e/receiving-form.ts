import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/**
 * The receiving form's center, by keyboard: ↓ opens the list, Enter takes the highlighted center.
 * Right after sign-in the centers may still be waiting for the request budget the first sync spends;
 * a clerk sees the list empty and presses ↓ again once it fills, and so does this.
 */
export async function chooseFormCenter(page: Page): Promise<void> {
  const center = page.getByRole('combobox', { name: 'Fulfillment center' });
  await center.focus();
  await expect(async () => {
    if ((await center.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await page.keyboard.press('Enter');
  await expect(center).not.toHaveValue('');
}
