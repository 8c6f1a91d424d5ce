import type { Locator, Page } from '@playwright/test';
import type { BrowserHost } from '../../electron/host/browser-host.js';
import { expect, signInThroughPopup } from './fixtures.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';

/**
 * Signed in, with the inventory cache filled (the import checks every row against it), on a new
 * receiving order with its spreadsheet import open (Alt+F): the dialog.
 */
export async function openImportDialog(page: Page, host: BrowserHost): Promise<Locator> {
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  await openAddress(page, '/receiving/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();
  await page.keyboard.press('Alt+f');
  const dialog = page.getByRole('dialog', { name: 'Import from a spreadsheet' });
  await expect(dialog).toBeVisible();
  return dialog;
}
