import { useEffect } from 'react';
import { AppErrorException } from '../../../shared/errors';
import {
  type CallLane,
  type ChannelInput,
  type ChannelName,
  type ChannelOutput,
  type DockdeskBridge,
  type EventName,
  type EventPayload,
  type InvokeOptions,
} from '../../../shared/ipc/contract';

declare global {
  interface Window {
    dockdesk?: DockdeskBridge;
  }
}

function bridge(): DockdeskBridge {
  // eslint-disable-next-line dockdesk/no-literal-ui-text -- for the developer: main.tsx shows the clerk its own page when the bridge is missing
  if (!window.dockdesk) throw new Error('window.dockdesk is missing: the preload or the browser bridge did not load.');
  return window.dockdesk;
}

/**
 * Calls a channel and returns its value, or throws the AppError it answered with. With a signal
 * (TanStack Query passes one), leaving the view cancels the call in main too, so its HTTP request stops.
 * `refresh` marks a refresh of what is already on screen: main lets a clerk's calls go before it (and,
 * while the window is hidden, sends it with the background work).
 */
export async function call<C extends ChannelName>(
  channel: C,
  input: ChannelInput<C>,
  signal?: AbortSignal,
  options: { refresh?: boolean } = {},
): Promise<ChannelOutput<C>> {
  let stop: (() => void) | undefined;
  const invokeOptions: InvokeOptions = options.refresh ? { lane: refreshLane() } : {};
  if (signal) {
    const callId = crypto.randomUUID();
    invokeOptions.callId = callId;
    stop = () => void bridge().invoke('ipc.cancel', { callId });
    signal.addEventListener('abort', stop, { once: true });
  }
  try {
    const result = await bridge().invoke(channel, input, invokeOptions);
    if (!result.ok) throw new AppErrorException(result.error);
    return result.value;
  } finally {
    if (stop) signal?.removeEventListener('abort', stop);
  }
}

/** A refresh of what is on screen waits behind a clerk's calls; with the window hidden, nobody looks: background. */
function refreshLane(): CallLane {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden' ? 'background' : 'visible';
}

export function useDockdeskEvent<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): void {
  useEffect(() => bridge().on(event, listener), [event, listener]);
}

export function errorMessage(error: unknown): string {
  if (error instanceof AppErrorException) return error.appError.message;
  return error instanceof Error ? error.message : String(error);
}
