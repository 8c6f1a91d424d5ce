import type { Page } from '@playwright/test';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { chooseCenter, openIntake } from './returns-support.js';
import { keyPause } from './scanner.js';

/**
 * Keys that do what the clerk expects, with real key events only: a combo box takes Enter on its
 * single or highlighted match, a dialog's list chooses on Enter, a refused submit puts focus on the
 * field to fix, a record opens on its main action, Escape in a form asks keep or discard, and the
 * shortcut sheet spells every key one way.
 */

/** A person typing: slower than any scanner, so the desk reads it as typing. */
const HUMAN = { delay: 130 };

async function signIn(page: Page, url: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(url);
  await signInThroughPopup(page);
}

/** A new receiving order with its center chosen by keys: part of the name, then Enter. Answers the field. */
async function newOrderAtMoreno(page: Page, origin: string) {
  await page.goto(`${origin}/#/receiving/new`);
  const center = page.getByRole('combobox', { name: 'Fulfillment center' });
  await center.focus();
  await page.keyboard.type('Moreno', HUMAN);
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  return center;
}

test('a combo box takes Enter on its single or highlighted match and never empties', async ({ page, host }) => {
  const moreno = (await host.core.emulator.control.data('fulfillmentCenters')).find((c) => c.name?.includes('Moreno'))!;
  await signIn(page, host.url);

  // The new receiving order's center: part of the name, then Enter.
  const center = await newOrderAtMoreno(page, host.origin);
  await expect(center).toHaveValue(moreno.name);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(center).toBeFocused();

  // Several matches: Enter keeps what was typed and highlights the first; the next Enter takes it.
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Wi', HUMAN);
  await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(1);
  await page.keyboard.press('Enter');
  await expect(center).toHaveValue('Wi');
  const highlighted = await center.getAttribute('aria-activedescendant');
  expect(highlighted, 'a match is highlighted').toBeTruthy();
  const first = (await page.locator(`[id="${highlighted}"]`).textContent())!.trim();
  await page.keyboard.press('Enter');
  await expect(center).toHaveValue(first);

  // Every combo box does so: the receiving list's center filter.
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { level: 1, name: 'Receiving', exact: true })).toBeVisible();
  const filter = page.getByRole('combobox', { name: 'Fulfillment center' });
  await filter.focus();
  await page.keyboard.type('Moreno', HUMAN);
  await page.keyboard.press('Enter');
  await expect(filter).toHaveValue(moreno.name);
  await expect.poll(() => page.evaluate(() => decodeURIComponent(window.location.hash))).toContain(`fc=${moreno.id}`);
});

test('a new draft saved as the clerk leaves its form does not bring the form back', async ({ page, host }) => {
  const moreno = (await host.core.emulator.control.data('fulfillmentCenters')).find((c) => c.name?.includes('Moreno'))!;
  // The form's first change creates its draft, and a new draft puts its id in the form's address. The
  // clerk presses Alt+1 while that first save is still on its way and the list's code still loading:
  // the save's answer comes before the list is on screen. Both are held here and let go in that order.
  let letListGo!: () => void;
  const listHeld = new Promise<void>((resolve) => (letListGo = resolve));
  await page.route(/\/assets\/ReceivingList-[^/]*\.js$/, async (route) => {
    await listHeld;
    await route.continue();
  });
  let letDraftGo!: () => void;
  const draftHeld = new Promise<void>((resolve) => (letDraftGo = resolve));
  const saves = new Set<number>();
  let answered = false;
  await page.routeWebSocket(/\/socket$/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const call = JSON.parse(String(message)) as { id?: number; channel?: string };
      if (call.channel === 'drafts.save' && call.id !== undefined) saves.add(call.id);
      server.send(message);
    });
    server.onMessage(async (message) => {
      const answer = JSON.parse(String(message)) as { type: string; id?: number };
      if (answer.type === 'result' && answer.id !== undefined && saves.has(answer.id)) {
        await draftHeld;
        answered = true;
      }
      socket.send(message);
    });
  });
  await signIn(page, host.url);
  await newOrderAtMoreno(page, host.origin);
  await expect.poll(() => saves.size, { message: 'the first save is on its way' }).toBeGreaterThan(0);

  await page.keyboard.press('Alt+1');
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/receiving');
  letDraftGo();
  await expect.poll(() => answered).toBe(true);
  // Two frames: the page has read the answer and done what it does with it.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  letListGo();
  await expect(page.getByRole('heading', { level: 1, name: 'Receiving', exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.location.hash), 'the list the clerk asked for stays').toBe('#/receiving');
  await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toHaveCount(0);
  // Nothing chosen is lost: the draft holds the center.
  const drafts = await host.core.dispatch('drafts.list', { kind: 'wro-create' });
  const [draft] = drafts.ok ? (drafts.value as { items: Array<{ id: string }> }).items : [];
  const stored = await host.core.dispatch('drafts.get', { id: draft!.id });
  expect(JSON.stringify(stored.ok && stored.value)).toContain(String(moreno.id));
});

