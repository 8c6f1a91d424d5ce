import type { Page } from '@playwright/test';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { waitForFirstSync } from './inventory-support.js';
import { openIntake } from './returns-support.js';
import { scanCode } from './scanner.js';

/**
 * "Scan refused" is said only of keys the detector judged a scan, and always with the reason. A
 * person's typing at 120 to 300 ms a key (then Enter, as a clerk types a code off a label) never
 * produces it, wherever it is typed; a refused scan says why. Every cue the page shows is recorded by
 * watching the page's own badge (nothing in the app is called), so a cue that came and went counts.
 */

const cueWatch = `window.__cuesSeen = [];
new MutationObserver(() => {
  const cue = document.querySelector('[data-testid="scan-cue"]');
  const text = cue ? cue.textContent.trim() : '';
  if (text && window.__cuesSeen[window.__cuesSeen.length - 1] !== text) window.__cuesSeen.push(text);
}).observe(document.body, { childList: true, subtree: true, characterData: true });
true`;
const cuesSeen = (page: Page) => page.evaluate<string[]>('window.__cuesSeen');
const searchField = (page: Page) => page.getByRole('searchbox', { name: 'Item' });

test('typing a code at 120 to 300 ms a key, then Enter, is never called a scan; a refused scan says why', async ({ page, host }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  await page.evaluate(cueWatch);

  // The item search: a code that names nothing, typed by a person at each pace and looked up with Enter.
  await page.keyboard.press('Alt+3');
  await expect(searchField(page)).toBeFocused();
  for (const delay of [120, 200, 300]) {
    const code = `NOPE${delay}X`;
    await searchField(page).selectText();
    await page.keyboard.type(code, { delay });
    await page.keyboard.press('Enter');
    await expect(page.getByText(`No item has the code ${code}`)).toBeVisible();
    await expect(searchField(page)).toHaveValue(code);
  }
  // A name field in Settings: letters at a person's pace reach it unchanged, and no cue at all.
  await page.keyboard.press('Alt+6');
  await page.getByRole('button', { name: 'Add an environment' }).click();
  const name = page.getByLabel('Name', { exact: true });
  await name.click();
  await page.keyboard.type('Dock 4 desk', { delay: 150 });
  await page.keyboard.press('Enter');
  await expect(name).toHaveValue('Dock 4 desk');
  expect(await cuesSeen(page)).toEqual([]);

  // A scan of the same kind of code is a scan: refused, and the badge says why.
  await page.keyboard.press('Alt+3');
  await expect(searchField(page)).toBeFocused();
  await scanCode(page, 'NOPE-SCAN-1', { msPerKey: 5 });
  await expect(page.getByTestId('scan-cue')).toHaveText('✕Scan refused No item matches NOPE-SCAN-1');
  // Outside any scan field (a list), routed: nothing matches, said so.
  await page.keyboard.press('Alt+1');
  await expect(page.locator('tbody tr:focus')).toBeVisible();
  // The service answers slowly. Until the account mirror's first pass after sign-in is done, a code
  // the desk cannot place may be one it does not hold yet: it asks the service and says so while it
  // waits (with no sound: the scan is neither taken nor refused yet). A fresh mirror says at once.
  await host.core.emulator.control.setFaults({ latencyMs: 1_200 });
  const mirrorFresh = host.core.mirror.isFresh();
  await scanCode(page, 'NOPE-SCAN-2', { msPerKey: 40 });
  await expect(page.getByTestId('scan-cue')).toHaveText('✕Scan refused Nothing matches NOPE-SCAN-2', { timeout: 30_000 });
  await host.core.emulator.control.setFaults({ latencyMs: 0 });
  expect(await cuesSeen(page)).toEqual([
    '✕Scan refused No item matches NOPE-SCAN-1',
    ...(mirrorFresh ? [] : ['…Checking NOPE-SCAN-2 with the service…']),
    '✕Scan refused Nothing matches NOPE-SCAN-2',
  ]);
});

test('return intake: a code typed into the item field and a refused submit are not called scans; a refused scan there is', async ({ page, host }) => {
  test.setTimeout(150_000);
  await openIntake(page, host.url);
  await page.evaluate(cueWatch);
  await page.getByLabel('Scan items').focus();
  await page.keyboard.type('NOPE-TYPED', { delay: 150 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('intake-last-scan')).toContainText('NOPE-TYPED');
  await expect(page.getByTestId('scan-cue')).toBeVisible();
  const typed = await cuesSeen(page);
  expect(typed.length).toBeGreaterThan(0);
  expect(typed.filter((t) => t.includes('Scan'))).toEqual([]);

  await page.getByLabel('Scan items').focus();
  await scanCode(page, 'NOPE-SCANNED', { msPerKey: 5 });
  await expect(page.getByTestId('intake-last-scan')).toContainText('NOPE-SCANNED');
  await expect(page.getByTestId('scan-cue')).toContainText('Scan refused');
  // The reason is on the badge itself (what the intake says of it), not only the code.
  const reason = await page.getByTestId('intake-last-scan').innerText();
  expect(reason).toMatch(/No item matches NOPE-SCANNED|NOPE-SCANNED/);
  await expect(page.getByTestId('scan-cue')).toHaveText(/^✕Scan refused (?!NOPE-SCANNED$).*NOPE-SCANNED/);
});
