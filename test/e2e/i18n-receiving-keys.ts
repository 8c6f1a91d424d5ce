import type { Page } from '@playwright/test';
import type { BrowserHost } from '../../electron/host/browser-host.js';
import { expect, signInThroughPopup } from './fixtures.js';
import { keyPause, session } from './scanner.js';
import { service } from './service.js';

/**
 * Key events as a German (QWERTZ) or Spanish keyboard sends them, for the receiving e2e in those
 * languages: the same characters as on a US keyboard come from other physical keys (`code`) and
 * other virtual key codes, Z and Y change places on the German one, and '-' sits where the US
 * keyboard has '/'. A keyboard-wedge scanner set to the desk's layout sends exactly these, so the
 * scan detector and the shortcuts, which read `key` and the timing, must not notice the difference.
 */
export type Layout = 'de' | 'es';

interface Stroke {
  key: string;
  code: string;
  vk: number;
  shift: boolean;
}

const SHIFT = 8;
const ALT = 1;

/** The physical key (and Shift) that types `ch` on the layout. Windows virtual key codes, as Chromium reports them. */
export function layoutStroke(ch: string, layout: Layout): Stroke {
  if (/^[a-z]$/i.test(ch)) {
    const upper = ch.toUpperCase();
    // QWERTZ: the key labelled Z sits where the US keyboard has Y, and the other way round.
    const at = layout === 'de' && upper === 'Z' ? 'Y' : layout === 'de' && upper === 'Y' ? 'Z' : upper;
    return { key: ch, code: `Key${at}`, vk: upper.charCodeAt(0), shift: ch !== ch.toLowerCase() };
  }
  if (/^[0-9]$/.test(ch)) return { key: ch, code: `Digit${ch}`, vk: ch.charCodeAt(0), shift: false };
  const shared: Record<string, Stroke> = {
    // Both layouts: '-' on the key right of '.', which is the US '/' key (VK_OEM_MINUS); '_' shifted.
    '-': { key: '-', code: 'Slash', vk: 189, shift: false },
    _: { key: '_', code: 'Slash', vk: 189, shift: true },
    '.': { key: '.', code: 'Period', vk: 190, shift: false },
    ',': { key: ',', code: 'Comma', vk: 188, shift: false },
    ' ': { key: ' ', code: 'Space', vk: 32, shift: false },
    // Shift+7 on both.
    '/': { key: '/', code: 'Digit7', vk: 55, shift: true },
  };
  const stroke = shared[ch];
  if (!stroke) throw new Error(`The ${layout} test keyboard has no key for ${JSON.stringify(ch)}.`);
  return stroke;
}

/** The last timestamp used per page, so that one burst never overlaps the next. */
const clocks = new WeakMap<Page, number>();

type KeyEvent = {
  type: 'keyDown' | 'rawKeyDown' | 'keyUp';
  key: string;
  code: string;
  windowsVirtualKeyCode: number;
  nativeVirtualKeyCode: number;
  modifiers: number;
  timestamp: number;
  text?: string;
  unmodifiedText?: string;
};

function events(s: Stroke, at: number, step: number, modifiers = 0): KeyEvent[] {
  const base = {
    key: s.key,
    code: s.code,
    windowsVirtualKeyCode: s.vk,
    nativeVirtualKeyCode: s.vk,
    modifiers: modifiers | (s.shift ? SHIFT : 0),
  };
  const typed = modifiers & ALT ? {} : { text: s.key, unmodifiedText: s.key };
  return [
    { type: modifiers & ALT ? 'rawKeyDown' : 'keyDown', ...base, ...typed, timestamp: at },
    { type: 'keyUp', ...base, timestamp: at + step / 2 },
  ];
}

/**
 * A scan on the layout: every key of `code` `msPerKey` apart by the events' own timestamps, sent in
 * one go (as scanner.ts explains), then Enter.
 */
export async function scanOn(page: Page, layout: Layout, code: string, msPerKey = 6): Promise<void> {
  const cdp = await session(page);
  const step = msPerKey / 1000;
  let at = Math.max(Date.now() / 1000, (clocks.get(page) ?? 0) + step);
  const sends: Promise<unknown>[] = [];
  const press = (s: Stroke) => {
    for (const e of events(s, at, step)) sends.push(cdp.send('Input.dispatchKeyEvent', e));
    at += step;
  };
  for (const ch of code) press(layoutStroke(ch, layout));
  sends.push(
    cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key: 'Enter',
      code: 'Enter',
      windowsVirtualKeyCode: 13,
      nativeVirtualKeyCode: 13,
      text: '\r',
      timestamp: at,
    }),
    cdp.send('Input.dispatchKeyEvent', {
      type: 'keyUp',
      key: 'Enter',
      code: 'Enter',
      windowsVirtualKeyCode: 13,
      nativeVirtualKeyCode: 13,
      timestamp: at + step / 2,
    }),
  );
  clocks.set(page, at + step);
  await Promise.all(sends);
}

