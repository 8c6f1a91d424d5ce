import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import type { CallLane, ChannelName, DockdeskBridge } from '../../shared/ipc/contract';
import { useReceivingDetail, useReceivingList } from '../../areas/receiving/ui/queries';
import { useReturnDetail, useReturnList } from '../../areas/returns/ui/queries';

/**
 * The views that refresh themselves (the receiving and returns lists, an open order, an open return):
 * the first read is the clerk's (interactive lane), a refresh of rows already shown goes in the
 * visible-refresh lane, and with the window hidden in the background lane. The lane travels to main
 * with the call (InvokeOptions.lane; main's dispatch puts the call in that lane).
 */
const PERIODIC: ChannelName[] = ['returns.list', 'returns.get', 'receiving.list', 'receiving.detail'];

function recordingBridge(): DockdeskBridge & { lanes: Map<ChannelName, CallLane[]> } {
  const lanes = new Map<ChannelName, CallLane[]>();
  const answers: Partial<Record<ChannelName, unknown>> = {
    'app.requestBudget': {
      usedLastMinute: 0,
      serviceRemaining: null,
      reportedAt: null,
      perMinute: 150,
      waiting: { interactive: 0, visible: 0, background: 0 },
    },
    'returns.list': { items: [], next: null },
    'returns.get': { return: { id: 1 } },
    'receiving.list': { items: [], total: 0 },
    'receiving.detail': { order: { id: 1 } },
  };
  return {
    lanes,
    invoke: (channel, _input, options) => {
      lanes.set(channel, [...(lanes.get(channel) ?? []), options?.lane ?? 'interactive']);
      const value = answers[channel];
      return Promise.resolve(
        value !== undefined
          ? { ok: true, value: value as never }
          : { ok: false, error: { code: 'internal', message: `no fake for ${channel}`, retryable: false } },
      );
    },
    on: () => () => {},
  };
}

function Views() {
  useReturnList({});
  useReturnDetail(1);
  useReceivingList({});
  useReceivingDetail(1);
  return <p>views</p>;
}

afterEach(() => {
  delete window.dockdesk;
  delete (document as { visibilityState?: unknown }).visibilityState;
});

test('every periodic refetch goes in the refresh lane (background while the window is hidden); the first read is the clerk’s', async () => {
  const bridge = recordingBridge();
  window.dockdesk = bridge;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await render(
    <QueryClientProvider client={client}>
      <Views />
    </QueryClientProvider>,
  );
  await expect.poll(() => PERIODIC.every((c) => (bridge.lanes.get(c)?.length ?? 0) >= 1)).toBe(true);
  // What the refetch interval does when it fires: the active queries fetch again.
  await client.refetchQueries({ type: 'active' });
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  await client.refetchQueries({ type: 'active' });

  for (const channel of PERIODIC) {
    expect(bridge.lanes.get(channel), channel).toEqual(['interactive', 'visible', 'background']);
  }
});
