import type { Page } from '@playwright/test';

/**
 * Times measured inside the page, from a key press to the frame that shows what it asked for, as
 * test/bench/views.ts does (its ARM): the start is the key's keydown, the end the first animation
 * frame after the page's DOM holds the awaited content (that frame paints it; the paint itself and
 * the compositor are not in the figure). Nothing of Playwright's own round trips is in it.
 *
 * The keys are recorded by a listener installed before the desk's scripts (an init script): the
 * desk's scan interceptor stops a scan's keys in the window's capture phase, so a listener added
 * later would never see them. A key's start is the earlier of its event's `timeStamp` and the
 * moment the page handled it: the scanner helper gives each key of a burst its own timestamp, which
 * can run ahead of the moment Chromium delivers it, and the earlier start is the longer, honest figure.
 */

interface KeySeen {
  key: string;
  timeStamp: number;
  handledAt: number;
}

declare global {
  interface Window {
    __dockdeskKeys?: KeySeen[];
    __dockdeskTimed?: Promise<{ ms: number; deliveredLateMs: number }>;
  }
}

/** Records every keydown from now on, on every document the page loads. */
export async function recordKeys(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__dockdeskKeys = [];
    window.addEventListener('keydown', (e) => window.__dockdeskKeys!.push({ key: e.key, timeStamp: e.timeStamp, handledAt: performance.now() }), {
      capture: true,
    });
  });
}

/** What the page must show: an element matching `selector`, holding `text` when given. */
export interface Shown {
  selector: string;
  text?: string;
}

/**
 * Arms the measurement of the next Enter: from its keydown to the frame after every one of `shown`
 * is in the DOM. Armed before the key is sent and read after (`timed`), so the watch surely started
 * first.
 */
export async function armEnter(page: Page, shown: readonly Shown[]): Promise<void> {
  await page.evaluate((wanted) => {
    const from = window.__dockdeskKeys!.length;
    const there = () =>
      wanted.every(({ selector, text }) => [...document.querySelectorAll(selector)].some((e) => text === undefined || (e.textContent ?? '').includes(text)));
    window.__dockdeskTimed = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const enter = window.__dockdeskKeys!.slice(from).find((k) => k.key === 'Enter');
        if (!enter || !there()) return;
        observer.disconnect();
        const start = Math.min(enter.timeStamp, enter.handledAt);
        requestAnimationFrame(() => resolve({ ms: performance.now() - start, deliveredLateMs: enter.handledAt - enter.timeStamp }));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
      // Never shown: an infinite time, for the test's assertion to say so rather than hang.
      setTimeout(() => {
        observer.disconnect();
        resolve({ ms: Infinity, deliveredLateMs: NaN });
      }, 20_000);
    });
  }, shown);
}

/** The armed measurement, once what it waits for has been shown. */
export async function timed(page: Page): Promise<{ ms: number; deliveredLateMs: number }> {
  return page.evaluate(() => window.__dockdeskTimed!);
}