/** A person typing `text` on the layout, `delay` ms a key in real time (slower than any scan). */
export async function typeOn(page: Page, layout: Layout, text: string, delay = 140): Promise<void> {
  const cdp = await session(page);
  for (const ch of text) {
    const at = Math.max(Date.now() / 1000, (clocks.get(page) ?? 0) + 0.001);
    for (const e of events(layoutStroke(ch, layout), at, 0.01)) await cdp.send('Input.dispatchKeyEvent', e);
    clocks.set(page, at + 0.01);
    await keyPause(page, delay);
  }
}

/** Alt with a letter, from the layout's key for that letter (Alt+D, Alt+Z: the shortcut reads `key`). */
export async function altOn(page: Page, layout: Layout, letter: string): Promise<void> {
  const cdp = await session(page);
  const at = Math.max(Date.now() / 1000, (clocks.get(page) ?? 0) + 0.001);
  const alt = { key: 'Alt', code: 'AltLeft', windowsVirtualKeyCode: 18, nativeVirtualKeyCode: 18 };
  await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...alt, modifiers: ALT, timestamp: at });
  for (const e of events(layoutStroke(letter, layout), at + 0.01, 0.02, ALT)) await cdp.send('Input.dispatchKeyEvent', e);
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...alt, modifiers: 0, timestamp: at + 0.04 });
  clocks.set(page, at + 0.05);
}

/** What has the keyboard focus: its accessible name as a person would hear it (a date segment: its own name, then the field's). */
export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const byIds = el
      .getAttribute('aria-labelledby')
      ?.split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    return (el.getAttribute('aria-label') ?? byIds ?? label ?? el.textContent ?? '').trim();
  });

/** Presses Tab (only Tab) until the focus is on the control named `name`; fails after `max` presses. */
export async function tabTo(page: Page, name: string | RegExp, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    const now = await focusedName(page);
    if (typeof name === 'string' ? now === name : name.test(now)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${String(name)}" (last: "${await focusedName(page)}")`);
}

/** The words a clerk reads along the way, in the spec's language, exactly as the catalog has them. */
export interface ReceivingWords {
  signIn: string;
  title: string;
  listTable: string;
  newOrder: string;
  center: string;
  arrival: string;
  /** The arrival 30 June 2028, 14:05 as typed into the segments, in the locale's order. */
  arrivalKeys: string;
  /** …and as the field shows it back. */
  arrivalShown: string;
  po: string;
  boxTracking: string;
  code: string;
  line: string;
  scanInto: string;
  noItem: (code: string) => string;
  quantity: string;
  submit: string;
  orderTitle: (id: number) => string;
  created: (id: number) => string;
  boxes: string;
  boxColumns: string[];
  cancelButton: string;
  cancelTitle: (id: number) => string;
  /** The cancel question for an order with a PO number, a center and `boxes` boxes. */
  cancelSays: (po: string, center: string, boxes: number) => string;
  keep: string;
}

/** Only Tab, Enter, arrows and Escape move: the cancel dialog opened and left, its question read. */
async function readCancelQuestion(page: Page, words: ReceivingWords, id: number): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: words.orderTitle(id) })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2, name: words.boxes })).toBeVisible();
  // The boxes are read once the clerk stays on the order; the question counts them once they are.
  await expect(page.locator('table.boxes').getByRole('columnheader')).toHaveText(words.boxColumns, { timeout: 15_000 });
  await tabTo(page, words.cancelButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: words.cancelTitle(id) });
  await expect(dialog).toBeVisible();
  // It opens on the way out: Escape leaves it, nothing cancelled.
  await expect(dialog.getByRole('button', { name: words.keep })).toBeFocused();
  const text = (await dialog.locator('p').first().textContent()) ?? '';
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  return text;
}

/**
 * A receiving order made by keys and scans in the spec's language on its keyboard layout: the
 * center chosen with arrows, the arrival typed in the locale's order and read back, the PO typed,
 * the box's tracking number and its item scanned, an unknown code refused in words, the order
 * created; then the cancel question counts 1, 2 and 5 boxes in that language.
 */
