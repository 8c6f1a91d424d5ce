import { axeCheck, expect, signInThroughPopup, test } from '../fixtures.js';
import { openAddress } from '../inventory-support.js';
import { SCREENSHOT_SIZES, shotWindow } from './matrix.js';

/**
 * Settings → Clerks with two clerks (one with a PIN) and the status bar naming the clerk whose turn
 * it is; then the list to pick the next clerk from, opened from the status bar.
 */
for (const size of SCREENSHOT_SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`Settings: Clerks and the clerk in the status bar at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      const tag = await shotWindow(page, size, scheme);
      await page.goto(host.url);
      await signInThroughPopup(page);
      expect((await host.core.dispatch('clerks.add', { name: 'Ana Ruiz', pin: null })).ok).toBe(true);
      const added = await host.core.dispatch('clerks.add', { name: 'Ben Okafor', pin: '4711' });
      if (!added.ok) throw new Error('the clerk was not added');
      const ana = (added.value as { clerks: { id: string; name: string }[] }).clerks.find((c) => c.name === 'Ana Ruiz')!;
      expect((await host.core.dispatch('clerks.turn.take', { id: ana.id })).ok).toBe(true);

      await openAddress(page, '#/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      const panel = page.getByTestId('settings-clerks');
      await expect(panel.getByRole('row')).toHaveCount(3);
      await expect(page.getByTestId('status-clerk')).toHaveText('Clerk: Ana Ruiz');
      await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.mouse.move(0, 0);
      await axeCheck(page, `${tag}-50-settings-clerks`);

      await page.getByTestId('status-clerk').getByRole('button').click();
      await expect(page.getByRole('dialog', { name: 'Who takes the turn?' })).toBeVisible();
      await page.mouse.move(0, 0);
      await axeCheck(page, `${tag}-51-clerk-picker`);
    });
  }
}
