import { spawn, type ChildProcess } from 'node:child_process';
import type { CDPSession, Page, Route } from '@playwright/test';
import type { BrowserHost } from '../../../electron/host/browser-host.js';
import { isValidGtin } from '../../../shared/scan/codes.js';
import { strokeFor } from '../scanner.js';
import { recordAddresses, visitedAddresses } from '../addresses.js';

/**
 * The key soak: seeded random episodes of what a clerk does at the desk (view shortcuts, scans in
 * every form a scanner sends, typing at a person's pace, the palette, `/`, opening records, quantity
 * boxes in return intake and on the receiving form), sent as real key events through Chromium's
 * input pipeline with the timestamps a keyboard or scanner gives them, some delivered late and in
 * clumps as a busy desk PC hands them over. The oracle is the rule, not the code: every scan reaches
 * the record or line a clerk expects, whole; every typed word lands whole in its field; nothing twice.
 *
 * Used by the e2e soak (test/e2e/keys-soak.spec.ts, a few thousand operations) and the `keys` bench.
 */

const ALT = 1;
const CTRL = 2;
const SHIFT = 8;
const GS = '\x1d';

/** One key as CDP sends it. */
interface Stroke {
  key: string;
  code: string;
  vk: number;
  modifiers: number;
  text?: string;
}

const NAMED: Record<string, Stroke> = {
  Enter: { key: 'Enter', code: 'Enter', vk: 13, modifiers: 0, text: '\r' },
  Escape: { key: 'Escape', code: 'Escape', vk: 27, modifiers: 0 },
  Tab: { key: 'Tab', code: 'Tab', vk: 9, modifiers: 0 },
  ArrowDown: { key: 'ArrowDown', code: 'ArrowDown', vk: 40, modifiers: 0 },
  Home: { key: 'Home', code: 'Home', vk: 36, modifiers: 0 },
};

/** A key at a time (ms after the episode's start, on the clock the events carry). */
interface Timed {
  stroke: Stroke;
  at: number;
  /** Modifier keys pressed around it (Alt for Alt+3, Control for Ctrl+K). */
  hold?: 'Alt' | 'Control';
}

export interface SoakItem {
  id: number;
  sku: string;
  barcode: string;
  name: string;
}

export interface SoakData {
  items: SoakItem[];
  wroIds: number[];
  /** A lot-tracked item: its GS1 label (lot and expiry) gives an intake line a date field. */
  dated: SoakItem | null;
}

/** The GS1 label of a lot-tracked item: its GTIN, expiry (17) and lot (10), as a scanner with AIM ids types it. */
export const datedCode = (item: SoakItem) => `]C101${item.barcode.padStart(14, '0')}1727123110L-77`;

/** mulberry32: a small seeded generator, so a failing run can be run again from its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  constructor(readonly next: () => number) {}
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** The forms a scanner sends one item's code in, each one the desk must read as that item. */
export type CodeForm = 'sku' | 'barcode' | 'gtin14' | 'gs1' | 'gs1-aim' | 'gs1-dm' | 'ean-aim';

export function itemCode(item: SoakItem, form: CodeForm): string {
  const gtin14 = item.barcode.padStart(14, '0');
  switch (form) {
    case 'sku':
      return item.sku;
    case 'barcode':
      return item.barcode;
    case 'gtin14':
      return gtin14;
    case 'gs1':
      return `01${gtin14}17271231`;
    case 'gs1-aim':
      // A variable-length serial ends with GS (Ctrl+]) before the next element.
      return `]C101${gtin14}21S${item.id}${GS}17271231`;
    case 'gs1-dm':
      return `]d201${gtin14}17271231`;
    case 'ean-aim':
      return item.barcode.length === 13 ? `]E0${item.barcode}` : `]C0${item.barcode}`;
  }
}

/** The forms one item can be scanned in (a GTIN form only for an item whose barcode is a GTIN). */
export function formsOf(item: SoakItem): CodeForm[] {
  return isValidGtin(item.barcode) ? ['sku', 'barcode', 'gtin14', 'gs1', 'gs1-aim', 'gs1-dm', 'ean-aim'] : ['sku'];
}

/** Items a scan finds exactly one of: active, not bundles, a SKU and a barcode no other item shares. */
export async function soakData(host: BrowserHost): Promise<SoakData> {
  const inventory = await host.core.emulator.control.data('inventory');
  const count = new Map<string, number>();
  for (const i of inventory) for (const c of [i.sku, i.barcode, i.barcode.padStart(14, '0')]) count.set(c, (count.get(c) ?? 0) + 1);
  const items = inventory
    .filter((i) => i.is_active && !i.is_bundle && !i.is_digital && !i.is_lot && /^[A-Z0-9-]{4,}$/.test(i.sku))
    .filter((i) => count.get(i.sku) === 1 && count.get(i.barcode) === 1 && count.get(i.barcode.padStart(14, '0')) === 1)
    .map((i) => ({ id: i.inventory_id, sku: i.sku, barcode: i.barcode, name: i.name }));
  const wroIds = (await host.core.emulator.control.data('receivingOrders')).map((w) => w.id);
  const lot = inventory.find((i) => i.is_active && !i.is_bundle && !i.is_digital && i.is_lot && /^\d{13}$/.test(i.barcode) && count.get(i.barcode) === 1);
  const dated = lot ? { id: lot.inventory_id, sku: lot.sku, barcode: lot.barcode, name: lot.name } : null;
  return { items, wroIds, dated };
}

