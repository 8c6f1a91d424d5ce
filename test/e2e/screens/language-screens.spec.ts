import { DESK_LANGUAGES } from '../desk-languages.js';
import { axeCheck, expect, signInThroughPopup, test } from '../fixtures.js';
import { openAddress, waitForFirstSync } from '../inventory-support.js';
import { layoutFaults } from '../pseudo-check.js';
import { keyPause, scanCode } from '../scanner.js';
import { openSettled, walkViews } from '../walk-views.js';
import { shotWindow } from './matrix.js';

/**
 * Every view of the screenshot walk in German, Spanish and Polish at 1280x800, light and dark, on a
 * system in that language: axe clean on each, a shot saved for a person to look at, the layout
 * faults the e2e walks fail on (a wrapped status bar, a cut option, a broken code) and the page no
 * wider than the window (the pseudo-locale's e2e walk checks the words themselves, in every build).
 */
for (const language of DESK_LANGUAGES) {
  test.describe(language.locale, () => {
    test.use({ locale: language.locale });
    for (const scheme of ['light', 'dark'] as const) {
      test(`${language.tag}: every view at 1280x800, ${scheme}`, async ({ page, host }) => {
        test.setTimeout(300_000);
        const tag = `${await shotWindow(page, { width: 1280, height: 800 }, scheme)}-${language.tag}`;
        await page.goto(host.url);
        await expect(page.locator('html')).toHaveAttribute('lang', language.locale);
        await axeCheck(page, `${tag}-01-sign-in`);
        await signInThroughPopup(page, language.signIn);
        await waitForFirstSync(host);
        const { views } = await walkViews(host);
        for (const [name, address] of views) {
          await openSettled(page, address);
          await page.mouse.move(0, 0);
          await axeCheck(page, `${tag}-${name}`);
          expect.soft(await layoutFaults(page), `${name}: layout at 1280x800`).toEqual([]);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1),
            `${name}: wider than the window`,
          ).toBe(false);
        }
        // The receiving form with lines: an item with lots and one without, scanned into the first box.
        const inventory = await host.core.emulator.control.data('inventory');
        const usable = inventory.filter((i) => i.is_active && !i.is_bundle && !i.is_digital);
        await openAddress(page, '#/receiving/new');
        await expect(page.locator('main h1')).toBeVisible();
        for (const item of [usable.find((i) => !i.is_lot)!, usable.find((i) => i.is_lot)!]) {
          await page.locator('.box-fieldset [data-scan-field="scope"]').first().focus();
          await scanCode(page, item.sku, { msPerKey: 5 });
          await keyPause(page, 300);
          await expect(page.locator('.box-fieldset').first()).toContainText(item.name);
        }
        await page.mouse.move(0, 0);
        await axeCheck(page, `${tag}-05d-receiving-new-lines`);
        expect.soft(await layoutFaults(page), 'the receiving form with lines: layout at 1280x800').toEqual([]);
      });
    }
  });
}
