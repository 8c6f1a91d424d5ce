import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowserHost, type BrowserHost } from '../../electron/host/browser-host.js';
import { rendererDir } from '../../electron/core/paths.js';
import { renderPdf } from '../support/pdf-render.js';
import { expect, signInThroughPopup, test, testKeychain } from './fixtures.js';
import { openIntake, returnsWithReference, scanOneLine } from './returns-support.js';
import { keyPause, scanCode } from './scanner.js';
import { FAKE_CAMERA } from './fake-camera.js';

/**
 * Photos as evidence, with Chromium's fake camera (a webcam with no hardware, allowed with no
 * prompt): on an intake line, taken and kept by keyboard alone (F8, F9) while focus stays in the
 * scan field; kept through a restart of the desk; on the sent return's page beside the warehouse's
 * inspection photo from the emulator; and in the claim pack's PDF, drawn back page by page.
 */
test.use(FAKE_CAMERA);

test('photos taken by keyboard on an intake line are kept through a restart, shown beside the warehouse’s, and drawn in the claim pack', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-e2e-photos-'));
  const start = () => startBrowserHost({ rendererDir: rendererDir(), dataDir, version: '0.0.0-e2e', ...testKeychain(), log: () => {} });
  let host: BrowserHost = await start();
  try {
    await openIntake(page, host.url);
    const { item, reference } = await scanOneLine(page, host, '1ZPHOTO0001');
    const scanField = page.getByLabel('Scan items');

    // F8 takes a photo of the line last scanned; F9 keeps it. Focus never leaves the scan field.
    await page.keyboard.press('F8');
    await expect(page.getByTestId('camera-still')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('camera-message')).toHaveText(`Photo taken: F9 keeps it for ${item.name}, F8 takes it again.`);
    await expect(scanField).toBeFocused();
    await page.keyboard.press('F9');
    await expect(page.getByTestId('camera-message')).toHaveText(`Photo kept for ${item.name}.`);
    await page.keyboard.press('F8');
    await expect(page.getByTestId('camera-still')).toBeVisible();
    await page.keyboard.press('F9');
    const kept = page.getByRole('list', { name: 'Taken at the desk' }).getByTestId('desk-photo');
    await expect(kept).toHaveCount(2);
    await expect(scanField).toBeFocused();
    const checksums = await kept.evaluateAll((figures) => figures.map((f) => f.getAttribute('data-checksum')));
    // A scan right after the keys lands whole in the scan field, as ever.
    await keyPause(page, 150);
    await scanCode(page, item.sku);
    await expect(page.getByTestId('intake-line-0').getByLabel(/Quantity/)).toHaveValue('2');

    // Restart: the same intake, its photos still there (its own files, named by their checksums).
    const draftPath = page.url().slice(page.url().indexOf('#/returns/drafts/'));
    await host.close();
    host = await start();
    await page.goto(host.url);
    // The desk opens where the clerk left it: this intake.
    await expect.poll(() => page.url()).toContain(draftPath);
    if (await page.getByRole('button', { name: 'Sign in', exact: true }).isVisible()) await signInThroughPopup(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Return intake' })).toBeVisible();
    const again = page.getByRole('list', { name: 'Taken at the desk' }).getByTestId('desk-photo');
    await expect(again).toHaveCount(2);
    expect(await again.evaluateAll((figures) => figures.map((f) => f.getAttribute('data-checksum')))).toEqual(checksums);
    await expect(again.first().getByRole('img')).toHaveJSProperty('complete', true);

    // Sent, then processed by the warehouse: its page shows the desk's photos and the warehouse's.
    await page.getByLabel('Scan items').focus();
    await page.keyboard.press('Alt+s');
    await expect(page.getByTestId('last-submission')).toContainText(`Return ${reference}: sent`);
    const [made] = await returnsWithReference(host.core.emulator, reference);
    await host.core.emulator.control.advance(31 * 3600);
    await page.evaluate((id) => (window.location.hash = `#/returns/${id}`), made!.id);
    await expect(page.getByRole('heading', { level: 1, name: `Return ${made!.id}` })).toBeVisible();
    const deskPhotos = page.getByRole('list', { name: 'Taken at the desk' }).getByRole('img');
    const warehousePhotos = page.getByRole('list', { name: "The warehouse's photos" }).getByRole('img');
    await expect(deskPhotos).toHaveCount(2);
    await expect(warehousePhotos).toHaveCount(1);
    await expect(warehousePhotos).toHaveAccessibleName(`The warehouse's photo of ${item.name}`);
    expect(await warehousePhotos.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);

    // The claim pack: one PDF with the return, both kinds of photo drawn, and the timeline.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Claim pack (PDF)' }).focus();
    await page.keyboard.press('Enter');
    const file = await (await download).path();
    const pages = await renderPdf(await readFile(file), 96);
    const text = pages.flatMap((p) => p.lines).join('\n');
    expect(text).toContain(`Claim pack: return ${made!.id}`);
    expect(text).toContain(`Reference: ${reference}`);
    expect(text).toContain('Tracking number: 1ZPHOTO0001');
    for (const checksum of checksums) expect(text.replace(/\s/g, '')).toContain(checksum);
    expect(text).toContain(`${item.name}: the warehouse's inspection`);
    expect(text).toMatch(/Service: Completed/);
    expect(pages.reduce((n, p) => n + p.images, 0)).toBe(3);
  } finally {
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
