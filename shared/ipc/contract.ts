import type { z } from 'zod';
import type { AppError } from '../errors.js';
import { ipcAreas, type IpcArea } from './areas.js';

/**
 * The IPC contract: every channel the renderer may call, with its input and output schema, and
 * every event main may push. Each area keeps its channels in areas/<area>/common/ipc.ts and lists them
 * once in shared/ipc/areas.ts; this file only merges that list. The preload and the browser bridge
 * are generic over the merged map, and electron/core/areas.ts proves every channel is served by an
 * area's handlers, so a channel without a handler does not compile.
 */
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type Flat<T> = { [K in keyof T]: T[K] };
type Areas = (typeof ipcAreas)[number];
/** The channels of every area in one map type (each area's names are its own: see duplicateNames). */
export type ChannelsOf<A extends IpcArea> = Flat<UnionToIntersection<A['channels']>>;
export type EventsOf<A extends IpcArea> = Flat<UnionToIntersection<A extends { events: infer E } ? E : never>>;

/** Merges the areas' maps at run time (the types above say the same at compile time). */
export function mergeAreas<A extends IpcArea>(areas: readonly A[]): { channels: ChannelsOf<A>; events: EventsOf<A> } {
  const channelMaps = areas.map((a) => a.channels);
  const eventMaps = areas.flatMap((a) => (a.events ? [a.events] : []));
  const clashes = [...duplicateNames(channelMaps), ...duplicateNames(eventMaps)];
  if (clashes.length > 0) throw new Error(`IPC names defined by more than one area: ${clashes.join(', ')}`);
  // The one cast: Object.assign cannot see that the spread of the areas' maps is their intersection.
  return { channels: Object.assign({}, ...channelMaps) as ChannelsOf<A>, events: Object.assign({}, ...eventMaps) as EventsOf<A> };
}

const merged = mergeAreas<Areas>(ipcAreas);
export const channels = merged.channels;
export const events = merged.events;

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

/**
 * Who waits for a call, the order in which main sends requests under the service's limit: a clerk
 * (the default), a refresh of what is on screen, or work nobody is watching (a refresh while the
 * window is hidden).
 */
export const CALL_LANES = ['interactive', 'visible', 'background'] as const;
export type CallLane = (typeof CALL_LANES)[number];

export function isCallLane(value: unknown): value is CallLane {
  return typeof value === 'string' && (CALL_LANES as readonly string[]).includes(value);
}

export interface InvokeOptions {
  /** Names the call so `ipc.cancel` can stop it. */
  callId?: string;
  /** Who waits for it (interactive when left out). */
  lane?: CallLane;
}

/**
 * The options as a process boundary hands them over (Electron's IPC, a header): only fields of the
 * right type are kept; main's dispatcher then checks their values.
 */
export function invokeOptionsFrom(raw: unknown): InvokeOptions {
  if (typeof raw !== 'object' || raw === null) return {};
  const { callId, lane } = raw as Record<string, unknown>;
  return { ...(typeof callId === 'string' ? { callId } : {}), ...(typeof lane === 'string' ? { lane: lane as CallLane } : {}) };
}

/** The single object the preload (and the browser bridge) exposes as `window.dockdesk`. */
export interface DockdeskBridge {
  invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>, options?: InvokeOptions): Promise<IpcResult<ChannelOutput<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Electron IPC channel names are prefixed so nothing else on ipcMain can collide. */
export const ELECTRON_INVOKE_PREFIX = 'dockdesk:';
export const ELECTRON_EVENT_CHANNEL = 'dockdesk:event';
/** The browser bridge's headers for InvokeOptions over HTTP. */
export const CALL_ID_HEADER = 'x-dockdesk-call-id';
export const CALL_LANE_HEADER = 'x-dockdesk-call-lane';
export const CALL_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
