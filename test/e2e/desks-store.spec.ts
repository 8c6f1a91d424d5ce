import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';
import { postgresAvailability, startPostgres, type TestPostgres } from '../support/postgres.js';
import { axeCheck, expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';

/**
 * Settings → Share with other desks against a real PostgreSQL (Debian's server, started for this
 * file): reached from the palette by keyboard, a refused password said with everything typed kept,
 * then connected, in the panel and the status bar, and stopped on confirmation. Then a desk signed in
 * to a service of its own (the local emulator is never shared, so nothing there uses the store): the
 * server goes away, the desk notices through its listening connection within seconds and says it
 * works alone, and says it is shared again once the server is back.
 */
const postgres = postgresAvailability();
if (!postgres.available) console.log(`desks-store: skipped: ${postgres.reason}`);
let server: TestPostgres | undefined;
let service: RunningEmulator | undefined;
let serviceDir = '';

test.beforeAll(async () => {
  test.setTimeout(90_000);
  if (!postgres.available) return;
  serviceDir = await mkdtemp(join(tmpdir(), 'dockdesk-service-'));
  [server, service] = await Promise.all([startPostgres(), startEmulator({ port: 0, dataDir: serviceDir })]);
});
test.afterAll(async () => {
  await service?.close();
  await server?.stop();
  if (serviceDir) await rm(serviceDir, { recursive: true, force: true });
});

test('a desk shares the store from Settings, by keyboard: a wrong password said with nothing typed lost, connected, then stopped', async ({ page, host }) => {
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
  // Connected; on the built-in emulator, which no other desk reaches, it says nothing is shared yet.
  await expect(panel.getByTestId('desks-store-state')).toHaveText(
    'Connected to the shared store. Nothing is shared while this desk is on the built-in emulator or nobody is signed in.',
  );
  await expect(page.getByTestId('status-desks')).toHaveText('Shared store: connected');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  // The password went to the keychain: the field is empty again and says where it is.
  await expect(panel.getByLabel('Password')).toHaveValue('');
  await expect(panel.getByText('Kept in the keychain. Type it only to change it.')).toBeVisible();
  expect(await page.content()).not.toContain(store.password);
  await expect(panel.getByLabel("This desk's name")).toHaveValue('Returns bench 2');
  await axeCheck(page, 'desks-store-shared');

  // A change to a store that does not answer (nothing listens on port 1) is refused and changes
  // nothing: the desk keeps the store it has, and the panel does not say it works alone.
  await panel.getByLabel('Port').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1', { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('alert')).toHaveText(
    'The shared store at that address does not answer: check the server and the port, or ask IT whether it is running.',
  );
  await expect(panel.getByLabel('Port')).toHaveValue('1');
  await expect(panel.getByTestId('desks-store-state')).toHaveText(
    'Connected to the shared store. Nothing is shared while this desk is on the built-in emulator or nobody is signed in.',
  );
  await expect(page.getByTestId('status-desks')).toHaveText('Shared store: connected');
  await panel.getByLabel('Port').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(store.port), { delay: 120 });

  // Stopping asks first, on the safe choice; confirmed, the desk works alone again.
  await panel.getByRole('button', { name: 'Stop sharing', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Stop sharing with other desks?' });
  await expect(ask.getByRole('button', { name: 'Keep sharing' })).toBeFocused();
  await axeCheck(page, 'desks-store-stop');
  await ask.getByRole('button', { name: 'Stop sharing', exact: true }).click();
  await expect(panel.getByTestId('desks-store-state')).toHaveText('Not shared: this desk works alone.');
  await expect(page.getByTestId('status-desks')).toHaveText('');
  await expect(panel.getByLabel('Server')).toBeFocused();
});

test('a shared store that goes away is said in the panel and, as a warning, in the status bar; back, it is shared again', async ({ page, host }) => {
  test.skip(!server || !service, `PostgreSQL is not available: ${postgres.reason}`);
  const store = server!.config;
  // A desk as IT sets it up: the service's address and a sign-in (a token), then the store from Settings.
  const ok = async <T>(result: Promise<{ ok: boolean; value?: unknown }>): Promise<T> => {
    const r = await result;
    expect(r.ok, JSON.stringify(r)).toBe(true);
    return r.value as T;
  };
  const pat = (await (
    await fetch(`${service!.url}/__emulator/pats`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'desks' }) })
  ).json()) as { token: string };
  const env = await ok<{ id: string }>(
    host.core.dispatch('environments.save', { name: 'Warehouse service', apiBaseUrl: service!.url, authUrl: null, clientId: null }),
  );
  await ok(host.core.dispatch('environments.activate', { id: env.id }));
  await ok(host.core.dispatch('auth.signInWithToken', { token: pat.token }));
  await page.goto(host.url);
  await expect(page.getByTestId('status-environment')).toHaveText('Warehouse service');

  await page.getByRole('link', { name: 'Settings' }).click();
  const panel = page.getByTestId('settings-desks-store');
  await panel.getByLabel('Server').fill(store.host);
  await panel.getByLabel('Port').fill(String(store.port));
  await panel.getByLabel('Database').fill(store.database);
  await panel.getByLabel('Role').fill(store.role);
  await panel.getByLabel('Password').fill(store.password);
  await panel.getByRole('button', { name: 'Connect and share' }).click();
  const state = panel.getByTestId('desks-store-state');
  const slot = page.getByTestId('status-desks');
  await expect(state).toHaveText('Shared with other desks.');
  await expect(slot).toHaveText('Shared store: connected');

  // The server stops as a crash would: the desk's listening connection ends, and it says so at once.
  await server!.takeDown();
  await expect(state).toHaveText('Working alone: the shared store does not answer. This desk catches up when it answers again.', { timeout: 10_000 });
  const away = slot.getByText('Working alone: shared store away');
  await expect(away).toBeVisible();
  await expect(away).toHaveAttribute('title', 'The shared store does not answer: this desk works alone and catches up when it answers again.');
  await axeCheck(page, 'desks-store-away');
  // Connecting again meanwhile is refused, naming the fault, and what is typed stays; the state line
  // goes on saying how the desk works.
  await panel.getByLabel("This desk's name").fill('Returns bench 3');
  await panel.getByRole('button', { name: 'Connect and share' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'The shared store at that address does not answer: check the server and the port, or ask IT whether it is running.',
    { timeout: 20_000 },
  );
  await expect(state).toHaveText('Working alone: the shared store does not answer. This desk catches up when it answers again.');
  await expect(panel.getByLabel("This desk's name")).toHaveValue('Returns bench 3');

  // Back on the same port: the desk tries again (1 s, doubling) and says it is shared again.
  await server!.bringBack();
  await expect(slot).toHaveText('Shared store: connected', { timeout: 45_000 });
  await expect(state).toHaveText('Shared with other desks.');
});
