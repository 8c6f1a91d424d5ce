import { z } from 'zod';
import { AppError } from '../errors.js';
import { PageInfo } from '../schemas/common.js';
import { ReceivingOrder, ReceivingStatus } from '../schemas/receiving.js';
import { Connectivity, SessionState } from '../schemas/session.js';
import { ConnectionTest, EnvironmentInput, EnvironmentSummary, ServiceUrl } from '../schemas/environments.js';

/**
 * The IPC contract: every channel the renderer may call, with its input and output schema, and
 * every event main may push. Adding a channel means adding it here and to the registry in
 * electron/core/ipc/registry.ts; the preload and the browser bridge are generic over this object.
 */
const NoInput = z.object({}).strict();

export const channels = {
  'app.info': {
    input: NoInput,
    output: z.object({
      version: z.string(),
      shell: z.enum(['electron', 'browser']),
      /** Set when the shell could not use its first choice (for example Electron missing). */
      notice: z.string().nullable(),
    }),
  },
  'session.get': { input: NoInput, output: SessionState },
  /**
   * Starts a sign-in and answers at once with the authorize URL; completion arrives as a
   * `session.changed` event, failure as `auth.failed`. In the browser shell the page opens the URL;
   * in Electron main opens it in the system browser.
   */
  'auth.signIn': { input: NoInput, output: z.object({ authorizeUrl: z.string().url() }) },
  'auth.cancelSignIn': { input: NoInput, output: z.object({ cancelled: z.boolean() }) },
  /** Spec 5.1: a personal access token pasted into Settings. It goes to main and the keychain, and never comes back. */
  'auth.signInWithToken': { input: z.object({ token: z.string().trim().min(8, 'Paste the whole token.').max(4096) }).strict(), output: SessionState },
  'auth.signOut': { input: NoInput, output: SessionState },
  'session.chooseChannel': { input: z.object({ channelId: z.number().int().positive() }).strict(), output: SessionState },
  'environments.list': { input: NoInput, output: z.object({ activeId: z.string(), items: z.array(EnvironmentSummary) }) },
  'environments.save': { input: EnvironmentInput, output: EnvironmentSummary },
  'environments.remove': { input: z.object({ id: z.string() }).strict(), output: z.object({ activeId: z.string(), items: z.array(EnvironmentSummary) }) },
  'environments.activate': { input: z.object({ id: z.string() }).strict(), output: SessionState },
  'environments.test': { input: z.object({ apiBaseUrl: ServiceUrl, authUrl: ServiceUrl.nullable() }).strict(), output: ConnectionTest },
  /** Stops a call still running (the user left the view). Calls carry a callId to be cancellable. */
  'ipc.cancel': { input: z.object({ callId: z.string().min(8).max(64) }).strict(), output: z.object({ cancelled: z.boolean() }) },
  'receiving.list': {
    input: z
      .object({
        page: z.number().int().min(1).max(2147483647),
        limit: z.number().int().min(1).max(250),
        statuses: z.array(ReceivingStatus).max(11).optional(),
      })
      .strict(),
    output: z.object({ items: z.array(ReceivingOrder), pageInfo: PageInfo }),
  },
  'receiving.get': {
    input: z.object({ id: z.number().int().positive().max(2147483647) }).strict(),
    output: ReceivingOrder,
  },
} as const;

export const events = {
  'session.changed': SessionState,
  'auth.failed': AppError,
  'connectivity.changed': Connectivity,
} as const;

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
