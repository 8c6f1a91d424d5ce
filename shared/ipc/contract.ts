import type { z } from 'zod';
import type { AppError } from '../errors.js';
import { appChannels, appEvents } from './app.js';
import { draftChannels, draftEvents } from './drafts.js';
import { environmentChannels } from './environments.js';
import { inventoryChannels, inventoryEvents } from './inventory.js';
import { receivingChannels } from './receiving.js';
import { scannerChannels } from './scanner.js';
import { returnChannels, returnEvents } from './returns.js';
import { sessionChannels, sessionEvents } from './session.js';
import { stockChannels } from './stock.js';
import { unidentifiedChannels } from './unidentified.js';
import { todayChannels, todayEvents } from './today.js';

/**
 * The IPC contract: every channel the renderer may call, with its input and output schema, and
 * every event main may push. Each area keeps its channels in shared/ipc/<area>.ts and its handlers
 * in electron/core/<area>/handlers.ts; this file only merges the areas. The preload and the browser
 * bridge are generic over the merged map, and the handler table in electron/core/app-core.ts is
 * typed against it, so a channel without a handler does not compile.
 */
const channelAreas = [
  appChannels,
  sessionChannels,
  environmentChannels,
  receivingChannels,
  scannerChannels,
  unidentifiedChannels,
  inventoryChannels,
  draftChannels,
  returnChannels,
  todayChannels,
  stockChannels,
] as const;
const eventAreas = [appEvents, sessionEvents, inventoryEvents, draftEvents, returnEvents, todayEvents] as const;

export const channels = {
  ...appChannels,
  ...sessionChannels,
  ...environmentChannels,
  ...receivingChannels,
  ...scannerChannels,
  ...unidentifiedChannels,
  ...inventoryChannels,
  ...draftChannels,
  ...returnChannels,
  ...todayChannels,
  ...stockChannels,
} as const;
export const events = { ...appEvents, ...sessionEvents, ...inventoryEvents, ...draftEvents, ...returnEvents, ...todayEvents } as const;

/** Two areas naming the same channel would silently shadow one another in the spread above. */
export function duplicateNames(areas: readonly object[]): string[] {
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const area of areas) {
    for (const name of Object.keys(area)) {
      if (seen.has(name)) duplicates.push(name);
      seen.add(name);
    }
  }
  return duplicates;
}
const clashes = [...duplicateNames(channelAreas), ...duplicateNames(eventAreas)];
if (clashes.length > 0) throw new Error(`IPC names defined by more than one area: ${clashes.join(', ')}`);

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>;
export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export const channelNames = Object.keys(channels) as ChannelName[];
export const eventNames = Object.keys(events) as EventName[];

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(channels, name);
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

/** What every call answers across the boundary; errors are values, not thrown objects. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppError };

export interface InvokeOptions {
  /** Names the call so `ipc.cancel` can stop it. */
  callId?: string;
}

/** The single object the preload (and the browser bridge) exposes as `window.dockdesk`. */
export interface DockdeskBridge {
  invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>, options?: InvokeOptions): Promise<IpcResult<ChannelOutput<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Electron IPC channel names are prefixed so nothing else on ipcMain can collide. */
export const ELECTRON_INVOKE_PREFIX = 'dockdesk:';
export const ELECTRON_EVENT_CHANNEL = 'dockdesk:event';
/** The browser bridge's header for InvokeOptions.callId. */
export const CALL_ID_HEADER = 'x-dockdesk-call-id';
export const CALL_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
/** A call id starting so marks a refresh of what is on screen: main sends it in the budget's visible lane, after a clerk's calls. */
export const REFRESH_CALL_PREFIX = 'refresh-';
