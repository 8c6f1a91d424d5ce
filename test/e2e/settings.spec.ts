import { expect, signInThroughPopup, test } from './fixtures.js';

test('Settings: add a custom environment, test its connection, sign in there with a token, switch back to the emulator, sign out', async ({ page, host }) => {
  const emulatorUrl = host.core.emulator.url;
  await page.goto(host.url);
  await signInThroughPopup(page);

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Add an environment' }).click();
  const form = page.getByRole('form', { name: 'Add an environment' });
  await form.getByLabel('Name').fill('Staging');
  await form.getByLabel('API address').fill('http://staging.example.com');
  await form.getByRole('button', { name: 'Save' }).click();
  // The refusal appears next to the field it is about.
  await expect(form.getByRole('alert')).toContainText('Use https://');
  await expect(form.getByLabel('API address')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('API address').fill(emulatorUrl);
  await form.getByLabel('Sign-in address (optional)').fill(emulatorUrl);
  await form.getByRole('button', { name: 'Test connection' }).click();
  const results = form.getByRole('list', { name: 'Connection test results' });
  await expect(results).toContainText('Sign-in host: OK');
  await expect(results).toContainText('API host: OK');
  await form.getByRole('button', { name: 'Save' }).click();

  const environments = page.getByRole('list', { name: 'Environments' });
  await expect(environments).toContainText('Staging');
  await page.getByRole('button', { name: 'Use Staging' }).click();
  await expect(page.getByRole('heading', { name: 'Account in Staging' })).toBeVisible();
  await expect(page.getByTestId('status-environment')).toHaveText('Staging');
  await expect(page.getByTestId('status-account')).toHaveText('Signed out');

  const pat = (await (
    await fetch(`${emulatorUrl}/__emulator/pats`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'e2e' }) })
  ).json()) as { token: string };
  await page.getByLabel('Personal access token').fill(pat.token);
  await page.getByRole('button', { name: 'Sign in with token' }).click();
  await expect(page.getByTestId('settings-account')).toHaveText('Personal access token');
  await expect(page.getByTestId('status-account')).toHaveText('Personal access token');
  // The token the user typed is gone from the page once accepted.
  expect(await page.content()).not.toContain(pat.token);

  await page.getByRole('link', { name: 'Receiving' }).click();
  // 71 orders (64 generated, 7 of the day's scenario) on one page of 100 (plus the header row).
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' })).toHaveAttribute('aria-rowcount', '72');

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Use Local emulator' }).click();
  await expect(page.getByTestId('status-environment')).toHaveText('Local emulator');
  await expect(page.getByTestId('status-account')).toHaveText('demo@dockdesk.test');
  await page.getByRole('button', { name: 'Sign out of Local emulator' }).click();
  // Sign out asks first, on the safe choice.
  const ask = page.getByRole('dialog', { name: 'Sign out of Local emulator?' });
  await expect(ask.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await ask.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByTestId('status-account')).toHaveText('Signed out');
  await expect(page.getByTestId('settings-account')).toHaveText('Not signed in');
});
