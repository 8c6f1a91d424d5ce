import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorException } from '../../shared/errors';
import { App } from './App';
import { createHttpBridge, readLaunchSecret } from './bridge/http-bridge';
import './styles.css';

// In Electron the preload has set window.dockdesk; in the browser shell the bridge comes from here.
if (!window.dockdesk) {
  const secret = readLaunchSecret();
  if (secret) window.dockdesk = createHttpBridge(secret);
}

const queryClient = new QueryClient({
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

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {window.dockdesk ? <App /> : <MissingBridge />}
    </QueryClientProvider>
  </StrictMode>,
);

function MissingBridge() {
  return (
    <main className="fatal" role="alert">
      <h1>Dockdesk cannot reach its core</h1>
      <p>This page was opened without its launch key. Open the address that <code>npm start</code> printed in the terminal.</p>
    </main>
  );
}
