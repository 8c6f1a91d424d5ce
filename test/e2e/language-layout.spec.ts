import { DESK_LANGUAGES } from './desk-languages.js';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { waitForFirstSync } from './inventory-support.js';
import { layoutFaults } from './pseudo-check.js';
import { openSettled, walkViews } from './walk-views.js';

/**
 * The desk's real languages on a system in that language at 1280x800 (German has the longest words,
 * Spanish the longest dates): on every view of the screenshot walk the status bar stays on one line,
 * no option's words are cut, no code is broken across lines and the page is no wider than the window.
 * (Shots of the same walk, light and dark, are the screenshot set's; the pseudo-locale's walk checks
 * every word.)
 */
for (const language of DESK_LANGUAGES) {
  test.describe(language.locale, () => {
    test.use({ locale: language.locale });
    test(`${language.name} at 1280x800: no wrapped status bar, cut option or broken code on any view`, async ({ page, host }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(host.url);
      await expect(page.locator('html')).toHaveAttribute('lang', language.locale);
      await signInThroughPopup(page, language.signIn);
      await waitForFirstSync(host);
      const { views } = await walkViews(host);
      for (const [name, address] of views) {
        await openSettled(page, address);
        expect.soft(await layoutFaults(page), `${name}: layout at 1280x800`).toEqual([]);
        expect
          .soft(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1), `${name}: wider than the window`)
          .toBe(false);
      }
    });
  });
}