test('keys typed as a view slower than the focus window opens all reach its field, in order', async ({ page, host }) => {
  // A busy PC: the view's code (loaded ahead when the page is idle, or on the shortcut) takes longer
  // to arrive than the desk waits for a view to choose focus.
  let letViewGo!: () => void;
  const viewHeld = new Promise<void>((resolve) => (letViewGo = resolve));
  await page.route(/\/assets\/InventoryView-[^/]*\.js$/, async (route) => {
    await viewHeld;
    await route.continue();
  });
  await signIn(page, host.url);
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { level: 1, name: 'Receiving', exact: true })).toBeVisible();
  await page.keyboard.press('Alt+3');
  await page.keyboard.type('mug', { delay: 60 });
  // The clerk waits, longer than the focus window (2.5 s), while the view's code is still on its way.
  await keyPause(page, 4_000);
  letViewGo();
  const field = page.getByRole('searchbox', { name: 'Item' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('mug');
  // The list left behind took none of them: its filters are as they were.
  expect(await page.evaluate(() => decodeURIComponent(window.location.hash))).toMatch(/^#\/inventory(\?q=mug)?$/);
});

test('a field the clerk puts focus in while a slow list opens keeps it and every key typed', async ({ page, host }) => {
  const moreno = (await host.core.emulator.control.data('fulfillmentCenters')).find((c) => c.name?.includes('Moreno'))!;
  await signIn(page, host.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  // The service answers slower than the desk waits for a view's rows to choose where focus goes.
  await host.core.emulator.control.setFaults({ latencyMs: 4_000 });
  try {
    await page.keyboard.press('Alt+1');
    await expect(page.getByRole('heading', { level: 1, name: 'Receiving', exact: true })).toBeVisible();
    const filter = page.getByRole('combobox', { name: 'Fulfillment center' });
    await filter.click();
    await page.keyboard.type('Moreno', HUMAN);
    // The rows arrive while the clerk types; the field they chose keeps focus and what they typed.
    // (The open list of centers hides the rest of the view from assistive technology, as a combo box's does.)
    await expect(page.getByRole('row', { includeHidden: true }).nth(1)).toBeVisible({ timeout: 15_000 });
    await expect(filter).toBeFocused();
    await expect(filter).toHaveValue('Moreno');
    await page.keyboard.press('Enter');
    await expect(filter).toHaveValue(moreno.name);
    await expect.poll(() => page.evaluate(() => decodeURIComponent(window.location.hash))).toContain(`fc=${moreno.id}`);
  } finally {
    await host.core.emulator.control.setFaults({});
  }
});

test('Enter in the link dialog’s list chooses and never un-chooses; the next Tab reaches Link', async ({ page, host }) => {
  const receipt = (await host.core.emulator.control.data('uros')).find((u) => u.linked_wro_id === null)!;
  await signIn(page, host.url);
  await page.goto(`${host.origin}/#/unidentified/${receipt.id}`);
  await page.getByRole('button', { name: 'Link to a receiving order…' }).click();
  const dialog = page.getByRole('dialog', { name: `Link receipt ${receipt.barcode}` });
  const first = dialog.getByRole('option').first();
  await expect(first).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(first, 'a second Enter keeps the order chosen').toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: /^Link to receiving order \d+…$/ })).toBeFocused();
});

test('a refused submit in return intake puts focus on the first field to fix', async ({ page, host }) => {
  const item = (await host.core.emulator.control.data('inventory')).find((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot && i.sku)!;
  await openIntake(page, host.url);
  await chooseCenter(page);
  await page.getByLabel('Scan items').focus();
  await page.keyboard.type(item.sku, HUMAN);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('intake-line-0')).toContainText(item.sku);

  // No tracking number: Submit is refused and the tracking number takes focus.
  await page.keyboard.press('Alt+s');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /tracking/i })
      .first(),
  ).toBeVisible();
  await expect(page.getByLabel('Tracking number')).toBeFocused();

  // Typed, and a line's quantity at 0: the line's quantity takes focus.
  await page.keyboard.type('1ZTRAPS0001', HUMAN);
  const quantity = page.getByTestId('intake-line-0').getByLabel(/Quantity of/);
  await quantity.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('0', HUMAN);
  await page.getByLabel('Scan items').focus();
  await page.keyboard.press('Alt+s');
  await expect(quantity).toBeFocused();
});