/** Two processes that keep both cores busy, as the other programs of a slow desk PC do. */
export function busyCores(count = 2): () => void {
  const children: ChildProcess[] = [];
  for (let i = 0; i < count; i++) children.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  return () => {
    for (const c of children) c.kill('SIGKILL');
  };
}

// ---- Sending keys -----------------------------------------------------------------------------------

const sessions = new WeakMap<Page, Promise<CDPSession>>();
function cdpOf(page: Page): Promise<CDPSession> {
  let s = sessions.get(page);
  if (!s) {
    s = page.context().newCDPSession(page);
    sessions.set(page, s);
  }
  return s;
}

/** The last timestamp sent per page (ms since the epoch): keys never go back in time. */
const clocks = new WeakMap<Page, number>();

export interface Delivery {
  /** Hand the keys over in clumps: after these indexes of `keys`, wait `pauseMs` (a busy PC). */
  clumps?: number[];
  pauseMs?: number;
  /** Send each key at its own time, as a person's keys come (else all at once, as the OS buffers them). */
  realTime?: boolean;
  /**
   * The page's main thread busy this long right after the first clump's last key (a record drawing
   * on a slow PC): the rest is handed over only after that, as a busy browser hands them on.
   */
  stallMs?: number;
}

/**
 * Sends `keys` as real key events. Each carries its own timestamp (the episode's start plus its
 * `at`), which Chromium hands the page as `KeyboardEvent.timeStamp`, as an OS does a device's.
 */
export async function sendKeys(page: Page, keys: Timed[], delivery: Delivery = {}): Promise<void> {
  const cdp = await cdpOf(page);
  const cut = delivery.clumps?.length ? Math.min(...delivery.clumps) : -1;
  if (delivery.stallMs && cut >= 0) {
    // Busy in the handler of the cut key's release: that release, and so the next clump, waits.
    const releases = keys.slice(0, cut + 1).reduce((n, k) => n + (k.hold ? 2 : 1), 0);
    await page.evaluate(
      ({ releases, ms }) => {
        let seen = 0;
        const busy = () => {
          if (++seen !== releases) return;
          window.removeEventListener('keyup', busy, true);
          const end = performance.now() + ms;
          while (performance.now() < end);
        };
        window.addEventListener('keyup', busy, true);
      },
      { releases, ms: delivery.stallMs },
    );
  }
  const start = Math.max(Date.now(), (clocks.get(page) ?? 0) + 1);
  const sends: Array<Promise<unknown>> = [];
  const flush = async () => {
    await Promise.all(sends.splice(0));
  };
  let last = start;
  for (const [index, k] of keys.entries()) {
    const at = start + k.at;
    last = at;
    if (delivery.realTime) {
      const wait = at - Date.now();
      if (wait > 0) {
        await flush();
        await new Promise((r) => setTimeout(r, wait));
      }
    }
    const mods = k.stroke.modifiers | (k.hold === 'Alt' ? ALT : k.hold === 'Control' ? CTRL : 0);
    const base = { key: k.stroke.key, code: k.stroke.code, windowsVirtualKeyCode: k.stroke.vk, nativeVirtualKeyCode: k.stroke.vk };
    const ts = (ms: number) => ms / 1000;
    if (k.hold) {
      const m =
        k.hold === 'Alt'
          ? { key: 'Alt', code: 'AltLeft', windowsVirtualKeyCode: 18, nativeVirtualKeyCode: 18 }
          : { key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17, nativeVirtualKeyCode: 17 };
      sends.push(cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...m, modifiers: mods, timestamp: ts(at - 1) }));
      sends.push(cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...base, modifiers: mods, timestamp: ts(at) }));
      sends.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base, modifiers: mods, timestamp: ts(at + 0.5) }));
      sends.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...m, modifiers: 0, timestamp: ts(at + 0.7) }));
    } else {
      const text = k.stroke.text;
      sends.push(
        cdp.send('Input.dispatchKeyEvent', {
          type: text ? 'keyDown' : 'rawKeyDown',
          ...base,
          modifiers: mods,
          ...(text ? { text, unmodifiedText: text } : {}),
          timestamp: ts(at),
        }),
      );
      sends.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base, modifiers: mods, timestamp: ts(at + 0.5) }));
    }
    if (delivery.clumps?.includes(index)) {
      await flush();
      await new Promise((r) => setTimeout(r, delivery.pauseMs ?? 200));
    }
  }
  clocks.set(page, last + 1);
  await flush();
}

