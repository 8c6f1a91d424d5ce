import type { Page } from '@playwright/test';

/**
 * Every address the window goes to, noted in the page as it happens: the router moves by pushState
 * and replaceState (no hashchange), a link or a typed address by hashchange. A scan that reaches
 * its record by way of another view (a tile or a row its keys opened) shows here, even when it
 * arrives.
 */
export async function recordAddresses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { visitedAddresses?: string[] };
    if (w.visitedAddresses) return;
    w.visitedAddresses = [];
    const note = () => w.visitedAddresses!.push(decodeURIComponent(window.location.hash.slice(1)));
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        note();
      };
    }
    window.addEventListener('hashchange', note);
  });
}

/** The addresses gone to since the last call (or since recordAddresses), in order; the record starts afresh. */
export async function visitedAddresses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = window as unknown as { visitedAddresses?: string[] };
    const seen = w.visitedAddresses ?? [];
    if (w.visitedAddresses) w.visitedAddresses = [];
    return seen;
  });
}
