import { withBrowserSession } from './browser-session.js';
import { summarize } from './stats.js';

/**
 * Scan-to-view in Chromium against the browser host: a WRO id typed as a keyboard-wedge scanner
 * types it (5 ms per key, then Enter), timed inside the page from just before Enter is sent to the
 * frame after that record's heading appears. (The scan's keys are consumed by the keyboard module
 * before any other listener sees them, so the clock is started by the bench, one CDP round trip
 * early: the figure errs long.) Includes the scan router's lookup over IPC and the emulator. Needs a
 * built renderer.
 */
const RUNS = Number(process.env.BENCH_SCAN_RUNS ?? 40);

/** Runs in the page as text: arms a measurement from the next Enter to the frame showing `heading`. */
const arm = (heading: string) => `window.__dockdeskEnterAt = 0;
window.__dockdeskScan = new Promise((resolve) => {
  const shown = () => [...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === ${JSON.stringify(heading)});
  // Checked every frame: the first frame that has the heading is the one that shows it.
  const tick = () => (window.__dockdeskEnterAt && shown() ? resolve(performance.now() - window.__dockdeskEnterAt) : requestAnimationFrame(tick));
  requestAnimationFrame(tick);
}); true`;

export async function benchScanToView(): Promise<Record<string, unknown>> {
  // 45 scans in a minute or two, each a few requests, would wait on the 140-a-minute budget: raised, as in the sync bench.
  return withBrowserSession('scan', { localEmulator: { rateLimit: { enabled: false } }, requestBudgetPerMinute: 1_000_000 }, async ({ openDesk }) => {
    const page = await openDesk('Alt+1');
    const firstRow = page.locator('tbody tr[aria-rowindex]').first();
    await firstRow.waitFor();
    const ids = (await page.locator('tbody tr[aria-rowindex] td:first-child').allInnerTexts()).map((t) => t.trim()).slice(0, 10);

    const samples: number[] = [];
    for (let i = 0; i < RUNS + 5; i++) {
      const id = ids[i % ids.length]!;
      await page.keyboard.press('Alt+1');
      await firstRow.waitFor();
      await page.evaluate(arm(`Receiving order ${id}`));
      await page.keyboard.type(id, { delay: 5 });
      await page.evaluate('window.__dockdeskEnterAt = performance.now()');
      await page.keyboard.press('Enter');
      let timer: ReturnType<typeof setTimeout> | undefined;
      const ms = await Promise.race([
        page.evaluate<number>('window.__dockdeskScan'),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`bench: the scan of ${id} did not open its view within 10 s`)), 10_000);
        }),
      ]).finally(() => clearTimeout(timer));
      if (i >= 5) samples.push(ms);
    }
    return {
      scanToView: {
        description: 'WRO id scanned at 5 ms per key + Enter, from Enter to the frame showing that record (Chromium, browser host)',
        unit: 'ms',
        target: '< 100 (p95)',
        ...summarize(samples),
      },
    };
  });
}