/** A scanner's burst: `code` at `msPerKey`, then Enter (or Tab), from `at`. */
export function scanKeys(code: string, msPerKey: number, at = 0, terminator: 'Enter' | 'Tab' = 'Enter'): Timed[] {
  const keys: Timed[] = [...code].map((ch, i) => ({ stroke: strokeFor(ch), at: at + i * msPerKey }));
  keys.push({ stroke: NAMED[terminator]!, at: at + code.length * msPerKey });
  return keys;
}

/** A person's typing: `text` with gaps drawn between `lo` and `hi` ms. */
export function typingKeys(rng: Rng, text: string, lo: number, hi: number, at = 0): Timed[] {
  let t = at;
  return [...text].map((ch, i) => {
    if (i > 0) t += rng.int(lo, hi);
    return { stroke: strokeFor(ch), at: t };
  });
}

export const key = (name: keyof typeof NAMED, at = 0): Timed => ({ stroke: NAMED[name]!, at });
export const altDigit = (digit: number, at = 0): Timed => ({
  stroke: { key: String(digit), code: `Digit${digit}`, vk: 48 + digit, modifiers: 0 },
  at,
  hold: 'Alt',
});
export const ctrlK = (at = 0): Timed => ({ stroke: { key: 'k', code: 'KeyK', vk: 75, modifiers: 0 }, at, hold: 'Control' });
export const shifted = SHIFT;

// ---- Reading the desk -------------------------------------------------------------------------------

export const address = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));

/** What has focus, for a failure's message. */
const focusOf = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'the page';
    const label = a.getAttribute('aria-label') ?? (a as HTMLInputElement).labels?.[0]?.textContent ?? a.textContent?.slice(0, 40) ?? '';
    return `${a.tagName.toLowerCase()}${(a as HTMLInputElement).type ? `[${(a as HTMLInputElement).type}]` : ''} "${label.trim()}" value=${JSON.stringify((a as HTMLInputElement).value ?? null)}`;
  });

/** The scan log's newest lines, for a failure's message. */
const lastScans = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="scan-cue"], [role="status"], [role="alert"]')]
      .map((e) => e.textContent?.trim())
      .filter(Boolean)
      .slice(-4),
  );

/** The scan log's newest entries as the clerk reads them (Alt+L), for a failure's message. */
async function scanLog(page: Page): Promise<string[]> {
  await sendKeys(page, [{ stroke: { key: 'l', code: 'KeyL', vk: 76, modifiers: 0 }, at: 0, hold: 'Alt' }]);
  const dialog = page.getByRole('dialog').last();
  const rows = await dialog
    .getByRole('row')
    .allInnerTexts()
    .catch(() => [] as string[]);
  await sendKeys(page, [key('Escape')]);
  return rows.slice(0, 6).map((r) => r.replace(/\s+/g, ' ').trim());
}

/** Polls `read` until `ok` or `ms` pass; answers the last value read. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<{ value: T; ok: boolean }> {
  const end = Date.now() + ms;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 25));
    value = await read();
  }
  return { value, ok: ok(value) };
}

/** The view has settled: its title is shown and focus is on one of its controls, not on the heading or nowhere. */
async function settled(page: Page, ms = 15_000): Promise<boolean> {
  const r = await until(
    () =>
      page.evaluate(() => {
        const a = document.activeElement;
        return a !== null && a !== document.body && a.tagName !== 'H1' && a.closest('#content') !== null && !document.querySelector('[role="dialog"]');
      }),
    (v) => v,
    ms,
  );
  return r.ok;
}

// ---- Episodes ---------------------------------------------------------------------------------------

export interface SoakFailure {
  seed: number;
  episode: number;
  what: string;
  expected: string;
  got: string;
}

export interface SoakResult {
  seed: number;
  operations: number;
  episodes: number;
  scans: number;
  words: number;
  /** Typed keys that did not arrive whole in their field (a missing, extra or changed key each count). */
  keysLost: number;
  /** Scans that reached their consumer cut in two, or only in part. */
  splitScans: number;
  /** Scans that reached another consumer, or none. */
  misrouted: number;
  /** Scans made with a date field's segment focused (intake's expiry): each must leave the date as it was. */
  fromDates: number;
  /** Scans right behind the camera's keys (F8 takes, F9 keeps): the keys move no focus, so the scan lands as it would have. */
  afterCameraKeys: number;
  /** Episodes run as on a desk PC many times slower (Chromium's CPU throttling, 4 to 20 times). */
  busyEpisodes: number;
  /**
   * Episodes begun right after the desk started again, each view's code held 1 to 5 s on its way
   * (as a PC just switched on reads it): the view asked for comes later than the desk waits for focus.
   */
  coldStarts: number;
  /** Scans during which the page was busy (0.5 to 2 s, or 5.5 to 7 s) between two clumps of their keys. */
  stalls: number;
  /** Scans whose rest the PC handed over 5.5 to 8 s late, the page idle meanwhile: cut, then completed. */
  lateRests: number;
  failures: SoakFailure[];
}

