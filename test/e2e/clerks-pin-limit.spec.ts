import { expect, test } from './fixtures.js';

/**
 * A clerk's PIN typed wrong five times in a row, keyboard only: the PIN dialog says the clerk's PIN is
 * refused and until when, and the right PIN is refused too until then (main keeps the count).
 */
test('five wrong PINs in a row: the dialog says when the clerk can try again, and the right PIN waits until then', async ({ page, host }) => {
  await host.core.dispatch('clerks.add', { name: 'Ben Okafor', pin: '4711' });
  await page.goto(host.url);
  const clerkButton = page.getByTestId('status-clerk').getByRole('button');
  await expect(clerkButton).toHaveText('No clerk');
  await page.keyboard.press('Control+k');
  // Typed at a person's pace: a burst at a scanner's pace is a scan.
  await page.keyboard.type('Ben Okafor', { delay: 90 });
  await expect(page.getByRole('menuitem', { name: /Ben Okafor takes the turn/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'PIN for Ben Okafor' });
  const field = dialog.getByRole('textbox', { name: 'PIN' });
  await expect(field).toBeFocused();

  for (let i = 1; i <= 4; i++) {
    await page.keyboard.type('1234', { delay: 90 });
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toContainText('That PIN is not this clerk');
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused();
  }
  await page.keyboard.type('1234', { delay: 90 });
  await page.keyboard.press('Enter');
  const locked = /^Too many wrong PINs\. Ben Okafor can try again at \d{1,2}:\d{2}( [AP]M)?\.$/;
  await expect(dialog.getByRole('alert')).toHaveText(locked);
  await expect(field).toBeFocused();
  await page.keyboard.type('4711', { delay: 90 });
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue('');
  await expect(dialog.getByRole('alert')).toHaveText(locked);
  await expect(clerkButton).toHaveText('No clerk');
});
