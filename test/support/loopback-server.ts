import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A plain HTTP server on 127.0.0.1 with a free port, for hosts a test plays (port 0, never fixed). */
export async function startLoopbackServer(handler?: RequestListener): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = handler ? createServer(handler) : createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