const VIEWS = [
  { digit: 0, title: 'Today', path: '/today' },
  { digit: 1, title: 'Receiving', path: '/receiving' },
  { digit: 2, title: 'Unidentified receipts', path: '/unidentified' },
  { digit: 3, title: 'Inventory', path: '/inventory' },
  { digit: 4, title: 'Lot exclusions', path: '/lots' },
  { digit: 5, title: 'Returns', path: '/returns' },
  { digit: 6, title: 'Settings', path: '/settings' },
] as const;

/**
 * The path on screen as an episode begins; from then on every address the page goes to is noted
 * (addresses.ts), for expectItemOpened's check that a scan went nowhere on its way.
 */
async function watchPaths(page: Page): Promise<string> {
  await recordAddresses(page);
  await visitedAddresses(page);
  return address(page).then((a) => a.split('?')[0]!);
}

/**
 * The paths gone to since watchPaths, each once. The view on screen then (`from`) may still write
 * its own address (a search's words) until the episode leaves it; once left, going back is a detour.
 */
async function pathsSince(page: Page, from: string): Promise<string[]> {
  const paths = (await visitedAddresses(page)).map((a) => a.split('?')[0]!);
  const left = paths.findIndex((p) => p !== from);
  return [...new Set(left < 0 ? [] : paths.slice(left))];
}

const WORDS = ['mug', 'box', 'coffee', 'serum', 'bottle', 'tea', 'lamp', 'kit', 'settings', 'receiving'];

interface Ctx {
  page: Page;
  rng: Rng;
  data: SoakData;
  result: SoakResult;
  episode: number;
  /** The path on screen as the episode began. */
  from: string;
}

/** How a scanner's keys reach the page: at once (the OS buffered them), or in clumps with a stall between. */
function scanDelivery(ctx: Ctx, keys: number): Delivery {
  const { rng } = ctx;
  if (!rng.chance(0.35)) return {};
  const cuts = new Set<number>();
  for (let i = rng.int(1, 2); i > 0; i--) cuts.add(rng.int(0, keys - 2));
  // Now and then the page itself is busy between the clumps: half the time briefly, half the time
  // longer than any of the desk's waits.
  const stallMs = rng.chance(0.2) ? (rng.chance(0.5) ? rng.int(500, 2000) : rng.int(5500, 7000)) : 0;
  if (stallMs) ctx.result.stalls++;
  // Or the PC hands the rest over only after the desk stopped waiting for it, the page idle meanwhile
  // (the browser's own process starved): the rest must still make the one whole scan.
  const late = !stallMs && rng.chance(0.1);
  if (late) ctx.result.lateRests++;
  return { clumps: [...cuts], pauseMs: late ? rng.int(5500, 8000) : rng.int(60, 400), ...(stallMs ? { stallMs } : {}) };
}

function scanOf(rng: Rng, data: SoakData): { item: SoakItem; code: string; msPerKey: number } {
  const item = rng.pick(data.items);
  return { item, code: itemCode(item, rng.pick(formsOf(item))), msPerKey: rng.pick([2, 5, 8, 10, 20, 40]) };
}

function fail(ctx: Ctx, what: string, expected: string, got: string, kind: 'lost' | 'split' | 'misrouted', keys = 0) {
  if (kind === 'lost') ctx.result.keysLost += Math.max(1, keys);
  else if (kind === 'split') ctx.result.splitScans++;
  else ctx.result.misrouted++;
  ctx.result.failures.push({ seed: ctx.result.seed, episode: ctx.episode, what, expected, got });
}

/**
 * A scan whose oracle is the item's page: it opened, whole (a split or cut code opens another item
 * or none), and on the way the page went nowhere but the item and the paths the episode's own keys
 * open (`via`: a path, or a prefix ending in "/").
 */
async function expectItemOpened(ctx: Ctx, what: string, item: SoakItem, code: string, via: string[] = []) {
  const want = `/inventory/items/${item.id}`;
  const r = await until(
    () => address(ctx.page),
    (a) => a.startsWith(want) || a.startsWith(`/lots/${item.id}`),
    12_000,
  );
  if (!r.ok) {
    const got = `${r.value}; focus ${await focusOf(ctx.page)}; ${(await lastScans(ctx.page)).join(' | ')}`;
    fail(ctx, `${what}: scan ${JSON.stringify(code)}`, want, got, /inventory\/items\/\d+/.test(r.value) ? 'split' : 'misrouted');
    return;
  }
  const allowed = (p: string) => p.startsWith(want) || p.startsWith(`/lots/${item.id}`) || via.some((v) => (v.endsWith('/') ? p.startsWith(v) : p === v));
  const detours = (await pathsSince(ctx.page, ctx.from)).filter((p) => !allowed(p));
  if (detours.length > 0)
    fail(ctx, `${what}: scan ${JSON.stringify(code)}`, `${want} by way of ${via.join(', ') || 'nothing'}`, `by way of ${detours.join(', ')}`, 'misrouted');
}

