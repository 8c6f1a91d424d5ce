import type { Locator, Page } from '@playwright/test';
import type { BrowserHost } from '../../electron/host/browser-host.js';
import { expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';
import { scanCode } from './scanner.js';
import { emulatorControl } from './service.js';

/**
 * The command palette against the emulator: every button and menu item a view shows is a line of the
 * palette opened on it (the two compared on every view, the view's side read from the browser's
 * accessibility tree), and an exact id, reference or tracking number of any record opens that record.
 */

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

/**
 * Enabled buttons and menu items in an accessibility snapshot, by name (a name twice counts twice);
 * a column header's button is the palette's "Sort by <name>".
 */
function actionNames(snapshot: string): string[] {
  const names: string[] = [];
  let headerIndent: number | null = null;
  for (const line of snapshot.split('\n')) {
    const indent = line.length - line.trimStart().length;
    if (headerIndent !== null && indent <= headerIndent) headerIndent = null;
    if (/^\s*- columnheader\b/.test(line)) headerIndent = indent;
    const m = /^\s*- (?:button|menuitem|menuitemcheckbox|menuitemradio) ("(?:[^"\\]|\\.)*")(.*)$/.exec(line);
    if (m && !m[2]!.includes('[disabled')) {
      const name = JSON.parse(m[1]!) as string;
      names.push(headerIndent !== null ? `Sort by ${name}` : name);
    }
  }
  return names.sort();
}

/** What `read` gives once the view has settled: two readings a moment apart agree. */
async function settled(read: () => Promise<string[]>): Promise<string[]> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await read());
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [400], timeout: 20_000 },
    )
    .toBe(true);
  return JSON.parse(last) as string[];
}

/** The view's buttons once it has settled. */
const settledActions = async (frame: Locator) => settled(async () => actionNames(await frame.ariaSnapshot()));

/** The section headings Settings shows once every area's panel is drawn. */
const settingsSections = async (page: Page) =>
  settled(async () => (await page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts()).map((t) => t.trim()));

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await expect(palette(page).getByRole('textbox', { name: 'Search views, actions and records' })).toBeFocused();
}

interface Records {
  wro: { id: number; po: string; boxTracking: string; boxWro: number };
  receipt: { id: number; barcode: string };
  ret: { id: number; reference: string; tracking: string; trackingId: number };
  item: { id: number; sku: string; name: string };
}

async function seededRecords(emulatorUrl: string): Promise<Records> {
  const data = async <T>(collection: string) => ((await emulatorControl(emulatorUrl, 'GET', `/data/${collection}`)) as { items: T[] }).items;
  type Wro = { id: number; purchase_order_number: string | null; boxes: { tracking_number: string | null }[] };
  const wros = await data<Wro>('receivingOrders');
  const withPo = wros.find((w) => w.purchase_order_number && wros.filter((o) => o.purchase_order_number === w.purchase_order_number).length === 1)!;
  const withBox = wros.find((w) => w.boxes.some((b) => b.tracking_number))!;
  const receipt = (await data<{ id: number; barcode: string }>('uros'))[0]!;
  const returns = await data<{ id: number; reference_id: string; tracking_number: string | null }>('returns');
  const tracked = returns.find((r) => r.tracking_number && r.tracking_number !== r.reference_id)!;
  const item = (await data<{ inventory_id: number; sku: string; name: string }>('inventory'))[0]!;
  return {
    wro: { id: withPo.id, po: withPo.purchase_order_number!, boxTracking: withBox.boxes.find((b) => b.tracking_number)!.tracking_number!, boxWro: withBox.id },
    receipt: { id: receipt.id, barcode: receipt.barcode },
    ret: { id: returns[0]!.id, reference: returns[0]!.reference_id, tracking: tracked.tracking_number!, trackingId: tracked.id },
    item: { id: item.inventory_id, sku: item.sku, name: item.name },
  };
}

async function openDesk(page: Page, host: BrowserHost) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
}

