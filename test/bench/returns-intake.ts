import type { Page } from '@playwright/test';
import { withBrowserSession } from './browser-session.js';
import { summarize } from './stats.js';

/**
 * Return intake at the scanner, in Chromium against the browser host:
 * - scan-to-line: an item's barcode typed at 5 ms per key, timed inside the page from just before
 *   Enter is sent to the first frame showing the new line (item looked up in the inventory cache over
 *   the bridge, line drawn; the draft save runs behind it). The clock starts one CDP round trip early:
 *   the figure errs long.
 * - a burst: 200 scans back to back at 2 ms per key, no waiting between them; afterwards every scan
 *   must be on a line (no scan lost, none garbled into a refused or wrong code, nothing left typed).
 * Needs a built renderer.
 */
const RUNS = Number(process.env.BENCH_INTAKE_RUNS ?? 40);
const BURST = 200;

const armLine = (testId: string) => `window.__ddEnterAt = 0;
window.__ddLine = new Promise((resolve) => {
  const tick = () => (window.__ddEnterAt && document.querySelector('[data-testid="${testId}"]') ? resolve(performance.now() - window.__ddEnterAt) : requestAnimationFrame(tick));
  requestAnimationFrame(tick);
}); true`;

async function openFreshIntake(page: Page): Promise<void> {
  await page.evaluate("window.location.hash = '#/returns/new'");
  await page.getByRole('heading', { level: 1, name: 'Return intake' }).waitFor();
  await page.getByLabel('Tracking number').focus();
  await page.keyboard.type('1ZBENCH0001', { delay: 5 });
  await page.keyboard.press('Enter');
  await page.locator('#intake-item:focus').waitFor();
}

export async function benchReturnIntake(): Promise<Record<string, unknown>> {
  return withBrowserSession('intake', {}, async ({ host, openDesk }) => {
    // Setup, not timed: the inventory cache's first sync.
    for (let i = 0; ; i++) {
      const status = await host.core.dispatch('inventory.syncStatus', {});
      const value = status.ok ? (status.value as { state: string; freshness: { syncedAt: string | null } }) : null;
      if (value && value.freshness.syncedAt !== null && value.state === 'idle') break;
      if (i > 600) throw new Error('bench: the inventory cache never synced');
      await new Promise((r) => setTimeout(r, 100));
    }
    const items = (await host.core.emulator.control.data('inventory'))
      .filter((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot && /^\d{13}$/.test(i.barcode))
      .map((i) => ({ sku: i.sku, barcode: i.barcode }));
    if (items.length < RUNS + 5) throw new Error(`bench: only ${items.length} plain items to scan`);

    const page = await openDesk();
    await openFreshIntake(page);

    // A scan the page cut in two (a stall of the machine longer than the detector's gap) makes no
    // line: counted as garbled, the field cleared, and the run goes on with the next item.
    const samples: number[] = [];
    let garbled = 0;
    const garbledSaid: string[] = [];
    for (let i = 0, line = 0; line < RUNS + 5 && i < items.length; i++) {
      await page.evaluate(armLine(`intake-line-${line}`));
      await page.keyboard.type(items[i]!.barcode, { delay: 5 });
      await page.evaluate('window.__ddEnterAt = performance.now()');
      await page.keyboard.press('Enter');
      let timer: ReturnType<typeof setTimeout> | undefined;
      const ms = await Promise.race([
        page.evaluate<number>('window.__ddLine'),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), 3000);
        }),
      ]).finally(() => clearTimeout(timer));
      if (ms === null) {
        garbled++;
        garbledSaid.push(
          `${items[i]!.barcode}: ${await page.locator('#intake-last-scan').textContent()} (left typed "${await page.locator('#intake-item').inputValue()}")`,
        );
        await page.locator('#intake-item').fill('');
        continue;
      }
      if (line >= 5) samples.push(ms);
      line++;
    }

    // The burst: a fresh return, 200 scans over 20 items (each item 10 times), back to back.
    await page.getByRole('button', { name: 'Discard draft' }).click();
    // Discarding asks first (focus on "Keep the draft"); the bench answers for the clerk.
    await page.getByRole('button', { name: 'Discard the draft' }).click();
    await page.locator('#intake-totals', { hasText: /^0 items/ }).waitFor();
    await openFreshIntake(page);
    const burstItems = items.slice(0, 20);
    const expected = new Map(burstItems.map((i) => [i.sku, 0]));
    const started = performance.now();
    for (let i = 0; i < BURST; i++) {
      const item = burstItems[i % burstItems.length]!;
      expected.set(item.sku, expected.get(item.sku)! + 1);
      await page.keyboard.type(item.barcode, { delay: 2 });
      await page.keyboard.press('Enter', { delay: 2 });
    }
    const typedMs = performance.now() - started;
    // Settled: the last scan's work is done when the totals stop changing for a second.
    let last = '';
    for (let stable = 0; stable < 10;) {
      await page.waitForTimeout(100);
      const now = (await page.locator('#intake-totals').textContent()) ?? '';
      stable = now === last ? stable + 1 : 0;
      last = now;
    }
    const skus = await page.locator('tbody tr[data-testid^="intake-line-"] td.sku').allInnerTexts();
    const quantities = await page
      .locator('tbody tr[data-testid^="intake-line-"] input.qty')
      .evaluateAll((inputs) => inputs.map((i) => Number((i as HTMLInputElement).value)));
    const lines = skus.map((sku, i) => ({ sku: sku.trim(), quantity: quantities[i] ?? 0 }));
    const leftover = await page.locator('#intake-item').inputValue();
    const onLines = lines.reduce((n, l) => n + (expected.has(l.sku) ? l.quantity : 0), 0);
    const wrongLines = lines.filter((l) => expected.get(l.sku) !== l.quantity).length;
    return {
      scanToLine: {
        description: 'item barcode scanned at 5 ms per key + Enter, from Enter to the frame showing its new line (Chromium, browser host, inventory cache)',
        unit: 'ms',
        target: '< 50 (p95)',
        ...summarize(samples),
        garbled,
        garbledSaid,
      },
      burst200: {
        description: '200 item scans back to back at 2 ms per key over 20 items; every scan must land on its item’s line',
        scans: BURST,
        typedInMs: Math.round(typedMs),
        onLines,
        lost: BURST - onLines,
        linesWithWrongQuantity: wrongLines,
        unexpectedLines: lines.filter((l) => !expected.has(l.sku)).length,
        leftoverTyped: leftover,
        target: 'lost 0, linesWithWrongQuantity 0, leftoverTyped empty',
      },
    };
  });
}

// `npx tsx test/bench/returns-intake.ts` runs this part alone.
if (process.argv[1]?.endsWith('returns-intake.ts')) {
  benchReturnIntake()
    .then((r) => process.stdout.write(`${JSON.stringify(r, null, 2)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`bench: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(1);
    });
}