/** Opens a view by its shortcut and waits until it has settled (the start of most episodes). */
async function toView(ctx: Ctx, digit: number) {
  await sendKeys(ctx.page, [altDigit(digit)]);
  ctx.result.operations++;
  const title = VIEWS.find((v) => v.digit === digit)!.title;
  await until(
    () => ctx.page.evaluate(() => document.querySelector('h1')?.textContent ?? ''),
    (t) => t === title,
    15_000,
  );
  await settled(ctx.page);
}

/** The data of a scan as a field shows it: no AIM prefix, no control codes. */
function visibleData(code: string): string {
  // eslint-disable-next-line no-control-regex
  return code.replace(/^\][A-Za-z][0-9A-Za-z]/, '').replace(/[\x00-\x1f]/g, '');
}

/**
 * A scan made as `digit`'s view opens: everywhere the item's page opens, but on Unidentified receipts
 * when focus is in its search (a receipt's barcode is what that view scans for; a view returned to
 * puts focus on the row left instead), where the search takes the code whole.
 */
async function expectScanInView(ctx: Ctx, what: string, digit: number, item: SoakItem, code: string) {
  if (digit !== 2) return expectItemOpened(ctx, what, item, code, [VIEWS.find((v) => v.digit === digit)!.path]);
  const want = `/unidentified?q=${visibleData(code)}`;
  const opened = `/inventory/items/${item.id}`;
  const r = await until(
    () => address(ctx.page),
    (a) => a === want || a.startsWith(opened),
    12_000,
  );
  if (!r.ok) {
    const got = `${r.value}; focus ${await focusOf(ctx.page)}; ${(await lastScans(ctx.page)).join(' | ')}`;
    fail(ctx, `${what}: scan ${JSON.stringify(code)}`, `${want} or ${opened}`, got, r.value.startsWith('/unidentified?q=') ? 'split' : 'misrouted');
  }
}

/** A view's shortcut and a scan right behind it (0 to 40 ms): the scan belongs to the new view. */
async function shortcutThenScan(ctx: Ctx) {
  const view = ctx.rng.pick(VIEWS);
  const { item, code, msPerKey } = scanOf(ctx.rng, ctx.data);
  const gap = ctx.rng.int(0, 40);
  const keys = [altDigit(view.digit), ...scanKeys(code, msPerKey, gap)];
  await sendKeys(ctx.page, keys, scanDelivery(ctx, keys.length));
  ctx.result.operations += 2;
  ctx.result.scans++;
  await expectScanInView(ctx, `Alt+${view.digit} then at once`, view.digit, item, code);
  await settled(ctx.page);
}

/** Enter on the receiving list's row (the order opens) and a scan right behind it. */
async function openRecordThenScan(ctx: Ctx) {
  await toView(ctx, 1);
  const { item, code, msPerKey } = scanOf(ctx.rng, ctx.data);
  const keys = [key('ArrowDown'), key('Enter', 30), ...scanKeys(code, msPerKey, 30 + ctx.rng.int(0, 40))];
  await sendKeys(ctx.page, keys, scanDelivery(ctx, keys.length));
  ctx.result.operations += 3;
  ctx.result.scans++;
  await expectItemOpened(ctx, 'an order opened with Enter, then at once', item, code, ['/receiving', '/receiving/']);
  await settled(ctx.page);
}

/** An order opened by scanning its id, then an item scanned at once. */
async function scanRecordThenScan(ctx: Ctx) {
  await toView(ctx, 1);
  const wro = ctx.rng.pick(ctx.data.wroIds);
  const { item, code, msPerKey } = scanOf(ctx.rng, ctx.data);
  const first = scanKeys(String(wro), 5);
  const keys = [...first, ...scanKeys(code, msPerKey, first.at(-1)!.at + ctx.rng.int(120, 200))];
  await sendKeys(ctx.page, keys);
  ctx.result.operations += 2;
  ctx.result.scans += 2;
  await expectItemOpened(ctx, `on Receiving, order ${wro} scanned, then`, item, code, ['/receiving', `/receiving/${wro}`]);
  await settled(ctx.page);
}

/** The palette opened, a few letters typed, closed; a view's shortcut and a scan at once. */
async function paletteThenScan(ctx: Ctx) {
  const word = ctx.rng.pick(WORDS);
  const typed = typingKeys(ctx.rng, word, 30, 200, 150);
  await sendKeys(ctx.page, [ctrlK(), ...typed], { realTime: true });
  const escAt = 200;
  const view = ctx.rng.pick(VIEWS);
  const { item, code, msPerKey } = scanOf(ctx.rng, ctx.data);
  await sendKeys(ctx.page, [key('Escape', 0), altDigit(view.digit, escAt), ...scanKeys(code, msPerKey, escAt + ctx.rng.int(0, 40))], { realTime: false });
  ctx.result.operations += 5;
  ctx.result.scans++;
  ctx.result.words++;
  await expectScanInView(ctx, `palette "${word}", Escape, Alt+${view.digit}, then at once`, view.digit, item, code);
  await settled(ctx.page);
}

