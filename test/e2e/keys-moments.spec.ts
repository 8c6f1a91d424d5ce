import type { Page } from '@playwright/test';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { recordAddresses, visitedAddresses } from './addresses.js';
import { waitForFirstSync } from './inventory-support.js';
import { openIntake } from './returns-support.js';
import {
  address,
  altDigit,
  busyCores,
  datedCode,
  formsOf,
  itemCode,
  key,
  scanKeys,
  sendKeys,
  soakData,
  typingKeys,
  Rng,
  seeded,
  type SoakItem,
} from './soak/keySoak.js';

/**
 * The moments where scans used to go missing, each as a clerk meets it, with both cores kept busy
 * and the emulator's limit on: a scan right after a view's shortcut, a scan while intake's quantity
 * box has focus, a scan as a record opens, the receiving form's box scan field at 5 and 10 ms a key,
 * a scan whose rest the page could only take after being busy for seconds.
 * The soak (keys-soak.spec.ts) proves the rule over random moments; these are its named examples.
 */

test.describe.configure({ timeout: 240_000 });

let stopBusy: (() => void) | null = null;
test.afterEach(() => {
  stopBusy?.();
  stopBusy = null;
});

async function ready(page: Page, host: Parameters<typeof soakData>[0]) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  return soakData(host);
}

const focusSettled = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() => document.activeElement !== null && document.activeElement.closest('#content') !== null && document.activeElement.tagName !== 'H1'),
    )
    .toBe(true);

