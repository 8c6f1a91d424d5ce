import { postgresAvailability, startPostgres, type TestPostgres } from '../support/postgres.js';
import { axeCheck, expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';

/**
 * Settings → Share with other desks against a real PostgreSQL (Debian's server, started for this
 * file): reached from the palette by keyboard, a refused password said with everything typed kept,
 * then connected, in the panel and the status bar, stopped on confirmation, and a server gone said as
 * such. A store that stops answering while shared is noticed on the desk's next use of it (the shared
 * outbox, never used with the local emulator), so that is the integration tests' (desks-store.test.ts,
 * desks-returns.test.ts), not this one's.
 */
const postgres = postgresAvailability();
if (!postgres.available) console.log(`desks-store: skipped: ${postgres.reason}`);
let server: TestPostgres | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  if (postgres.available) server = await startPostgres();
});
test.afterAll(async () => {
  await server?.stop();
});

test('a desk shares the store from Settings, by keyboard: a wrong password said with nothing typed lost, connected, stopped, a server gone said', async ({
  page,
  host,
}) => {
  test.skip(!server, `PostgreSQL is not available: ${postgres.reason}`);
  const store = server!.config;
  await page.goto(host.url);
  await signInThroughPopup(page);
  await expectViewFocus(page, 'Today');
  // Working alone by default: the status bar says nothing of a store.
  await expect(page.getByTestId('status-desks')).toHaveText('');

  // The palette's line opens Settings on the section, at its first field to fill.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  // At a person's pace: faster, the desk would take the keys for a scan.
  await page.keyboard.type('Share with other', { delay: 150 });
  const line = page.getByRole('dialog', { name: 'Command palette' }).getByRole('menuitem', { name: /^Settings: Share with other desks/ });
  await expect(line).toHaveAttribute('data-focused', 'true');
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('settings-desks-store');
  await expect(panel.getByTestId('desks-store-state')).toHaveText('Not shared: this desk works alone.');
  await expect(panel.getByLabel('Server')).toBeFocused();
  await axeCheck(page, 'desks-store-alone');

  // Field by field with Tab, at a person's pace; the port's 5432 is replaced by the server's own.
  await page.keyboard.type(store.host, { delay: 120 });
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Port')).toHaveValue('5432');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(store.port), { delay: 120 });
  await page.keyboard.press('Tab');
  await page.keyboard.type(store.database, { delay: 120 });
  await page.keyboard.press('Tab');
  await page.keyboard.type(store.role, { delay: 120 });
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Password')).toBeFocused();
  await expect(panel.getByLabel('Password')).toHaveAttribute('type', 'password');
  await page.keyboard.type('not-the-password', { delay: 120 });
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Returns bench 2', { delay: 120 });
  await page.keyboard.press('Enter');

  await expect(panel.getByRole('alert')).toHaveText('The shared store refused the role or the password: check both in Settings.');
  await expect(panel.getByLabel('Server')).toHaveValue(store.host);
  await expect(panel.getByLabel('Port')).toHaveValue(String(store.port));
  await expect(panel.getByLabel('Database')).toHaveValue(store.database);
  await expect(panel.getByLabel('Role')).toHaveValue(store.role);
  await expect(panel.getByLabel('Password')).toHaveValue('not-the-password');
  await expect(panel.getByLabel("This desk's name")).toHaveValue('Returns bench 2');
  await expect(panel.getByTestId('desks-store-state')).toHaveText('Not shared: this desk works alone.');
  await expect(page.getByTestId('status-desks')).toHaveText('');
  await axeCheck(page, 'desks-store-refused');

  // The right password, and Enter from its field.
  await panel.getByLabel('Password').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(store.password, { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('desks-store-state')).toHaveText('Shared with other desks.');
  await expect(page.getByTestId('status-desks')).toHaveText('Shared store: connected');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  // The password went to the keychain: the field is empty again and says where it is.
  await expect(panel.getByLabel('Password')).toHaveValue('');
  await expect(panel.getByText('Kept in the keychain. Type it only to change it.')).toBeVisible();
  expect(await page.content()).not.toContain(store.password);
  await expect(panel.getByLabel("This desk's name")).toHaveValue('Returns bench 2');
  await axeCheck(page, 'desks-store-shared');

  // Stopping asks first, on the safe choice; confirmed, the desk works alone again.
  await panel.getByRole('button', { name: 'Stop sharing', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Stop sharing with other desks?' });
  await expect(ask.getByRole('button', { name: 'Keep sharing' })).toBeFocused();
  await axeCheck(page, 'desks-store-stop');
  await ask.getByRole('button', { name: 'Stop sharing', exact: true }).click();
  await expect(panel.getByTestId('desks-store-state')).toHaveText('Not shared: this desk works alone.');
  await expect(page.getByTestId('status-desks')).toHaveText('');
  await expect(panel.getByLabel('Server')).toBeFocused();

  // With the server gone, connecting again is refused in the desk's words, and what was typed stays.
  await server!.stop();
  server = undefined;
  await panel.getByLabel('Server').fill(store.host);
  await panel.getByLabel('Port').fill(String(store.port));
  await panel.getByLabel('Database').fill(store.database);
  await panel.getByLabel('Role').fill(store.role);
  await panel.getByLabel('Password').fill(store.password);
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('alert')).toHaveText('The shared store does not answer: this desk works alone and catches up when it answers again.', {
    timeout: 20_000,
  });
  await expect(panel.getByLabel('Server')).toHaveValue(store.host);
  await expect(panel.getByTestId('desks-store-state')).toHaveText('Not shared: this desk works alone.');
  await expect(page.getByTestId('status-desks')).toHaveText('');
});
