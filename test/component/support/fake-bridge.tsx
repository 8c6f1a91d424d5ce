import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { afterEach } from 'vitest';
import { render } from 'vitest-browser-react';
import type { ChannelName, DockdeskBridge } from '../../../shared/ipc/contract';

/** What a fake bridge answers: a function of the call's input per channel it knows. */
export type FakeAnswers = Partial<Record<ChannelName, (input: Record<string, unknown>) => unknown>>;

/**
 * A bridge in the page that answers the channels a test names and refuses any other with the
 * channel's name, so a view that starts asking for something new fails its test in words.
 */
export function fakeBridge(answers: FakeAnswers): DockdeskBridge {
  return {
    invoke: (channel, input) => {
      const answer = answers[channel];
      return Promise.resolve(
        answer
          ? { ok: true, value: answer(input as Record<string, unknown>) as never }
          : { ok: false, error: { code: 'internal', message: `no fake for ${channel}`, retryable: false } },
      );
    },
    on: () => () => {},
  };
}

/** Each test installs its own bridge; none outlives its test. */
export function removeBridgeAfterEach(): void {
  afterEach(() => {
    delete window.dockdesk;
  });
}

/**
 * Renders `routeTree` at `address` over `bridge`, as the app would: a router and a query client that
 * does not retry (a failed answer shows at once).
 */
export async function renderRoutes(bridge: DockdeskBridge, routeTree: AnyRoute, address = '/'): Promise<void> {
  window.dockdesk = bridge;
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [address] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
