import {
  CALL_ID_HEADER,
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

/**
 * `window.dockdesk` for the browser shell: the same interface the Electron preload exposes, carried
 * over the browser host's loopback bridge. The launch secret arrives in the URL fragment once; it is
 * kept in sessionStorage for reloads of this tab and removed from the visible address.
 */
const SECRET_KEY = 'dockdesk.launch';
const SECRET_HEADER = 'x-dockdesk-launch';

export function readLaunchSecret(): string | null {
  const match = /(?:^#|&)launch=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(SECRET_KEY, match[1]);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  return sessionStorage.getItem(SECRET_KEY);
}

export function createHttpBridge(secret: string): DockdeskBridge {
  const listeners = createListeners();
  // Never settles: it reconnects after every failure for as long as the page lives.
  void streamEvents(secret, listeners.deliver);

  return {
    async invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>, options?: InvokeOptions): Promise<IpcResult<ChannelOutput<C>>> {
      let response: Response;
      try {
        response = await fetch(`/ipc/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SECRET_HEADER]: secret, ...(options?.callId ? { [CALL_ID_HEADER]: options.callId } : {}) },
          body: JSON.stringify(input ?? {}),
        });
      } catch {
        return { ok: false, error: { code: 'internal', message: 'Dockdesk stopped answering. Is it still running in the terminal?', retryable: true } };
      }
      return (await response.json()) as IpcResult<ChannelOutput<C>>;
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      return listeners.on(event, listener as (payload: unknown) => void);
    },
  };
}

/** Reads the host's SSE stream with fetch (EventSource cannot send the secret header); reconnects on loss. */
async function streamEvents(secret: string, deliver: (event: EventName, payload: unknown) => void): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch('/events', { headers: { [SECRET_HEADER]: secret } });
      if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
      attempt = 0;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(frame)?.[1];
          const data = /^data: (.+)$/m.exec(frame)?.[1];
          if (event && data && isEventName(event)) deliver(event, JSON.parse(data));
        }
      }
    } catch {
      // fall through to the reconnect delay
    }
    await new Promise((r) => setTimeout(r, Math.min(10_000, 500 * 2 ** attempt)));
  }
}
