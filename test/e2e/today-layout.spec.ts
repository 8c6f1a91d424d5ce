import { expect, signInThroughPopup, test } from './fixtures.js';
import { waitForFirstSync } from './inventory-support.js';

/**
 * Today at the desk's two common window sizes, with the emulator's day (every tile with rows): at
 * 1920x1080 every tile shows whole on one screen, nothing to scroll; at 1280x800 the view scrolls
 * under a still sidebar and status bar, and a tile reached with Tab is brought whole into sight.
 */
const tiles = '.today-tiles > li';

test('Today at 1920x1080: every tile whole on one screen', async ({ page, host }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  await expect(page.getByTestId('today-freshness')).toContainText(/\d{1,2}:\d{2}/, { timeout: 30_000 });
  await expect(page.locator(tiles)).toHaveCount(11);
  await expect(page.locator('.today-freshness').nth(1)).toContainText(/\d{1,2}:\d{2}/);
  const seen = await page.evaluate((selector) => {
    const content = document.querySelector('#content')!.getBoundingClientRect();
    return [...document.querySelectorAll(selector)].map((tile) => {
      const r = tile.getBoundingClientRect();
      return { title: tile.querySelector('.tile-title')?.textContent ?? '', whole: r.top >= content.top && r.bottom <= content.bottom + 0.5 };
    });
  }, tiles);
  expect(seen.filter((t) => !t.whole).map((t) => t.title)).toEqual([]);
  expect(await page.evaluate(() => document.querySelector('#content')!.scrollHeight <= document.querySelector('#content')!.clientHeight + 1)).toBe(true);
});

test('Today at 1280x800: the view scrolls, and Tab brings each tile whole into sight', async ({ page, host }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  await expect(page.locator(tiles)).toHaveCount(11);
  const first = page.locator(`${tiles} a`).first();
  await expect(first).toBeFocused();
  const bar = await page.getByRole('contentinfo', { name: 'Status' }).boundingBox();
  for (let i = 1; i < 11; i++) {
    await page.keyboard.press('Tab');
    const tile = page.locator(`${tiles} a`).nth(i);
    await expect(tile).toBeFocused();
    const box = (await tile.boundingBox())!;
    const content = (await page.locator('#content').boundingBox())!;
    expect(box.y, `tile ${i + 1} below the view's top`).toBeGreaterThanOrEqual(content.y - 0.5);
    expect(box.y + box.height, `tile ${i + 1} above the status bar`).toBeLessThanOrEqual(Math.min(content.y + content.height, bar!.y) + 0.5);
  }
  // The status bar and the sidebar stayed where they were.
  expect(await page.getByRole('contentinfo', { name: 'Status' }).boundingBox()).toEqual(bar);
  expect(await page.evaluate(() => document.querySelector('#content')!.scrollTop)).toBeGreaterThan(0);

  // A tile's rows can arrive after Tab brought it into sight (a slow PC, a busy service): the focused
  // tile, grown by three rows, still shows whole above the status bar.
  const last = page.locator(`${tiles} a`).nth(10);
  const before = (await last.boundingBox())!;
  await last.evaluate((a) => {
    const rows = a.querySelector('.tile-rows') ?? a;
    for (let i = 0; i < 3; i++) {
      const row = document.createElement('span');
      row.className = 'tile-row';
      row.textContent = `Arrived late ${i + 1}`;
      rows.append(row);
    }
  });
  await expect(last).toBeFocused();
  await expect
    .poll(
      async () => {
        const box = (await last.boundingBox())!;
        return box.height > before.height + 10 && box.y + box.height <= bar!.y + 0.5;
      },
      { message: 'the grown tile shows whole above the status bar' },
    )
    .toBe(true);
});