test('twenty scans, each right after Alt+3 from the receiving list, each open their item whole', async ({ page, host }) => {
  const data = await ready(page, host);
  stopBusy = busyCores(2);
  const rng = new Rng(seeded(46));
  for (let n = 0; n < 20; n++) {
    await page.keyboard.press('Alt+1');
    await expect(page.getByRole('heading', { level: 1, name: 'Receiving' })).toBeVisible();
    await focusSettled(page);
    const item = rng.pick(data.items);
    // The GTIN-14 form keeps its leading zeros: a lost one would still find the item by UPC.
    const code = n % 2 === 0 ? item.sku : itemCode(item, 'gtin14');
    await sendKeys(page, [altDigit(3), ...scanKeys(code, 8, rng.int(0, 30))]);
    await expect.poll(() => address(page), { message: `scan ${n + 1}: ${code}`, timeout: 15_000 }).toBe(`/inventory/items/${item.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(item.name);
  }
});

test('return intake: a scan while a line’s quantity box has focus adds its line; the quantity typed stays', async ({ page, host }) => {
  await openIntake(page, host.url);
  const data = await soakData(host);
  stopBusy = busyCores(2);
  const rng = new Rng(seeded(47));
  const [a, b] = [data.items[0]!, data.items[1]!];
  const lines = page.locator('tr[data-testid^="intake-line-"]');
  const quantity = (i: number) => lines.nth(i).locator('input.qty');
  await page.getByLabel('Scan items').click();
  await sendKeys(page, scanKeys(a.sku, 5));
  await expect(lines).toHaveCount(1);
  for (const [n, code] of [itemCode(b, 'barcode'), itemCode(a, 'gs1-aim'), itemCode(b, 'sku')].entries()) {
    // The clerk corrects the first line's quantity, then scans the next item without leaving the box.
    await quantity(0).click();
    await page.keyboard.press('Control+A');
    await sendKeys(page, typingKeys(rng, String(n + 3), 60, 60), { realTime: true });
    await sendKeys(page, scanKeys(code, 8, 250));
    await expect(lines).toHaveCount(2);
    const expectA = n === 1 ? n + 3 + 1 : n + 3;
    await expect(quantity(0), `after scan ${n + 1}`).toHaveValue(String(expectA));
  }
  await expect(quantity(1)).toHaveValue('2');
  await expect(page.getByText(/^Nothing matches/)).toHaveCount(0);
});

test('return intake: a scan while a line’s expiry date has focus adds its line; the date stays, and digits typed there are the date’s', async ({
  page,
  host,
}) => {
  await openIntake(page, host.url);
  const data = await soakData(host);
  const [dated, plain] = [data.dated!, data.items[0]!];
  stopBusy = busyCores(2);
  const lines = page.locator('tr[data-testid^="intake-line-"]');
  const expiry = lines.nth(0).locator('.expiry');
  const segments = expiry.getByRole('spinbutton');
  await page.getByLabel('Scan items').click();
  // A GS1 label with its expiry (17) and lot (10): the line comes with both.
  await sendKeys(page, scanKeys(datedCode(dated), 5));
  await expect(lines).toHaveCount(1);
  await expect(expiry).toHaveAttribute('data-value', '2027-12-31');
  // The clerk checks the date on the box (focus in its first segment), then scans the next item.
  await segments.first().click();
  await sendKeys(page, scanKeys(plain.barcode, 8, 250));
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(1)).toContainText(plain.sku);
  await expect(expiry, 'the date the scan was typed into, as it was').toHaveAttribute('data-value', '2027-12-31');
  await expect.poll(() => expiry.evaluate((e) => e.contains(document.activeElement))).toBe(true);
  // A person's digits in the same segment are the date's: January.
  await segments.first().focus();
  await sendKeys(page, typingKeys(new Rng(seeded(48)), '01', 150, 150), { realTime: true });
  await expect(expiry).toHaveAttribute('data-value', '2027-01-31');
  // And a scan from there is the next item's, once more.
  await segments.first().focus();
  await sendKeys(page, scanKeys(plain.sku, 8, 250));
  await expect(lines.nth(1).locator('input.qty')).toHaveValue('2');
  await expect(expiry).toHaveAttribute('data-value', '2027-01-31');
  await expect(page.getByText(/^Nothing matches/)).toHaveCount(0);
});

test('scans right as a record opens reach the item whole, the leading zeros too', async ({ page, host }) => {
  const data = await ready(page, host);
  stopBusy = busyCores(2);
  const rng = new Rng(seeded(48));
  const padded = data.items.filter((i: SoakItem) => i.barcode.length < 14).slice(0, 12);
  expect(padded.length).toBeGreaterThan(5);
  for (const [n, item] of padded.entries()) {
    await page.keyboard.press('Alt+1');
    await expect(page.getByRole('heading', { level: 1, name: 'Receiving' })).toBeVisible();
    await focusSettled(page);
    const code = itemCode(item, n % 2 ? 'gtin14' : 'gs1');
    // Down a row, Enter opens the order; the scan follows at once, while the order opens.
    await sendKeys(page, [key('ArrowDown'), key('Enter', 20), ...scanKeys(code, 5, 40 + rng.int(0, 40))]);
    await expect.poll(() => address(page), { message: `record ${n + 1}: ${code}`, timeout: 15_000 }).toBe(`/inventory/items/${item.id}`);
  }
});

test('a scan whose Enter a busy PC hands over a second late, on Today’s tiles, opens its item and no tile', async ({ page, host }) => {
  const data = await ready(page, host);
  stopBusy = busyCores(2);
  const items = data.items.filter((i: SoakItem) => formsOf(i).includes('gs1-dm'));
  for (const [n, form] of (['gs1-dm', 'gtin14', 'sku'] as const).entries()) {
    const item = items[n]!;
    await page.keyboard.press('Alt+0');
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await focusSettled(page);
    const code = itemCode(item, form);
    const keys = scanKeys(code, 8);
    // The scanner sent its Enter 8 ms after the last character (its timestamp says so); the page
    // gets it 1.2 s later. Given back as typing meanwhile, the code's digits would open Today's tiles.
    await recordAddresses(page);
    await visitedAddresses(page);
    await sendKeys(page, keys, { clumps: [keys.length - 2], pauseMs: 1200 });
    await expect.poll(() => address(page), { message: `scan ${n + 1}: ${code}`, timeout: 15_000 }).toBe(`/inventory/items/${item.id}`);
    // Straight there: no tile opened on the way.
    expect([...new Set((await visitedAddresses(page)).map((a) => a.split('?')[0]))]).toEqual([`/inventory/items/${item.id}`]);
  }
});

test('a scan whose Enter comes later than any wait, on Today’s tiles: said to be cut when the wait ends, then the late Enter opens its item and no tile', async ({
  page,
  host,
}) => {
  const data = await ready(page, host);
  const item = data.items.find((i: SoakItem) => formsOf(i).includes('gs1-dm'))!;
  await page.keyboard.press('Alt+0');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await focusSettled(page);
  const code = itemCode(item, 'gs1-dm');
  const keys = scanKeys(code, 8);
  // Past the scan service's wait for a scanner's Enter: the clerk is told the scan was cut, and its
  // keys are neither typing on a tile nor a scan yet; the Enter, when it comes, completes it.
  await recordAddresses(page);
  await visitedAddresses(page);
  const sent = sendKeys(page, keys, { clumps: [keys.length - 2], pauseMs: 6_500 });
  await expect(page.getByTestId('scan-cue')).toContainText('stopped before its end', { timeout: 6_400 });
  expect(await address(page)).toBe('/today');
  await sent;
  await expect.poll(() => address(page), { message: code, timeout: 15_000 }).toBe(`/inventory/items/${item.id}`);
  expect([...new Set((await visitedAddresses(page)).map((a) => a.split('?')[0]))]).toEqual([`/inventory/items/${item.id}`]);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
});

test('the receiving form’s box scan field at 5 and 10 ms a key on a loaded machine: every scan a line, no fragment left behind', async ({ page, host }) => {
  const data = await ready(page, host);
  stopBusy = busyCores(2);
  await page.evaluate(() => (window.location.hash = '#/receiving/new'));
  await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();
  const field = page.getByLabel('Scan an item into box 1');
  const lines = page.getByRole('group', { name: /^Box 1 item \d+$/ });
  const items = data.items.slice(0, 8);
  for (const [n, item] of items.entries()) {
    await field.click();
    await sendKeys(page, scanKeys(itemCode(item, n % 3 === 0 ? 'sku' : n % 3 === 1 ? 'barcode' : 'gs1'), n % 2 ? 10 : 5, 200), {
      clumps: [4],
      pauseMs: 150,
    });
    await expect(lines, `scan ${n + 1}`).toHaveCount(n + 1);
    await expect(field).toHaveValue('');
  }
  // Each line names the item scanned, in the order scanned: no scan merged into another or cut.
  for (const [n, item] of items.entries()) await expect(lines.nth(n)).toContainText(item.sku);
  // A scan while a line's quantity has focus goes to that line's box, as one more line; the quantity stays.
  const qty = lines.nth(0).getByLabel('Quantity', { exact: true });
  await qty.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('7');
  await sendKeys(page, scanKeys(itemCode(data.items[9]!, 'sku'), 5, 300));
  await expect(lines).toHaveCount(items.length + 1);
  await expect(qty).toHaveValue('7');
});

test('a scan whose second half is handed over after the page was busy for six seconds reaches its item whole', async ({ page, host }) => {
  const data = await ready(page, host);
  const item = data.items.find((i: SoakItem) => formsOf(i).includes('gs1'))!;
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { level: 1, name: 'Receiving' })).toBeVisible();
  await focusSettled(page);
  const code = itemCode(item, 'gs1');
  // Right after the scan's 15th key the page is busy for six seconds (a record drawing on a slow
  // PC), longer than the desk waits for a scanner's Enter; the rest of the scan (3 ms apart by its
  // timestamps) is handed over only after that. Time the page could not hear is no silence.
  await page.evaluate(() => {
    let keys = 0;
    const busy = () => {
      if (++keys !== 15) return;
      window.removeEventListener('keyup', busy, true);
      const end = performance.now() + 6_000;
      while (performance.now() < end);
    };
    window.addEventListener('keyup', busy, true);
  });
  await sendKeys(page, scanKeys(code, 3), { clumps: [14], pauseMs: 200 });
  await expect.poll(() => address(page), { message: code, timeout: 15_000 }).toBe(`/inventory/items/${item.id}`);
  await expect(page.getByText(/^Nothing matches/)).toHaveCount(0);
});

test('a scanner’s scan (AIM-marked) as an order opens, whose rest the PC hands over seven seconds later with the page idle, opens its item whole: no part of it looked up', async ({
  page,
  host,
}) => {
  const data = await ready(page, host);
  const item = data.items.find((i: SoakItem) => formsOf(i).includes('gs1-aim'))!;
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { level: 1, name: 'Receiving' })).toBeVisible();
  await focusSettled(page);
  const code = itemCode(item, 'gs1-aim');
  // Enter opens the order; the scan's first seven keys (]C1 and four more) follow at once, and the rest (4 ms apart by
  // their timestamps) reaches the page only seven seconds later, the page idle all along: the
  // browser's own process was starved, so the page heard true silence, longer than any of its waits.
  const keys = [key('ArrowDown'), key('Enter', 30), ...scanKeys(code, 4, 60)];
  await recordAddresses(page);
  await visitedAddresses(page);
  await sendKeys(page, keys, { clumps: [8], pauseMs: 7_000 });
  await expect.poll(() => address(page), { message: code, timeout: 15_000 }).toBe(`/inventory/items/${item.id}`);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  // Its part was never taken for a code of its own: nothing was said not to match.
  await expect(page.getByText(/^Nothing matches/)).toHaveCount(0);
  expect((await visitedAddresses(page)).map((a) => a.split('?')[0]).filter((p) => p?.startsWith('/inventory/items/'))).toEqual([`/inventory/items/${item.id}`]);
});
