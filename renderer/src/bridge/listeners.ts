import { eventNames, type EventName } from '../../../shared/ipc/contract';

type Listener = (payload: unknown) => void;

/**
 * The browser bridge's listeners per event. An event goes to the listeners subscribed when it
 * arrived, once each: a listener that a delivery makes React re-subscribe (a toast's synchronous
 * render flushes effects, and a new callback replaces the old one) does not hear the same event
 * again, and one removed meanwhile is not called. A live Set would hand the event to the newcomer
 * too: one return sent, two "was sent" toasts. (Electron's ipcRenderer copies its listeners the same way.)
 */
export function createListeners(): {
  on: (event: EventName, listener: Listener) => () => void;
  deliver: (event: EventName, payload: unknown) => void;
} {
  const listeners = new Map<EventName, Set<Listener>>(eventNames.map((e) => [e, new Set()]));
  return {
    on(event, listener) {
      // A wrapper per subscription, so subscribing one function twice is two subscriptions, each removed by its own call.
      const entry: Listener = (payload) => listener(payload);
      listeners.get(event)!.add(entry);
      return () => void listeners.get(event)!.delete(entry);
    },
    deliver(event, payload) {
      const set = listeners.get(event);
      if (!set) return;
      for (const entry of [...set]) if (set.has(entry)) entry(payload);
    },
  };
}
