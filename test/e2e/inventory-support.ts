import { expect, type Page } from '@playwright/test';
import type { BrowserHost } from '../../electron/host/browser-host.js';
import { keyPause, scanCode } from './scanner.js';
import { service, type Service } from './service.js';

/**
 * Shared by the inventory desk's e2e specs: the host emulator's own HTTP API (as another system sees
 * the service, with a personal access token), its control API, and waiting for the first cache sync.
 */
export async function serviceApi(host: BrowserHost): Promise<Service> {
  return service(host.core.emulator.url, 'e2e-inventory');
}

export interface LocationLevelItem {
  inventory_id: number;
  sku: string;
  name: string;
  locations: { location_id: number; location_name: string | null; on_hand_quantity: number }[];
}
export interface LotLevelItem {
  inventory_id: number;
  sku: string;
  name: string;
  /** As published (Inventory.InventoryQuantityLotResponse): the lot's expiry is `lot_date`. */
  lots: { lot_number: string; lot_date: string | null; on_hand_quantity: number; locations: { location_id: number; on_hand_quantity: number }[] | null }[];
}

/** Every page of a cursor-paged list of the emulator's API (the `next` link until null). */
export async function allPages<T>(api: Service, path: string): Promise<T[]> {
  const items: T[] = [];
  let next: string | null = path;
  while (next) {
    const page: { items: T[]; next: string | null } = await api.call('GET', next);
    items.push(...page.items);
    next = page.next ? new URL(page.next, 'http://x').pathname + new URL(page.next, 'http://x').search : null;
  }
  return items;
}

/** The inventory cache's first full sync (started by sign-in) has completed. */
export async function waitForFirstSync(host: BrowserHost): Promise<void> {
  await expect.poll(() => host.core.inventory.status().lastCompletedAt, { timeout: 60_000 }).not.toBeNull();
}

/** Opens an in-app address the way a link does (the launch secret stays in the tab's session). */
export async function openAddress(page: Page, address: string): Promise<void> {
  await page.evaluate((hash) => (window.location.hash = hash), address);
}

/** Presses Tab until the focused control's name matches, at most `limit` times (a keyboard user's way there). */
export async function tabTo(page: Page, name: RegExp, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el?.matches('button, a[href], input, [role="option"], [role="tab"], [tabindex="0"]')) return '';
      const labelled = el.getAttribute('aria-labelledby');
      const byId = labelled
        ? labelled
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '';
      const input = el instanceof HTMLInputElement ? (el.labels?.[0]?.textContent ?? '') : '';
      return `${el.getAttribute('aria-label') ?? ''} ${byId} ${input} ${el instanceof HTMLInputElement ? '' : (el.textContent ?? '')}`.trim();
    });
    if (name.test(label)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/**
 * Whole days from today in `timeZone` (the machine's when not given; pass the browser's) to the day a
 * lot's expiry names, its date as written: a lot is marked expired when this is negative.
 */
export function daysUntilExpiry(expiration: string, timeZone?: string): number {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return Math.round((Date.parse(expiration.slice(0, 10)) - Date.parse(today)) / 86_400_000);
}

// The Inventory workspace's search field, as the inventory specs reach it.

export const searchField = (page: Page) => page.getByRole('searchbox', { name: 'Item' });
export const results = (page: Page) => page.getByRole('table', { name: 'Inventory items' });
export const address = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));

/** Alt+3 opens Inventory, `/` goes to its search field with the text selected (typing replaces it). */
export async function toSearch(page: Page) {
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  // Already in the field (Alt+3 from Inventory itself keeps focus): step out, as `/` types a slash there.
  if (await searchField(page).evaluate((el) => el === document.activeElement)) await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('/');
  await expect(searchField(page)).toBeFocused();
  // `/` selects what the field holds, so what is typed next replaces it.
  await expect.poll(() => searchField(page).evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart! === el.value.length)).toBe(true);
}

/** A keyboard-wedge scanner: every character a key event at `msPerKey`, GS as Ctrl+], then Enter. */
export async function scan(page: Page, code: string, msPerKey = 5) {
  // A person's pause before pulling the trigger: the last key they pressed is not part of the scan.
  await keyPause(page, 400);
  await scanCode(page, code, { msPerKey });
}

/** Settings → Lots: the expiry threshold, saved. */
export async function setExpiryThreshold(page: Page, days: number): Promise<void> {
  await openAddress(page, '/settings');
  const field = page.getByLabel('Mark lots that expire within');
  await field.fill(String(days));
  await field.press('Enter');
  await expect(page.getByText('Saved.')).toBeVisible({ timeout: 15_000 });
}
