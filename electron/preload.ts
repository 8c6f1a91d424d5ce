import { contextBridge, ipcRenderer } from 'electron';
import {
  ELECTRON_EVENT_CHANNEL,
  ELECTRON_INVOKE_PREFIX,
  invokeOptionsFrom,
  isChannelName,
  isEventName,
  type DockdeskBridge,
  type EventName,
} from '../shared/ipc/contract.js';

/**
 * Exposes exactly one object, window.dockdesk = { invoke, on }, built from the contract. The
 * renderer never sees ipcRenderer or an IpcRendererEvent (which would leak `sender`).
 */
const bridge: DockdeskBridge = {
  invoke(channel, input, options) {
    if (!isChannelName(channel)) {
      return Promise.resolve({ ok: false, error: { code: 'unknown_channel', message: `Unknown channel ${String(channel)}.`, retryable: false } });
    }
    return ipcRenderer.invoke(ELECTRON_INVOKE_PREFIX + channel, input, invokeOptionsFrom(options));
  },
  on(event, listener) {
    if (!isEventName(event)) throw new Error(`Unknown event ${String(event)}`);
    const handler = (_event: Electron.IpcRendererEvent, name: EventName, payload: unknown) => {
      if (name === event) (listener as (p: unknown) => void)(payload);
    };
    ipcRenderer.on(ELECTRON_EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(ELECTRON_EVENT_CHANNEL, handler);
    };
  },
};

contextBridge.exposeInMainWorld('dockdesk', bridge);
