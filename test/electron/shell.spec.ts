import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';

/**
 * The Electron shell as shipped (dist/electron): the window boots the renderer from app://dockdesk,
 * the preload exposes only window.dockdesk, isolation and sandbox hold, navigation and new windows
 * are refused, and the IPC contract answers.
 */
let app: ElectronApplication;
let userData: string;

test.beforeAll(async () => {
  userData = await mkdtemp(join(tmpdir(), 'dockdesk-electron-'));
  app = await electron.launch({ args: ['.', `--user-data-dir=${userData}`], env: { ...process.env, CI: '1' } });
});
test.afterAll(async () => {
  await app?.close();
  await rm(userData, { recursive: true, force: true });
});

test('boots the renderer from the app scheme with only window.dockdesk exposed', async () => {
  const page = await app.firstWindow();
  await expect(page.getByRole('heading', { name: 'Sign in to Local emulator' })).toBeVisible();
  expect(page.url()).toBe('app://dockdesk/index.html');
  const exposed = await page.evaluate(() => ({
    keys: Object.keys(window.dockdesk ?? {}).sort(),
    require: typeof (window as unknown as { require?: unknown }).require,
    process: typeof (window as unknown as { process?: unknown }).process,
  }));
  expect(exposed).toEqual({ keys: ['invoke', 'on'], require: 'undefined', process: 'undefined' });
});

test('answers the IPC contract and refuses unknown channels', async () => {
  const page = await app.firstWindow();
  const session = await page.evaluate(() => window.dockdesk!.invoke('session.get', {}));
  expect(session).toMatchObject({ ok: true, value: { status: 'signed-out', environment: { id: 'local' } } });
  const unknown = await page.evaluate(() => (window.dockdesk!.invoke as (c: string, i: unknown) => Promise<unknown>)('fs.read', {}));
  expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
});

test('refuses navigation away from the app and new windows', async () => {
  const page = await app.firstWindow();
  await page.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await page.waitForTimeout(500);
  expect(page.url()).toBe('app://dockdesk/index.html');
  const opened = await page.evaluate(() => window.open('https://example.com/') === null);
  expect(opened).toBe(true);
  expect(app.windows()).toHaveLength(1);
});

test('runs the window sandboxed with context isolation', async () => {
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    const wc = BrowserWindow.getAllWindows()[0]!.webContents;
    const p = (wc as unknown as { getLastWebPreferences(): Record<string, unknown> }).getLastWebPreferences();
    return { sandbox: p.sandbox, contextIsolation: p.contextIsolation, nodeIntegration: p.nodeIntegration };
  });
  expect(prefs).toEqual({ sandbox: true, contextIsolation: true, nodeIntegration: false });
});