test.describe('command palette', () => {
  test.beforeEach(async ({ page, host }) => openDesk(page, host));

  test('every button and menu item of every view is a line of the palette opened on it', async ({ page, host }) => {
    test.setTimeout(240_000);
    const r = await seededRecords(host.core.emulator.url);
    const views: [string, string | RegExp][] = [
      ['/today', 'Today'],
      ['/receiving', 'Receiving'],
      [`/receiving/${r.wro.id}`, `Receiving order ${r.wro.id}`],
      ['/receiving/new', 'New receiving order'],
      ['/unidentified', 'Unidentified receipts'],
      [`/unidentified/${r.receipt.id}`, `Unidentified receipt ${r.receipt.id}`],
      ['/inventory', 'Inventory'],
      [`/inventory/items/${r.item.id}`, r.item.name],
      ['/lots', 'Lot exclusions'],
      [`/lots/${r.item.id}`, new RegExp(`^Lot exclusions\\b.*${r.item.sku}`)],
      ['/returns', 'Returns'],
      [`/returns/${r.ret.id}`, `Return ${r.ret.id}`],
      ['/stock/expiring', 'Expiring stock'],
      ['/stock/items', 'All stock'],
      ['/settings', 'Settings'],
    ];
    const frame = page.locator('.app');
    for (const [address, title] of views) {
      await openAddress(page, address);
      await expect(page.getByRole('heading', { level: 1, name: title }).first()).toBeVisible({ timeout: 20_000 });
      const onView = await settledActions(frame);
      expect(onView.length, `${address} shows buttons`).toBeGreaterThan(0);
      await openPalette(page);
      const inPalette = actionNames(await palette(page).getByRole('group', { name: 'On this view' }).ariaSnapshot());
      expect(inPalette, `the palette opened on ${address} offers the view's buttons and menu items, no more, no fewer`).toEqual(onView);
      await page.keyboard.press('Escape');
      await expect(palette(page)).toBeHidden();
    }
  });

  test('a view’s line in the palette does what its button does', async ({ page }) => {
    await openAddress(page, '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await openPalette(page);
    // Typed as a person types: a burst at machine speed ending in Enter is a scan, by design.
    await page.keyboard.type('keyboard shortcuts', { delay: 150 });
    const line = palette(page)
      .getByRole('group', { name: 'On this view' })
      .getByRole('menuitem', { name: /Keyboard shortcuts/ });
    await expect(line).toBeVisible();
    await expect(line).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('Enter');
    await expect(palette(page)).toBeHidden();
    await expect(page.getByRole('dialog', { name: /Keyboard shortcuts/ })).toBeVisible();
  });

  test('each section Settings shows is a line of the palette, and the line opens that section', async ({ page }) => {
    await openAddress(page, '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    // The areas' own sections are there too (Today's start page, for one), not only Settings' own.
    await expect(page.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible();
    const sections = await settingsSections(page);
    expect(sections.length).toBeGreaterThan(5);

    // From another view, the clerk types "settings" at a person's pace.
    await page.keyboard.press('Alt+1');
    await expectViewFocus(page, 'Receiving');
    await openPalette(page);
    await scanCode(page, 'settings', { msPerKey: 150, terminator: null });
    const field = palette(page).getByRole('textbox', { name: 'Search views, actions and records' });
    await expect(field).toHaveValue('settings');
    const lines = palette(page).getByRole('menuitem', { name: /^Settings: / });
    await expect(lines.first()).toBeVisible();
    const offered = (await lines.allInnerTexts()).map((t) =>
      t
        .split('\n')[0]!
        .trim()
        .replace(/^Settings: /, ''),
    );
    for (const heading of sections) {
      // "Account in Local emulator" is the Account section: its heading names the environment too.
      expect(
        offered.some((line) => heading === line || heading.startsWith(`${line} `)),
        `a palette line for the section "${heading}" (offered: ${offered.join(', ')})`,
      ).toBe(true);
    }

    // Narrowed to Today, Enter opens Settings on that section, focus on its first control.
    await scanCode(page, ' today', { msPerKey: 150, terminator: null });
    await expect(palette(page).getByRole('menuitem', { name: /^Settings: Today/ })).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('Enter');
    await expect(palette(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const today = page.getByRole('region', { name: 'Today' });
    await expect(today.getByRole('button', { name: /Start page/ })).toBeFocused();
    await expect(today.getByRole('heading', { name: 'Today' })).toBeInViewport();
  });

  test('a number that is the id of several records offers each, named by what it is, and opens the one chosen', async ({ page, host }) => {
    test.setTimeout(180_000);
    const r = await seededRecords(host.core.emulator.url);
    for (const [typed, line, opens] of [
      [String(r.item.id), new RegExp(`^Item ${r.item.sku}$`), r.item.name],
      [String(r.ret.id), new RegExp(`^Return ${r.ret.reference}$`), `Return ${r.ret.id}`],
    ] as const) {
      await openPalette(page);
      await page.keyboard.type(typed);
      await palette(page).getByRole('menuitem', { name: line }).first().click({ timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1, name: opens })).toBeVisible({ timeout: 20_000 });
    }
  });
});

test.describe('command palette: records typed exactly', () => {
  test.beforeEach(async ({ page, host }) => {
    // Limit off: a bench-like burst of searches, each asking every area's sources, faster than a clerk types.
    await emulatorControl(host.core.emulator.url, 'PUT', '/rate-limit', { enabled: false });
    await openDesk(page, host);
  });

  interface Case {
    typed: (r: Records) => string;
    line: (r: Records) => RegExp;
    opens: (r: Records) => string;
    address: (r: Records) => RegExp;
  }
  const wro = (id: (r: Records) => number, box = false) => ({
    line: (r: Records) => new RegExp(`^Receiving order ${id(r)}$`),
    opens: (r: Records) => `Receiving order ${id(r)}`,
    address: (r: Records) => new RegExp(`^/receiving/${id(r)}${box ? '\\?box=\\d+' : ''}$`),
  });
  const receipt = {
    line: (r: Records) => new RegExp(`^Unidentified receipt ${r.receipt.barcode}$`),
    opens: (r: Records) => `Unidentified receipt ${r.receipt.id}`,
    address: (r: Records) => new RegExp(`^/unidentified/${r.receipt.id}$`),
  };
  // One host per group: each search asks every area's sources, and codes typed back to back at once,
  // as a bench does and no clerk, are the burst this describe turns the request limit off for.
  const groups: Record<string, Case[]> = {
    'a receiving order by id, purchase order number and a box’s tracking number': [
      { typed: (r) => String(r.wro.id), ...wro((r) => r.wro.id) },
      { typed: (r) => r.wro.po, ...wro((r) => r.wro.id) },
      { typed: (r) => r.wro.boxTracking, ...wro((r) => r.wro.boxWro, true) },
    ],
    'an unidentified receipt by id and barcode, an item by SKU': [
      { typed: (r) => String(r.receipt.id), ...receipt },
      { typed: (r) => r.receipt.barcode, ...receipt },
      {
        typed: (r) => r.item.sku,
        line: (r) => new RegExp(`^Item ${r.item.sku}$`),
        opens: (r) => r.item.name,
        address: (r) => new RegExp(`^/inventory/items/${r.item.id}`),
      },
    ],
    'a return by reference and tracking number': [
      {
        typed: (r) => r.ret.reference,
        line: (r) => new RegExp(`^Return ${r.ret.reference}$`),
        opens: (r) => `Return ${r.ret.id}`,
        address: (r) => new RegExp(`^/returns/${r.ret.id}$`),
      },
      {
        typed: (r) => r.ret.tracking,
        line: () => /^Return /,
        opens: (r) => `Return ${r.ret.trackingId}`,
        address: (r) => new RegExp(`^/returns/${r.ret.trackingId}$`),
      },
    ],
  };

  for (const [what, cases] of Object.entries(groups)) {
    test(`typed exactly, then Enter, opens ${what}`, async ({ page, host }) => {
      test.setTimeout(180_000);
      const r = await seededRecords(host.core.emulator.url);
      for (const c of cases) {
        await openPalette(page);
        await page.keyboard.type(c.typed(r));
        const line = palette(page)
          .getByRole('menuitem', { name: c.line(r) })
          .first();
        await expect(line, `a line for ${c.typed(r)}`).toBeVisible({ timeout: 30_000 });
        // The record found for exactly what was typed is the highlighted line: Enter opens it.
        await expect(palette(page).getByRole('menuitem').first()).toHaveAttribute('data-focused', 'true');
        await expect(palette(page).getByRole('menuitem').first()).toHaveAccessibleName(c.line(r));
        await page.keyboard.press('Enter');
        await expect(palette(page)).toBeHidden();
        await expect(page.getByRole('heading', { level: 1, name: c.opens(r) })).toBeVisible({ timeout: 20_000 });
        expect(await page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)))).toMatch(c.address(r));
      }
    });
  }
});
