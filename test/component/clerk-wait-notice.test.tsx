import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import type { RequestBudgetView } from '../../shared/ipc/app';
import type { DockdeskBridge } from '../../shared/ipc/contract';
import { ClerkWaitNotice } from '../../renderer/src/app/RequestBudgetViews';

/**
 * The status bar's wait notice: which of the clerk's actions wait and for about how long, in one
 * line, counted from when the figure arrived, however long the desk sat idle before.
 */
const idle: RequestBudgetView = {
  usedLastMinute: 0,
  serviceRemaining: 120,
  reportedAt: null,
  perMinute: 150,
  waiting: { interactive: 0, visible: 0, background: 0 },
  interactiveWaitUntil: null,
  clerkWaits: [],
  blockedUntil: null,
  backgroundLastMinute: 0,
};

function bridgeWithEvents(): DockdeskBridge & { emit: (state: RequestBudgetView) => void } {
  const listeners = new Set<(payload: never) => void>();
  return {
    invoke: () => Promise.resolve({ ok: true, value: idle as never }),
    on: (_event, listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (state) => {
      for (const l of listeners) l(state as never);
    },
  };
}

afterEach(() => {
  delete window.dockdesk;
});

test('names what waits and counts from when the figure arrived, after the desk sat idle', async () => {
  const bridge = bridgeWithEvents();
  window.dockdesk = bridge;
  const screen = await render(
    <QueryClientProvider client={new QueryClient()}>
      <p>bar</p>
      <ClerkWaitNotice />
    </QueryClientProvider>,
  );
  await expect.element(screen.getByText('bar')).toBeVisible();
  // The desk sits idle a while before the first wait (a countdown kept from then overstated it).
  await new Promise((r) => setTimeout(r, 2_500));
  const at = (s: number) => new Date(Date.now() + s * 1000).toISOString();
  bridge.emit({
    ...idle,
    serviceRemaining: 0,
    waiting: { interactive: 3, visible: 0, background: 0 },
    interactiveWaitUntil: at(40),
    clerkWaits: [
      { what: 'receivingOrder', count: 1, until: at(40) },
      { what: 'item', count: 2, until: at(52) },
    ],
  });
  await expect
    .element(screen.getByRole('status'))
    .toHaveTextContent("Waiting for the service's request limit: receiving order in about 40 s, 2 × item in about 52 s");
  bridge.emit(idle);
  await expect.element(screen.getByRole('status')).not.toBeInTheDocument();
});
