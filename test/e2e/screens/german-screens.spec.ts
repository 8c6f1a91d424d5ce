import { axeCheck, expect, signInThroughPopup, test } from '../fixtures.js';
import { openAddress, waitForFirstSync } from '../inventory-support.js';
import { layoutFaults } from '../pseudo-check.js';
import { walkViews } from '../walk-views.js';
import { shotWindow } from './matrix.js';

/**
 * Every view of the screenshot walk in German at 1280x800, light and dark, on a German system: axe
 * clean on each, a shot saved for a person to look at, and the page no wider than the window (the
 * pseudo-locale's e2e walk checks the words themselves, in every build).
 */
test.use({ locale: 'de-DE' });

for (const scheme of ['light', 'dark'] as const) {
  test(`Deutsch: every view at 1280x800, ${scheme}`, async ({ page, host }) => {
    test.setTimeout(300_000);
    const tag = `${await shotWindow(page, { width: 1280, height: 800 }, scheme)}-de`;
    await page.goto(host.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await axeCheck(page, `${tag}-01-sign-in`);
    await signInThroughPopup(page, 'Anmelden');
    await waitForFirstSync(host);
    const { views } = await walkViews(host);
    for (const [name, address] of views) {
      await openAddress(page, address);
      await expect(page.locator('main h1')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[data-loading]')).toHaveCount(0, { timeout: 30_000 });
      await page.mouse.move(0, 0);
      await axeCheck(page, `${tag}-${name}`);
      expect.soft(await layoutFaults(page), `${name}: layout at 1280x800`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1), `${name}: wider than the window`).toBe(
        false,
      );
    }
  });
}
