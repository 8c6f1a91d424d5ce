import { expect, test } from '@playwright/test';
import { layoutFaults } from './pseudo-check.js';

/**
 * The walks' layout check finds what a clerk would see as broken, and stays quiet on a page that is
 * whole: shown here on pages made for it, so a walk that passes means the views are whole, not that
 * the check looked at nothing.
 */
test('the layout check names a wrapped status bar, a code broken across lines, a cut button and a list box narrower than its option', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.setContent(`
    <main>
      <p style="width: 9ch; font: 16px monospace">Item FAM-PROT-000122 came</p>
      <button style="width: 40px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">Quarantäne (Vorgabe des Artikels)</button>
      <select style="width: 90px"><option>Einlagern</option><option>Quarantäne (Vorgabe des Artikels)</option></select>
    </main>
    <footer class="status-bar" style="display: flex; flex-wrap: wrap; width: 300px">
      <span>Local emulator</span><span>demo@dockdesk.test</span><span>Kanal: Dockdesk Warehouse Desk</span><span>Online</span>
    </footer>`);
  const faults = await layoutFaults(page);
  expect(faults).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^the status bar is on more than one line: Local emulator/),
      'code FAM-PROT-000122 broken across lines',
      '"Quarantäne (Vorgabe des Artikels)" cut off',
      'option "Quarantäne (Vorgabe des Artikels)" cut off in its list box',
    ]),
  );

  await page.setContent(`
    <main>
      <p>Item <span style="white-space: nowrap">FAM-PROT-000122</span> came</p>
      <button>Quarantäne (Vorgabe des Artikels)</button>
      <select><option>Einlagern</option><option>Quarantäne (Vorgabe des Artikels)</option></select>
    </main>
    <footer class="status-bar" style="display: flex; gap: 12px"><span>Local emulator</span><span>Online</span></footer>`);
  expect(await layoutFaults(page)).toEqual([]);
});
