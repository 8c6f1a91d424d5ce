import { expect, signInThroughPopup, test } from './fixtures.js';

/**
 * The chrome tells the truth at a glance: signed out, the status bar claims no connection it has
 * not tried and no channel it does not have, and the first thing focused is Sign in.
 */
test('at first start Sign in has focus and the status bar says signed out, not Online; signed in it says Online', async ({ page, host }) => {
  await page.goto(host.url);
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeFocused();
  await expect(page.getByTestId('status-account')).toHaveText('Signed out');
  await expect(page.getByTestId('status-connectivity')).toHaveText('Not connected: signed out');
  await expect(page.getByRole('contentinfo', { name: 'Status' })).not.toContainText('Online');
  await expect(page.getByTestId('status-channel')).toHaveCount(0);

  await signInThroughPopup(page);
  await expect(page.getByTestId('status-connectivity')).toHaveText('Online');
  await expect(page.getByTestId('status-channel')).toContainText('Channel:');
});
