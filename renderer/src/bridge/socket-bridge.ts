import {
  invokeOptionsFrom,
  isEventName,
  type ChannelInput,
  type ChannelName,
  type ChannelOutput,
  type DockdeskBridge,
  type EventName,
  type EventPayload,
  type InvokeOptions,
  type IpcResult,
} from '../../../shared/ipc/contract';
import { createListeners } from './listeners';
import { SOCKET_PATH, SOCKET_PROTOCOL, SOCKET_SECRET_PREFIX, STOPPED_ANSWERING, type SocketServerMessage } from '../../../shared/ipc/socket';

/**
 * `window.dockdesk` for the browser shell: the same interface the Electron preload exposes, carried
 * over one WebSocket to the browser host (protocol: shared/ipc/socket.ts). Calls share the socket and
 * are answered in any order, so no number of slow calls holds back a quick one. If the socket drops,
 * the calls sent over it answer "stopped answering"; the bridge reconnects with backoff (at once when
 * a call is made), and events resume on the new socket.
 */
const stopped = <T>(): IpcResult<T> => ({ ok: false, error: STOPPED_ANSWERING });

interface Pending {
  socket: WebSocket;
  settle: (result: IpcResult<unknown>) => void;
}

export function createSocketBridge(secret: string, address = `ws://${window.location.host}${SOCKET_PATH}`): DockdeskBridge {
  const listeners = createListeners();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let open: WebSocket | null = null;
  let opening: Promise<WebSocket | null> | null = null;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const receive = (data: unknown) => {
    if (typeof data !== 'string') return;
    const message = JSON.parse(data) as SocketServerMessage;
    if (message.type === 'result') {
      const call = pending.get(message.id);
      pending.delete(message.id);
      call?.settle(message.result);
    } else if (message.type === 'event' && isEventName(message.event)) {
      listeners.deliver(message.event, message.payload);
    }
  };

  const dropped = (socket: WebSocket) => {
    if (open === socket) open = null;
    for (const [id, call] of pending) {
      if (call.socket !== socket) continue;
      pending.delete(id);
      call.settle(stopped());
    }
    // Events only come over a socket: keep one open for as long as the page lives.
    retry ??= setTimeout(
      () => {
        retry = null;
        // Never rejects: a failed attempt schedules the next one itself.
        void connect();
      },
      Math.min(10_000, 500 * 2 ** failures++),
    );
  };

  /** The open socket, or the attempt under way, or a new attempt (at once, not after the backoff). */
  function connect(): Promise<WebSocket | null> {
    if (open) return Promise.resolve(open);
    if (opening) return opening;
    if (retry) clearTimeout(retry);
    retry = null;
    opening = new Promise((resolve) => {
      const socket = new WebSocket(address, [SOCKET_PROTOCOL, `${SOCKET_SECRET_PREFIX}${secret}`]);
      socket.onopen = () => {
        open = socket;
        opening = null;
        failures = 0;
        resolve(socket);
      };
      socket.onmessage = (e: MessageEvent) => receive(e.data);
      socket.onclose = () => {
        if (open !== socket) {
          // Never opened: whoever waited for this attempt gets "stopped answering".
          opening = null;
          resolve(null);
        }
        dropped(socket);
      };
    });
    return opening;
  }
  // Never rejects; opened now so events flow before the first call.
  void connect();

  return {
    async invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>, options?: InvokeOptions): Promise<IpcResult<ChannelOutput<C>>> {
      const socket = await connect();
      if (!socket) return stopped();
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, { socket, settle: resolve as (result: IpcResult<unknown>) => void });
        socket.send(JSON.stringify({ type: 'call', id, channel, input: input ?? {}, ...invokeOptionsFrom(options) }));
      });
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      return listeners.on(event, listener as (payload: unknown) => void);
    },
  };
}
