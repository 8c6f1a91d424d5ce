import { expect, type Page } from '@playwright/test';
import type { BrowserHost } from '../../electron/host/browser-host.js';
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
  lots: { lot_number: string; expiration_date: string | null; on_hand_quantity: number; location_id: number }[];
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