export async function receivingByKeys(page: Page, host: BrowserHost, layout: Layout, words: ReceivingWords): Promise<void> {
  const { call } = await service(host.core.emulator.url, `i18n-receiving-${layout}`);
  const { items } = await call<{ items: Inv[] }>('GET', '/2026-07/inventory?PageSize=500');
  // An item a scanner on this layout can send, with no lot to ask for.
  const item = items.find((i) => !i.variant.is_bundle && !i.variant.is_digital && !i.is_lot && /^[A-Za-z0-9-]+$/.test(i.sku))!;

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await signInThroughPopup(page, words.signIn);
  await altOn(page, layout, '1');
  await expect(page.getByRole('heading', { level: 1, name: words.title, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: words.listTable })).toBeVisible();

  await tabTo(page, words.newOrder);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: words.newOrder })).toBeVisible();

  // The center: its combobox, the first center with ↓ and Enter.
  await tabTo(page, words.center);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const center = page.getByRole('combobox', { name: words.center });
  await expect(center).not.toHaveValue('');
  const centerName = await center.inputValue();

  // The arrival in the locale's order (day first), 24-hour clock: it reads back exactly as typed.
  const arrival = page.locator('.date-field').filter({ has: page.getByRole('group', { name: words.arrival, exact: true }) });
  await arrival.locator('[data-type="day"]').focus();
  await typeOn(page, layout, words.arrivalKeys);
  await expect(arrival).toHaveAttribute('data-value', '2028-06-30T14:05');
  // As the clerk reads it: React Aria isolates the time's direction with invisible marks, left out here.
  const shown = async () => ((await arrival.locator('.day-field-input').textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');
  await expect.poll(shown).toBe(words.arrivalShown);

  await tabTo(page, words.po);
  const po = `PO-${layout.toUpperCase()}-7`;
  await typeOn(page, layout, po);
  await expect(page.getByLabel(words.po, { exact: true })).toHaveValue(po);

  // The carrier's label and the item are scanned (the scanner on the desk's layout, then Enter).
  await tabTo(page, words.boxTracking);
  // The scan starts after a silence, as a scanner's does: the Tab is not read as its first key.
  await keyPause(page, 250);
  const tracking = `1Z${layout.toUpperCase()}-YZ-0815`;
  await scanOn(page, layout, tracking);
  await expect(page.getByLabel(words.boxTracking, { exact: true })).toHaveValue(tracking);

  // A code that names no item, scanned into the box: refused, said in the language.
  await tabTo(page, words.scanInto);
  await keyPause(page, 250);
  await scanOn(page, layout, 'NOPE-ZY-42');
  await expect(page.getByText(words.noItem('NOPE-ZY-42'), { exact: true })).toBeVisible({ timeout: 15_000 });

  await tabTo(page, words.code);
  await keyPause(page, 250);
  await scanOn(page, layout, item.sku);
  const line = page.getByRole('group', { name: words.line });
  await expect(line.locator('.item-name')).toHaveText(`${item.name} (${item.sku})`, { timeout: 15_000 });
  await tabTo(page, words.quantity);
  await page.keyboard.press('Control+A');
  await typeOn(page, layout, '5');
  await expect(line.getByLabel(words.quantity, { exact: true })).toHaveValue('5');

  await tabTo(page, words.submit);
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: /\d+$/ });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  const id = Number((await heading.textContent())!.replace(/\D+/g, ''));
  await expect(heading).toHaveText(words.orderTitle(id));
  await expect(page.locator('.toast', { hasText: words.created(id) })).toBeVisible();
  const made = await call<{ purchase_order_number: string; inventory_quantities: { sku: string; expected_quantity: number }[] }>(
    'GET',
    `/2026-07/receiving/${id}`,
  );
  expect(made.purchase_order_number).toBe(po);
  expect(made.inventory_quantities.map((q) => [q.sku, q.expected_quantity])).toEqual([[item.sku, 5]]);

  // 1, 2 and 5 boxes, as the cancel question counts them.
  expect(await readCancelQuestion(page, words, id)).toBe(words.cancelSays(po, centerName, 1));
  const centers = await call<{ id: number; name: string }[]>('GET', '/2026-07/fulfillment-center');
  const chosen = centers.find((c) => c.name === centerName)!;
  for (const count of [2, 5]) {
    const other = await call<{ id: number }>('POST', '/2026-07/receiving', {
      fulfillment_center: { id: chosen.id },
      package_type: 'Package',
      box_packaging_type: 'OneSkuPerBox',
      expected_arrival_date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      purchase_order_number: `4711-${count}`,
      boxes: Array.from({ length: count }, (_, k) => ({ tracking_number: `${tracking}-${k}`, box_items: [{ inventory_id: item.inventory_id, quantity: 1 }] })),
    });
    await page.evaluate((hash) => (window.location.hash = hash), `/receiving/${other.id}`);
    expect(await readCancelQuestion(page, words, other.id)).toBe(words.cancelSays(`4711-${count}`, centerName, count));
  }
}

interface Inv {
  inventory_id: number;
  sku: string;
  name: string;
  is_lot: boolean;
  variant: { is_bundle: boolean; is_digital: boolean };
}