test('a record view opens on its main action', async ({ page, host }) => {
  const data = host.core.emulator.control;
  const receipt = (await data.data('uros')).find((u) => u.linked_wro_id === null)!;
  const order = (await data.data('receivingOrders')).find((w) => w.status === 'Awaiting')!;
  const awaiting = (await data.data('returns')).find((r) => r.status === 'AwaitingArrival')!;
  const item = (await data.data('inventory')).find((i) => i.is_active && i.sku)!;
  await signIn(page, host.url);

  // An unidentified receipt opened from its list: Link…, not All receipts.
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('heading', { level: 1, name: 'Unidentified receipts' })).toBeVisible();
  await page.goto(`${host.origin}/#/unidentified/${receipt.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Unidentified receipt ${receipt.id}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link to a receiving order…' })).toBeFocused();

  const views: [address: string, title: string | RegExp, action: string][] = [
    [`/receiving/${order.id}`, `Receiving order ${order.id}`, 'Print labels'],
    [`/returns/${awaiting.id}`, `Return ${awaiting.id}`, 'Edit return'],
    [`/inventory/items/${item.inventory_id}`, item.name, 'Print item label…'],
  ];
  for (const [address, title, action] of views) {
    await page.goto(`${host.origin}/#${address}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: action, exact: true }), `${address} opens on ${action}`).toBeFocused();
  }
});

test('Escape in a form offers keep or discard of its draft, on Keep; the shortcut sheet says so', async ({ page, host }) => {
  await signIn(page, host.url);
  await page.goto(`${host.origin}/#/receiving/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();
  const po = page.getByRole('textbox', { name: 'PO number' });
  await po.focus();
  await page.keyboard.type('PO-KEEP-1', HUMAN);

  // The sheet names Escape among the form's keys.
  await page.locator('#content h1').focus();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  const formKeys = sheet.getByRole('region', { name: 'Receiving order' });
  await expect(formKeys.locator('div').filter({ has: page.locator('kbd', { hasText: /^Esc$/ }) })).toContainText('Close the form: keep or discard its draft');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Escape: the question, on Keep the draft; Escape again backs out to the form.
  await po.focus();
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Close this form?' });
  await expect(ask.getByRole('button', { name: 'Keep the draft' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();

  // Keep: the form closes; opened again, the draft is there.
  await po.focus();
  await page.keyboard.press('Escape');
  await expect(ask.getByRole('button', { name: 'Keep the draft' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Receiving', exact: true })).toBeVisible();
  await page.goto(`${host.origin}/#/receiving/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();
  await expect(po).toHaveValue('PO-KEEP-1');

  // Discard: the form closes and the draft is gone.
  await po.focus();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+Tab');
  await expect(ask.getByRole('button', { name: 'Discard the draft' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Receiving', exact: true })).toBeVisible();
  await page.goto(`${host.origin}/#/receiving/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();
  await expect(po).toHaveValue('');

  // Return intake: the same question, on Keep; kept, the return in progress opens again.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('new return', { delay: 20 });
  await expect(page.getByRole('menuitem', { name: /New return/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Return intake' })).toBeVisible();
  const reference = page.getByLabel('Reference id');
  await expect(reference).not.toHaveValue('');
  const kept = await reference.inputValue();
  await page.getByLabel('Tracking number').focus();
  await page.keyboard.press('Escape');
  await expect(ask.getByRole('button', { name: 'Keep the draft' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns', exact: true })).toBeVisible();
  await page.goto(`${host.origin}/#/returns/new`);
  await expect(page.getByLabel('Reference id')).toHaveValue(kept);
});

test('the shortcut sheet names each view’s own keys in one spelling', async ({ page, host }) => {
  const order = (await host.core.emulator.control.data('receivingOrders')).find((w) => w.status === 'Awaiting')!;
  await signIn(page, host.url);
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  const sheetKeys = async () => {
    await page.locator('#content h1').focus();
    await page.keyboard.press('?');
    await expect(sheet).toBeVisible();
    const keys = await sheet.locator('kbd').allTextContents();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    return keys;
  };
  // One spelling: modifiers as words with a capital, then the key; a letter key as its capital, a function key as on the key (F8).
  const oneSpelling = /^(?:(?:Ctrl|Alt|Shift)\+)*(?:[A-Z0-9?/+\-←→↑↓]|F[1-9]|F1[0-2]|Esc|Tab|Enter|Home|End|Page Up|Page Down)$/;
  const seen: string[] = [];
  // Each view once it has settled (its own first focus made: a `?` typed before would land in a field).
  for (const [address, settled, own] of [
    [`/receiving/${order.id}`, () => expect(page.getByRole('button', { name: 'Print labels', exact: true })).toBeVisible(), ['Alt+D', 'Alt+P']],
    ['/receiving/new', () => expect(page.getByRole('combobox', { name: 'Fulfillment center' })).toBeFocused(), ['Alt+F']],
    ['/returns/new', () => expect(page.getByLabel('Tracking number')).toBeFocused(), ['Alt+S', 'Alt+N', 'Alt+I', 'F8', 'F9']],
  ] as const) {
    await page.goto(`${host.origin}/#${address}`);
    await settled();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('#content') != null)).toBe(true);
    const keys = await sheetKeys();
    for (const k of own) expect(keys, `${address}: the sheet names ${k}`).toContain(k);
    seen.push(...keys);
  }
  expect([...new Set(seen)].filter((k) => !oneSpelling.test(k))).toEqual([]);
});