/** Inventory's shortcut and a word typed at once, or `/` and a word: the word is in the search, whole. */
async function wordIntoSearch(ctx: Ctx) {
  const word = ctx.rng.pick(WORDS);
  const slash = ctx.rng.chance(0.5);
  if (slash) await toView(ctx, 3);
  const start = slash ? [{ stroke: strokeFor('/'), at: 0 }] : [altDigit(3)];
  await sendKeys(ctx.page, [...start, ...typingKeys(ctx.rng, word, 30, 200, ctx.rng.int(10, 60))], { realTime: true });
  ctx.result.operations += 2;
  ctx.result.words++;
  const field = ctx.page.getByRole('searchbox', { name: 'Item' });
  const r = await until(
    () => field.inputValue().catch(() => '<no search field>'),
    (v) => v === word,
    8_000,
  );
  if (!r.ok) fail(ctx, `${slash ? '/' : 'Alt+3'} then "${word}" typed`, word, `${r.value}; focus ${await focusOf(ctx.page)}`, 'lost', word.length);
  await settled(ctx.page);
}

export const VIEW_EPISODES = [shortcutThenScan, shortcutThenScan, openRecordThenScan, scanRecordThenScan, paletteThenScan, wordIntoSearch];
/** Those whose first key is a view's shortcut: right after a start, the view it opens is still on its way. */
const COLD_EPISODES = [shortcutThenScan, wordIntoSearch];

/** The desk started again (its window reloaded, the session kept): back once a view's title shows. */
async function startAgain(page: Page) {
  await page.reload();
  await until(
    () => page.evaluate(() => document.querySelector('#content h1')?.textContent ?? ''),
    (t) => t !== '',
    30_000,
  );
}

/** Return intake's lines: units per line, and each line's label (its item's name and SKU). */
const intakeLines = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableRowElement>('tr[data-testid^="intake-line-"]')].map((tr) => {
      const q = tr.querySelector<HTMLInputElement>('input.qty');
      return { label: q?.getAttribute('aria-label') ?? '', quantity: Number(q?.value ?? 0) };
    }),
  );

const unitsOf = (lines: { label: string; quantity: number }[], sku: string) =>
  lines.filter((l) => l.label.includes(`(${sku})`)).reduce((n, l) => n + l.quantity, 0);
