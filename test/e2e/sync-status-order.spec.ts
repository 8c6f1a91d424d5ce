import { expect, signInThroughPopup, test } from './fixtures.js';
import { waitForFirstSync } from './inventory-support.js';
import { service } from './service.js';

/**
 * The sync's state on screen follows main's latest report, whatever order the reports arrive in. The
 * renderer reads the state once (an IPC call) and then follows events; a read answered after the
 * event that ended the sync carries an older state. Taken as it came, it showed "Starting…" with a
 * running bar for good (seen in CI when a sync of the built-in catalog ended within that window).
 */
test('a state read answered after the sync ended does not bring the running bar back', async ({ page, host }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { control } = await service(host.core.emulator.url, 'e2e-sync-order');
  const held: Array<{ state: string; revision: number }> = [];
  // Only the reloaded page's reads count: the page before it reads the state around sign-in, when
  // whether a sync runs depends on the machine's pace.
  let reloaded = false;
  // The page's calls and their answers share one socket: pass it through, holding back the state reads' answers.
  await page.routeWebSocket(/\/socket$/, (socket) => {
    const server = socket.connectToServer();
    // Connected with no handlers of its own, a socket passes every message through as it is.
    if (!reloaded) return;
    const reads = new Set<number>();
    socket.onMessage((message) => {
      const call = JSON.parse(String(message)) as { id: number; channel?: string };
      if (call.channel === 'inventory.syncStatus') reads.add(call.id);
      server.send(message);
    });
    server.onMessage(async (message) => {
      const answer = JSON.parse(String(message)) as { type: string; id?: number; result?: { ok: boolean; value: { state: string; revision: number } } };
      if (answer.type !== 'result' || !reads.has(answer.id!)) return socket.send(message);
      const read = answer.result!.value;
      if (read.state === 'running') {
        // The read was taken while the sync ran: let the sync finish now, and answer only once main
        // has announced its end, with what was read before it.
        await control('DELETE', '/faults');
        for (;;) {
          const now = await host.core.dispatch('inventory.syncStatus', {});
          if (now.ok && (now.value as { state: string }).state === 'idle' && (now.value as { revision: number }).revision > read.revision) break;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      held.push(read);
      socket.send(message);
    });
  });
  await page.goto(host.url);
  await signInThroughPopup(page);
  const state = async () => {
    const now = await host.core.dispatch('inventory.syncStatus', {});
    return now.ok ? (now.value as { state: string }).state : now.error.code;
  };
  // The sync after sign-in ends first: a start asked for while it runs joins it, and it would end
  // before the slow answers below begin.
  await waitForFirstSync(host);
  await expect.poll(state).toBe('idle');
  // A sync kept running by slow answers (a page of the catalog every 5 s) until the page has read its state.
  await control('PUT', '/faults', { latencyMs: 5_000 });
  await host.core.dispatch('inventory.syncStart', { mode: 'full' });
  await expect.poll(state).toBe('running');
  // The page reads the state only when it holds none: an event that came first (the sync's start)
  // spares the read. A page opened afresh while the sync runs has no state yet, so it reads.
  reloaded = true;
  await page.reload();

  await expect.poll(() => held.length, { timeout: 45_000 }).toBeGreaterThan(0);
  expect(held[0]!.state).toBe('running');
  await expect(page.getByTestId('status-freshness')).toContainText(/Inventory as of \d{1,2}:\d{2}/, { timeout: 15_000 });
  await expect(page.getByTestId('inventory-sync')).toHaveCount(0);
});
