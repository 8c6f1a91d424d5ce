import type { WebSocketRoute } from '@playwright/test';
import type { DockdeskBridge } from '../../shared/ipc/contract.js';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { waitForFirstSync } from './inventory-support.js';
import { service } from './service.js';

/**
 * The page's calls to main share one WebSocket and are answered in any order, as over Electron's IPC.
 * Over one HTTP request per call, Chromium's limit of 6 connections per host:port queued every other
 * call behind calls waiting on the service: the desk froze with a cached item's scan unanswered.
 */
const TEST_PAGE_SIZE = 5;

test('with ten service calls waiting, local calls from the page still answer at once', async ({ page, host }) => {
  test.setTimeout(90_000);
  // This test's list calls the page has sent main over its bridge socket: five rows a page, a size
  // no view asks for, so a view's own refresh of its list is not counted with them.
  let listCallsSent = 0;
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { channel?: string; input?: { limit?: number } };
      if (frame.channel === 'receiving.list' && frame.input?.limit === TEST_PAGE_SIZE) listCallsSent += 1;
    }),
  );
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  const { control } = await service(host.core.emulator.url, 'e2e-bridge-socket');
  await control('PUT', '/faults', { latencyMs: 8_000 });
  try {
    const slow = page.evaluate(
      (limit) =>
        Promise.all(
          Array.from({ length: 10 }, (_, i) => (window as unknown as { dockdesk: DockdeskBridge }).dockdesk.invoke('receiving.list', { page: 1 + i, limit })),
        ).then(() => performance.now()),
      TEST_PAGE_SIZE,
    );
    const before = listCallsSent;
    await expect.poll(() => listCallsSent - before).toBe(10);
    const local = await page.evaluate(async () => {
      const timed = async (run: () => Promise<{ ok: boolean }>) => {
        const start = performance.now();
        const result = await run();
        return { ok: result.ok, ms: performance.now() - start, at: performance.now() };
      };
      const bridge = (window as unknown as { dockdesk: DockdeskBridge }).dockdesk;
      return {
        preferences: await timed(() => bridge.invoke('app.preferences.get', {})),
        lookup: await timed(() => bridge.invoke('inventory.lookup', { code: 'NOT-IN-ANY-CATALOG-1', online: 'never' })),
        environments: await timed(() => bridge.invoke('environments.list', {})),
      };
    });
    for (const [name, call] of Object.entries(local)) {
      expect(call.ok, name).toBe(true);
      expect(call.ms, name).toBeLessThan(1_000);
    }
    // The local calls answered while the service calls still waited, not after them.
    expect(await slow).toBeGreaterThan(local.environments.at);
  } finally {
    await control('DELETE', '/faults');
  }
});

test('when the socket drops, its calls say Dockdesk stopped answering; the bridge reconnects and events resume', async ({ page, host }) => {
  const sockets: WebSocketRoute[] = [];
  let heldCalls = 0;
  // Pass every socket through, except one channel's calls, which stay unanswered until the socket drops.
  await page.routeWebSocket(/\/socket$/, (socket) => {
    const server = socket.connectToServer();
    sockets.push(socket);
    socket.onMessage((message) => {
      if ((JSON.parse(String(message)) as { channel?: string }).channel !== 'app.info') server.send(message);
      else heldCalls += 1;
    });
  });
  await page.goto(host.url);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { dockdesk: DockdeskBridge; seen: string[] };
    w.seen = [];
    w.dockdesk.on('session.changed', (session) => w.seen.push(session.status));
  });
  const held = page.evaluate(() => (window as unknown as { dockdesk: DockdeskBridge }).dockdesk.invoke('app.info', {}));
  // The call is on the socket, held, when the socket drops.
  await expect.poll(() => heldCalls).toBe(1);
  await sockets[0]!.close();
  expect(await held).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringMatching(/^Dockdesk stopped answering/) } });

  await expect.poll(() => sockets.length, { timeout: 10_000 }).toBe(2);
  expect(await page.evaluate(() => (window as unknown as { dockdesk: DockdeskBridge }).dockdesk.invoke('app.preferences.get', {}))).toMatchObject({ ok: true });
  await host.core.dispatch('auth.signOut', {});
  await expect.poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toContain('signed-out');
});