const allUnits = (lines: { quantity: number }[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** Return intake's date fields (a line's expiry): each one's value as the form holds it. */
const intakeDates = (page: Page) => page.locator('tr[data-testid^="intake-line-"] .expiry').evaluateAll((es) => es.map((e) => e.getAttribute('data-value')));

/**
 * Return intake: a scan with the scan field focused, right after a quantity was corrected (the
 * quantity box still focused), or with a line's expiry date focused (one of its segments): the scan
 * adds a line or one more of its item; the typed quantity stays, and so does the date.
 */
async function intakeScan(ctx: Ctx) {
  const { page, rng } = ctx;
  const before = await intakeLines(page);
  const datesBefore = await intakeDates(page);
  // Now and then a lot item's GS1 label: its line has an expiry date, a field the next scans may start in.
  const dated = ctx.data.dated && rng.chance(datesBefore.length === 0 ? 0.3 : 0.1) ? ctx.data.dated : null;
  const { item, code, msPerKey } = dated ? { item: dated, code: datedCode(dated), msPerKey: rng.pick([2, 5, 8]) } : scanOf(rng, ctx.data);
  let typedAt: number | null = null;
  let dateAt: number | null = null;
  let typed = 0;
  if (datesBefore.length > 0 && rng.chance(0.25)) {
    dateAt = rng.int(0, datesBefore.length - 1);
    const segments = page.locator('tr[data-testid^="intake-line-"] .expiry').nth(dateAt).getByRole('spinbutton');
    await segments.nth(rng.int(0, (await segments.count()) - 1)).click({ timeout: 10_000 });
    ctx.result.fromDates++;
  } else if (before.length > 0 && rng.chance(0.6)) {
    typedAt = rng.int(0, before.length - 1);
    await page.locator('tr[data-testid^="intake-line-"] input.qty').nth(typedAt).click({ timeout: 10_000 });
    await page.keyboard.press('Control+A');
    typed = rng.int(1, 9);
    await sendKeys(page, typingKeys(rng, String(typed), 30, 200), { realTime: true });
    ctx.result.operations++;
    ctx.result.words++;
  } else {
    await page.getByLabel('Scan items').click({ timeout: 10_000 });
  }
  // Now and then the camera's key first (this browser has no camera: F8 says so and F9 has nothing to keep).
  const cameraKey = rng.chance(0.15) ? rng.pick(['F8', 'F9']) : null;
  if (cameraKey) {
    await page.keyboard.press(cameraKey);
    ctx.result.operations++;
    ctx.result.afterCameraKeys++;
  }
  const keys = scanKeys(code, msPerKey, rng.int(cameraKey ? 0 : 150, 400));
  await sendKeys(page, keys, scanDelivery(ctx, keys.length));
  ctx.result.operations++;
  ctx.result.scans++;
  const expected = before.map((l, i) => ({ ...l, quantity: i === typedAt ? typed : l.quantity }));
  const wantItem = unitsOf(expected, item.sku) + 1;
  const wantAll = allUnits(expected) + 1;
  const r = await until(
    () => intakeLines(page),
    (lines) => unitsOf(lines, item.sku) === wantItem && allUnits(lines) === wantAll,
    12_000,
  );
  const datesAfter = await intakeDates(page);
  const changed = datesBefore.findIndex((d, i) => datesAfter[i] !== d);
  if (r.ok && changed >= 0) {
    fail(
      ctx,
      `intake, ${dateAt === null ? 'no date focused' : `expiry of line ${dateAt + 1} focused`}, scan ${JSON.stringify(code)}`,
      `the expiry of line ${changed + 1} still ${datesBefore[changed]}`,
      `${datesAfter[changed]}; focus ${await focusOf(page)}`,
      'misrouted',
    );
  }
  if (!r.ok) {
    const got = `${unitsOf(r.value, item.sku)} of ${item.sku}, ${allUnits(r.value)} units in all; focus ${await focusOf(page)}; ${(await lastScans(page)).join(' | ')}`;
    const typedLost = typedAt !== null && r.value[typedAt]?.quantity !== (item.sku && r.value[typedAt]?.label.includes(`(${item.sku})`) ? typed + 1 : typed);
    fail(
      ctx,
      `intake, ${dateAt !== null ? `expiry of line ${dateAt + 1} focused` : typedAt === null ? 'scan field' : `quantity ${typed} typed into line ${typedAt + 1}`}${cameraKey ? `, ${cameraKey}` : ''}, scan ${JSON.stringify(code)}`,
      `${wantItem} of ${item.sku}, ${wantAll} units`,
      got,
      typedLost ? 'lost' : 'misrouted',
    );
  }
}

/** The receiving form's box 1: each line's quantity. */
const boxLines = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[role="group"][aria-label^="Box 1 item "]')].map((g) => {
      const inputs = [...g.querySelectorAll<HTMLInputElement>('input')];
      const q = inputs.find((i) => i.type === 'number');
      // A line with no item yet (a new form's first) holds no units: a scan fills it.
      return { code: inputs[0]?.value ?? '', quantity: inputs[0]?.value ? Number(q?.value ?? 0) : 0 };
    }),
  );

/**
 * The receiving form: a scan into box 1's scan field at 5 or 10 ms a key, or right after a line's
 * quantity was typed (its box still focused): one more unit in box 1; the scan field is empty after.
 */
async function formScan(ctx: Ctx) {
  const { page, rng } = ctx;
  const before = await boxLines(page);
  const { code } = scanOf(rng, ctx.data);
  const msPerKey = rng.pick([5, 10]);
  let typedAt: number | null = null;
  let typed = 0;
  const withItems = before.flatMap((l, i) => (l.code ? [i] : []));
  if (withItems.length > 0 && rng.chance(0.5)) {
    typedAt = rng.pick(withItems);
    await page
      .getByRole('group', { name: `Box 1 item ${typedAt + 1}`, exact: true })
      .getByLabel('Quantity', { exact: true })
      .click();
    await page.keyboard.press('Control+A');
    typed = rng.int(1, 9);
    await sendKeys(page, typingKeys(rng, String(typed), 30, 200), { realTime: true });
    ctx.result.operations++;
    ctx.result.words++;
  } else {
    await page.getByLabel('Scan an item into box 1').click({ timeout: 10_000 });
  }
  const keys = scanKeys(code, msPerKey, rng.int(150, 400));
  await sendKeys(page, keys, scanDelivery(ctx, keys.length));
  ctx.result.operations++;
  ctx.result.scans++;
  const expected = allUnits(before.map((l, i) => ({ quantity: i === typedAt ? typed : l.quantity }))) + 1;
  const scanField = page.getByLabel('Scan an item into box 1');
  const r = await until(
    async () => ({ lines: await boxLines(page), field: await scanField.inputValue() }),
    (v) => allUnits(v.lines) === expected && v.field === '',
    12_000,
  );
  if (!r.ok) {
    fail(
      ctx,
      `receiving form, ${typedAt === null ? 'box scan field' : `quantity ${typed} typed into line ${typedAt + 1}`}, scan ${JSON.stringify(code)} at ${msPerKey} ms`,
      `${expected} units in box 1, scan field empty`,
      `${allUnits(r.value.lines)} units, scan field ${JSON.stringify(r.value.field)}; focus ${await focusOf(page)}; ${(await lastScans(page)).join(' | ')}`,
      r.value.field !== '' ? 'split' : 'misrouted',
    );
  }
}

