import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startBrowserHost } from '../../electron/host/browser-host.js';
import { rendererDir } from '../../electron/core/paths.js';
import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';
import { startHostProcess } from './host-process.js';
import { scanCode } from './scanner.js';

/**
 * Parts of the shell a person notices without looking at a list: the mouse's back and forward
 * buttons, the scan tones (and their mute), and the host's notice banner.
 */

/** Presses and releases a mouse button the way a mouse does, through Chromium's input pipeline. */
async function mouseButton(page: Page, button: 'back' | 'forward') {
  const cdp = await page.context().newCDPSession(page);
  const at = { x: 700, y: 450 };
  await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', button, clickCount: 1, ...at });
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', button, clickCount: 1, ...at });
  await cdp.detach();
}

const address = (page: Page) => new URL(page.url()).hash;

test('the mouse back and forward buttons move through the addresses, one step each', async ({ page, host }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  const rows = page.getByRole('table', { name: 'Warehouse receiving orders' }).locator('tbody tr[aria-rowindex]');
  await expect(rows.first()).toBeVisible();
  await page.getByRole('link', { name: 'Returns' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await mouseButton(page, 'back');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await expect.poll(() => address(page)).toMatch(/^#\/returns/);
  // One press is one step: a second one goes to Receiving, not further.
  await mouseButton(page, 'back');
  await expect(page.getByRole('heading', { level: 1, name: 'Receiving' })).toBeVisible();
  await mouseButton(page, 'forward');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await mouseButton(page, 'forward');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

/** Records the tones the page plays: frequency and wave of each oscillator started. */
async function recordTones(page: Page) {
  await page.addInitScript(() => {
    const played: Array<{ hz: number; type: string }> = [];
    (window as unknown as { playedTones: typeof played }).playedTones = played;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode['start']>) {
      played.push({ hz: this.frequency.value, type: this.type });
      return start.apply(this, args);
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { playedTones: Array<{ hz: number; type: string }> }).playedTones.splice(0));

test('a scan sounds one high tone when it opens a record and a low buzz when nothing matches; muted, none', async ({ page, host }) => {
  await recordTones(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  const firstRow = page.getByRole('table', { name: 'Warehouse receiving orders' }).locator('tbody tr[aria-rowindex]').first();
  await expect(firstRow).toBeVisible();
  const id = (await firstRow.getByRole('cell').first().innerText()).trim();

  await scanCode(page, id);
  await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${id}` })).toBeVisible();
  await expect.poll(() => tones(page)).toEqual([{ hz: 1320, type: 'sine' }]);

  await scanCode(page, 'NOPE-TONE-1');
  await expect(page.getByText('Nothing matches NOPE-TONE-1', { exact: true })).toBeVisible();
  await expect.poll(() => tones(page)).toEqual([{ hz: 220, type: 'square' }]);

  await page.getByRole('link', { name: 'Settings' }).click();
  const sounds = page.getByRole('switch', { name: 'Scan sounds' });
  await expect(sounds).toBeChecked();
  await sounds.focus();
  await page.keyboard.press('Space');
  await expect(sounds).not.toBeChecked();
  await scanCode(page, 'NOPE-TONE-2');
  await expect(page.getByText('Nothing matches NOPE-TONE-2', { exact: true })).toBeVisible();
  // The visual cue still says it (a tone starts with the cue, not after it); no tone was started.
  await expect(page.getByTestId('scan-cue')).toContainText('NOPE-TONE-2');
  expect(await tones(page)).toEqual([]);
});

test('the host’s notice shows above every view until it is dismissed', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-e2e-'));
  const host = await startBrowserHost({
    rendererDir: rendererDir(),
    dataDir,
    version: '0.0.0-e2e',
    keychain: 'memory',
    log: () => {},
    notice: { id: 'errors.startup.browserInstead', values: { because: 'notInstalled', detail: '' } },
  });
  const notice = 'Dockdesk is running in your browser because the Electron runtime is not installed and its download is not reachable from this machine.';
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(host.url);
    const banner = page.getByRole('note').filter({ hasText: notice });
    await expect(banner).toBeVisible();
    await axeCheck(page, 'host-notice');
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Dismiss this notice' }).click();
    await expect(banner).toHaveCount(0);
    await page.getByRole('link', { name: 'Receiving' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Local emulator' })).toBeVisible();
    await expect(banner).toHaveCount(0);
  } finally {
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('`npm start` where Electron cannot run: the host says why in its output, and the desk says it in the browser’s language', async ({ browser }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-e2e-'));
  const host = await startHostProcess(dataDir, ['--because', 'failed', '--detail', 'spawn EACCES']);
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    expect(host.output()).toContain('Dockdesk is running in your browser because Electron could not start (spawn EACCES).');
    const page = await context.newPage();
    await page.goto(host.url);
    await expect(
      page.getByRole('note').getByText('Dockdesk läuft in Ihrem Browser, weil Electron nicht starten konnte (spawn EACCES).', { exact: true }),
    ).toBeVisible();
  } finally {
    await context.close();
    await host.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
});
