import { readFile } from 'node:fs/promises';
import { renderPdf } from '../support/pdf-render.js';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { FAKE_CAMERA } from './fake-camera.js';
import { service } from './service.js';

/**
 * Photos of a receiving order's boxes, with Chromium's fake camera: the order opened at a box (as a
 * scanned box label opens it), F8 photographs the box in focus and F9 keeps it, focus staying on the
 * box; another box given focus is the next photo's; and the order's claim pack draws both photos with
 * who took them, the order's boxes and tracking, and its timeline.
 */
test.use(FAKE_CAMERA);

type Box = { box_id: number; box_number: number; tracking_number: string | null };

test('box photos are taken by keyboard on the box in focus and drawn in the order’s claim pack', async ({ page, host }) => {
  const { api } = await service(host.core.emulator.url);
  let order: { id: number; boxes: Box[] } | null = null;
  for (const wro of await api.get<{ id: number; status: string }[]>('/2026-07/receiving?Limit=50')) {
    if (wro.status === 'Cancelled') continue;
    const boxes = await api.get<Box[]>(`/2026-07/receiving/${wro.id}/boxes`);
    if (boxes.length >= 2) {
      order = { id: wro.id, boxes };
      break;
    }
  }
  if (!order) throw new Error('the emulator seeds no receiving order with two boxes or more');
  const [first, second] = order.boxes as [Box, Box];

  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.evaluate(([id, box]) => (window.location.hash = `#/receiving/${id}?box=${box}`), [order.id, first.box_id]);
  await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${order.id}` })).toBeVisible({ timeout: 15_000 });
  const firstRow = page.locator(`#box-${first.box_id}`);
  await expect(firstRow).toBeFocused();

  // F8 photographs the box in focus, F9 keeps it; focus stays on the box.
  await page.keyboard.press('F8');
  await expect(page.getByTestId('camera-still')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('camera-message')).toHaveText(`Photo taken: F9 keeps it for Box ${first.box_number}, F8 takes it again.`);
  await expect(page.getByText(`For box ${first.box_number}`, { exact: true })).toBeVisible();
  await expect(firstRow).toBeFocused();
  await page.keyboard.press('F9');
  await expect(page.getByTestId('camera-message')).toHaveText(`Photo kept for Box ${first.box_number}.`);
  await expect(firstRow).toBeFocused();

  // The next box in focus is the next photo's.
  await page.locator(`#box-${second.box_id}`).focus();
  await page.keyboard.press('F8');
  await expect(page.getByTestId('camera-message')).toHaveText(`Photo taken: F9 keeps it for Box ${second.box_number}, F8 takes it again.`);
  await page.keyboard.press('F9');
  await expect(page.getByTestId('camera-message')).toHaveText(`Photo kept for Box ${second.box_number}.`);
  const kept = page.getByRole('list', { name: 'Taken at the desk' }).getByTestId('desk-photo');
  await expect(kept).toHaveCount(2);
  await expect(kept.nth(0).getByRole('img')).toHaveAccessibleName(new RegExp(`^Photo of Box ${first.box_number}, taken`));
  await expect(kept.nth(1).getByRole('img')).toHaveAccessibleName(new RegExp(`^Photo of Box ${second.box_number}, taken`));
  const checksums = await kept.evaluateAll((figures) => figures.map((f) => f.getAttribute('data-checksum')!));
  // The order's history names the photos as they were taken.
  await expect(page.getByText(`Photo of box ${second.box_number} taken`)).toBeVisible();

  // The claim pack: the order, its boxes, both photos drawn with their checksums, and its timeline.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Claim pack (PDF)' }).focus();
  await page.keyboard.press('Enter');
  const pages = await renderPdf(await readFile(await (await download).path()), 96);
  const text = pages.flatMap((p) => p.lines).join('\n');
  expect(text).toContain(`Claim pack: receiving order ${order.id}`);
  expect(text).toContain(`Box ${first.box_number} (${first.box_id})`);
  expect(text).toContain(`Box ${second.box_number}, taken at`);
  for (const checksum of checksums) expect(text.replace(/\s/g, '')).toContain(checksum);
  if (first.tracking_number) expect(text).toContain(first.tracking_number);
  expect(text).toMatch(new RegExp(`Photo of box ${first.box_number} taken`));
  expect(pages.reduce((n, p) => n + p.images, 0)).toBe(2);
});