/** The page's main thread `rate` times slower (1: as it is). */
async function slowPage(page: Page, rate: number) {
  await (await cdpOf(page)).send('Emulation.setCPUThrottlingRate', { rate });
}

export interface SoakOptions {
  seed: number;
  operations: number;
  /** Stop at the first failure (a test), or count them all (the bench). */
  stopOnFailure: boolean;
  log?: (line: string) => void;
}

/**
 * Runs episodes until `operations` key operations are done: the views (shortcuts, records, the
 * palette, the search), then return intake, then the receiving form, in turns of a few episodes.
 */
export async function runKeySoak(page: Page, data: SoakData, options: SoakOptions): Promise<SoakResult> {
  const rng = new Rng(seeded(options.seed));
  const result: SoakResult = {
    seed: options.seed,
    operations: 0,
    episodes: 0,
    scans: 0,
    words: 0,
    keysLost: 0,
    splitScans: 0,
    misrouted: 0,
    fromDates: 0,
    afterCameraKeys: 0,
    busyEpisodes: 0,
    coldStarts: 0,
    stalls: 0,
    lateRests: 0,
    failures: [],
  };
  // The views' code, loaded as the desk starts and on a first visit: held `codeHeldMs` on its way.
  let codeHeldMs = 0;
  const lazyCode = /\/assets\/(?!index-)[^/]+\.js$/;
  const holdCode = async (route: Route) => {
    if (codeHeldMs > 0) await new Promise((r) => setTimeout(r, codeHeldMs));
    await route.continue();
  };
  await page.route(lazyCode, holdCode);
  try {
    const ctx: Ctx = { page, rng, data, result, episode: 0, from: '' };
    const segments = ['views', 'intake', 'form'] as const;
    let segment = 0;
    while (result.operations < options.operations) {
      const kind = segments[segment++ % segments.length]!;
      const length = rng.int(4, 10);
      if (kind === 'intake') {
        await page.evaluate(() => (window.location.hash = '#/returns/new'));
        await until(
          () => page.evaluate(() => document.querySelector('h1')?.textContent ?? ''),
          (t) => t === 'Return intake',
          15_000,
        );
        // A fresh return when this one grows long, so the lines stay on screen.
        if ((await intakeLines(page)).length > 12) await page.evaluate(() => (window.location.hash = '#/returns/new'));
      } else if (kind === 'form') {
        await page.evaluate(() => (window.location.hash = '#/receiving/new'));
        await until(
          () => page.evaluate(() => document.querySelector('h1')?.textContent ?? ''),
          (t) => t === 'New receiving order',
          15_000,
        );
      }
      if (kind !== 'views') await settled(page);
      for (let i = 0; i < length && result.operations < options.operations; i++) {
        ctx.episode = ++result.episodes;
        const failuresBefore = result.failures.length;
        const began = Date.now();
        // A turn of the views may begin as the desk starts again, its first keys at once.
        const cold = kind === 'views' && i === 0 && rng.chance(0.2);
        let held = 0;
        const episode = cold ? rng.pick(COLD_EPISODES) : kind === 'views' ? rng.pick(VIEW_EPISODES) : kind === 'intake' ? intakeScan : formScan;
        if (cold) {
          held = rng.int(1000, 5000);
          codeHeldMs = held;
          result.coldStarts++;
          await startAgain(page);
        }
        ctx.from = await watchPaths(page);
        // Now and then a moment when the PC is busy with something else: every view takes many
        // frames to open, longer than the desk waits for a view to choose focus.
        const slowdown = rng.chance(0.1) ? rng.pick([4, 8, 20]) : 1;
        if (slowdown > 1) result.busyEpisodes++;
        await slowPage(page, slowdown);
        try {
          await episode(ctx);
        } finally {
          await slowPage(page, 1);
          codeHeldMs = 0;
        }
        if (process.env.DOCKDESK_SOAK_TRACE) options.log?.(`episode ${ctx.episode} ${episode.name}: ${Date.now() - began} ms, ${result.operations} operations`);
        if (result.failures.length > failuresBefore) {
          const f = result.failures.at(-1)!;
          const moment = [cold ? `right after a start, code held ${held} ms` : '', slowdown > 1 ? `page ${slowdown} times slower` : '']
            .filter(Boolean)
            .join(', ');
          options.log?.(`seed ${f.seed}, episode ${f.episode}${moment ? ` (${moment})` : ''}: ${f.what}: expected ${f.expected}; got ${f.got}`);
          options.log?.(`  scan log: ${(await scanLog(page)).join(' | ')}`);
          if (options.stopOnFailure) return result;
          // Out of whatever the failure left open (a chooser, the palette), back to a list, and on
          // to the next turn.
          await sendKeys(page, [key('Escape'), key('Escape', 50)]);
          await toView(ctx, 1);
          break;
        }
      }
      if (kind !== 'views') {
        // Leave the form through its own question: keep the draft for later.
        await toView(ctx, 1);
      }
    }
    return result;
  } finally {
    await page.unroute(lazyCode, holdCode);
  }
}
