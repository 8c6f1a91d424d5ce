import { QueryClient } from '@tanstack/react-query';
import { AppErrorException } from '../../../shared/errors';

/**
 * The renderer's one query cache. A module of its own so that a route's loader, which runs before
 * any component (outside React's context), can start a view's first read at the moment of the
 * navigation and put it where the view's own query finds it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The network is main's business: the renderer must not pause when navigator.onLine is false.
      networkMode: 'always',
      // Main already retries what is worth retrying; here only a retryable error is tried once more.
      retry: (count, error) => count < 1 && error instanceof AppErrorException && error.appError.retryable,
      refetchOnWindowFocus: false,
    },
    mutations: { networkMode: 'always' },
  },
});
