import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ChannelOutput } from '../../shared/ipc/contract.js';
import { createTestCore, emulatorControl, signIn } from '../support/test-core.js';
import { summarize } from './stats.js';

/**
 * What the desk spends of the service's request budget, and what the clerk notices of it:
 * requests per full sync and per refresh (nothing changed, and after a day of stock moving) at
 * 1,000 / 10,000 / 100,000 items, the minutes a full sync takes at 150 a minute less the clerk's
 * reserve, the main thread's stalls (p99 of the event-loop delay) during the 100,000-item sync, and
 * how long a receiving order takes to open while a sync runs into the limit.
 */
const SIZES = [1_000, 10_000, 100_000];
/** The share of the window the sync leaves to clerks (request-budget.ts RESERVE_SHARE). */
const BACKGROUND_PER_MINUTE = 150 * 0.8;

type Core = Awaited<ReturnType<typeof createTestCore>>;

async function apiRequests(t: Core, since: number): Promise<{ count: number; next: number }> {
  const { items } = (await emulatorControl(t, 'GET', `/requests?since=${since}`)) as { items: { path: string }[] };
  return { count: items.filter((r) => /^\/\d{4}-\d\d\//.test(r.path)).length, next: since + items.length };
}

async function syncEnds(t: Core, count: number): Promise<ChannelOutput<'inventory.syncStatus'>> {
  const status = await t.inventorySyncsEnded(count, 20 * 60_000);
  if (status.lastError) throw new Error(`sync failed: ${status.lastError.message}`);
  return status;
}

export async function benchRequestBudget(): Promise<Record<string, unknown>> {
  const requests: Record<string, unknown> = {};
  let stallP99Ms: number | null = null;
  for (const items of SIZES) {
    // Counting requests, not timing waits: the limit is off here, the client's own pacing too.
    const t = await createTestCore({ localEmulator: { inventoryItems: items, rateLimit: { enabled: false } }, requestBudgetPerMinute: 1_000_000 });
    try {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      await signIn(t); // an empty cache: a full sync
      await syncEnds(t, 1);
      delay.disable();
      if (items === 100_000) stallP99Ms = Math.round((delay.percentile(99) / 1e6) * 10) / 10;
      const full = await apiRequests(t, 0);
      await t.core.dispatch('inventory.syncStart', { mode: 'refresh' });
      await syncEnds(t, 2);
      const idle = await apiRequests(t, full.next);
      // A day passes on the service: receiving orders arrive and stock moves.
      await emulatorControl(t, 'POST', '/clock/advance', { seconds: 86_400 });
      await t.core.dispatch('inventory.syncStart', { mode: 'refresh' });
      await syncEnds(t, 3);
      const afterDay = await apiRequests(t, idle.next);
      requests[`items${items}`] = {
        fullSync: full.count,
        refreshNothingChanged: idle.count,
        refreshAfterADay: afterDay.count,
        projectedFullSyncMinutesAt150WithReserve: Math.round((full.count / BACKGROUND_PER_MINUTE) * 10) / 10,
      };
    } finally {
      await t.dispose();
    }
  }

  return {
    requests,
    mainThreadStallP99MsDuring100kSync: stallP99Ms,
    openOrderDuringPacedSyncMs: await benchClerkUnderPacedSync(),
    waitEstimate: await benchWaitEstimate(),
  };
}

/**
 * The status bar's wait figure against the real wait: with a window of 10 a minute spent by this desk,
 * a clerk opens six receiving orders at once; the first figure the budget gives for the last of them
 * (what the status bar shows first) against when it really went out.
 */
export async function benchWaitEstimate(): Promise<Record<string, unknown>> {
  const t = await createTestCore({ localEmulator: { inventoryItems: 200, rateLimit: { enabled: true, perMinute: 10 } } });
  try {
    await signIn(t);
    await syncEnds(t, 1);
    const budget = t.core.environments.active.api.budget;
    const list = await t.core.dispatch('receiving.list', { page: 1, limit: 12 });
    if (!list.ok) throw new Error(list.error.message);
    const ids = (list.value as ChannelOutput<'receiving.list'>).items.map((o) => o.id);
    // Spend what is left of the window, then ask for six more at once.
    while (budget.state().serviceRemaining !== 0) {
      const r = await t.core.dispatch('receiving.get', { id: ids[0]! });
      if (!r.ok) throw new Error(r.error.message);
    }
    const asked = performance.now();
    const opens = ids.slice(0, 6).map((id) => t.core.dispatch('receiving.get', { id }));
    let first: { figureS: number; after: number } | null = null;
    while (!first) {
      const wait = budget.state().clerkWaits.at(-1);
      if (wait) first = { figureS: (Date.parse(wait.until) - Date.now()) / 1000, after: performance.now() };
      else await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all(opens);
    const realS = (performance.now() - first.after) / 1000;
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      description: 'six receiving orders opened at once in a spent window of 10/min: the first estimate for the last one against its real wait',
      firstFigureS: round(first.figureS),
      realWaitS: round(realS),
      errorPercent: Math.round(((first.figureS - realS) / realS) * 100),
      figureShownAfterMs: Math.round(first.after - asked),
    };
  } finally {
    await t.dispose();
  }
}

/**
 * A clerk opening a receiving order (3 requests) every 30 s while a 10,000-item sync runs into a
 * limit of 30 a minute: the clerk's reserve there is 6 a minute, as it is 30 at the published 150.
 */
export async function benchClerkUnderPacedSync(): Promise<Record<string, unknown>> {
  const t = await createTestCore({ localEmulator: { inventoryItems: 10_000, rateLimit: { enabled: true, perMinute: 30 } } });
  const latencies: number[] = [];
  try {
    await signIn(t);
    const list = await t.core.dispatch('receiving.list', { page: 1, limit: 4 });
    if (!list.ok) throw new Error(list.error.message);
    const orders = (list.value as ChannelOutput<'receiving.list'>).items.map((o) => o.id);
    for (const id of orders) {
      if (t.events.some((e) => e.event === 'inventory.syncStatus' && (e.payload as { state: string }).state === 'idle')) break;
      const started = performance.now();
      const opened = await t.core.dispatch('receiving.detail', { id });
      if (!opened.ok) throw new Error(opened.error.message);
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 30_000));
    }
    await t.core.dispatch('inventory.syncCancel', {});
  } finally {
    await t.dispose();
  }
  return { description: 'receiving.detail every 30 s while a 10,000-item sync runs at a limit of 30/min', unit: 'ms', ...summarize(latencies) };
}
