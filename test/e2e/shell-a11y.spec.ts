import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';

/**
 * axe on every view and every open dialog of the shell, in light and in dark, at 1440x900. With
 * DOCKDESK_SHOTS=<folder> each state is also saved as a PNG, for a person to look at.
 */
const check = axeCheck;

for (const scheme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violation on any view or dialog (${scheme})`, async ({ page, host }) => {
    // Fifteen axe runs: more than the default minute on a shared machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.goto(host.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Local emulator' })).toBeVisible();
    await check(page, `${scheme}-sign-in`);

    await signInThroughPopup(page);
    await page.keyboard.press('Alt+1');
    const table = page.getByRole('table', { name: 'Warehouse receiving orders' });
    await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
    await check(page, `${scheme}-receiving`);

    await page
      .locator('.filters')
      .getByRole('button', { name: /Status/ })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await check(page, `${scheme}-receiving-status-menu`);
    await page.keyboard.press('Escape');

    await table.locator('tbody tr[aria-rowindex]').first().click();
    await expect(page.getByRole('heading', { level: 2, name: /^Quantities/ })).toBeVisible();
    await check(page, `${scheme}-receiving-detail`);

    await page.goto(`${host.origin}/#/receiving/new`);
    await page.getByRole('button', { name: 'Create receiving order' }).click();
    await expect(page.locator('.wro-form [aria-invalid="true"]').first()).toBeVisible();
    await check(page, `${scheme}-receiving-create-with-errors`);

    await page.keyboard.press('Alt+6');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await check(page, `${scheme}-settings`);
    await page.getByRole('button', { name: 'Add an environment' }).click();
    await check(page, `${scheme}-settings-environment-form`);
    await page.keyboard.press('Escape');

    for (const [key, name] of [
      ['Alt+2', 'Unidentified receipts'],
      ['Alt+3', 'Inventory'],
      ['Alt+4', 'Lot exclusions'],
      ['Alt+5', 'Returns'],
    ] as const) {
      await page.keyboard.press(key);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await check(page, `${scheme}-${name.toLowerCase().replace(/ /g, '-')}`);
    }

    await page.evaluate(() => (window.location.hash = '#/nowhere'));
    await expect(page.getByRole('heading', { level: 1, name: 'No such view' })).toBeVisible();
    await check(page, `${scheme}-not-found`);

    await page.keyboard.press('Alt+1');
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await check(page, `${scheme}-shortcuts-sheet`);
    await page.keyboard.press('Escape');

    // The stale-data notice over the rows.
    await host.core.emulator.close();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('alert')).toContainText('Could not refresh');
    await check(page, `${scheme}-receiving-stale`);
  });
}
