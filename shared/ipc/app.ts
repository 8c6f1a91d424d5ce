import { z } from 'zod';
import { Said } from '../errors.js';
import { Connectivity } from '../schemas/session.js';
import { ListQuery, Preferences, PreferencesChange, RememberedList } from '../schemas/preferences.js';
import { NoInput } from './define.js';

export const AppNotice = z.object({
  id: z.string(),
  /** What the person is told, as whole sentences with their message ids, said in the clerk's language. */
  said: z.array(Said).min(1),
});
export type AppNotice = z.infer<typeof AppNotice>;
/** A notice's words, kept by main under its id until dismissed. */
export type NoticeWords = Omit<AppNotice, 'id'>;

const Count = z.number().int().nonnegative();

/** What the request budget is doing (main's scheduler of the service's per-minute limit). */
export const RequestBudgetView = z.object({
  /** Requests this desk sent in the last minute. */
  usedLastMinute: Count,
  /** What the service last reported as left in the account's window (shared by every desk of the user); null: not reported. */
  serviceRemaining: Count.nullable(),
  reportedAt: z.string().nullable(),
  perMinute: z.number().int().positive(),
  waiting: z.object({ interactive: Count, visible: Count, background: Count }),
  /** A clerk's call is waiting for the budget until about then (ISO), or null. */
  interactiveWaitUntil: z.string().nullable(),
  /** What the clerk's waiting calls are for ("receiving order", "item"), in queue order, and until about when the last of each goes (ISO). */
  clerkWaits: z.array(z.object({ what: z.string(), count: Count, until: z.string() })),
  /** After a 429: every call waits until then (ISO). */
  blockedUntil: z.string().nullable(),
  /** Background (sync) requests in the last minute: the pace the sync runs at. */
  backgroundLastMinute: Count,
});
export type RequestBudgetView = z.infer<typeof RequestBudgetView>;

/** The app itself: what is running, what to tell the person once, and stopping a call the renderer no longer needs. */
export const appChannels = {
  'app.info': {
    input: NoInput,
    output: z.object({
      version: z.string(),
      shell: z.enum(['electron', 'browser']),
      /** Set when the shell could not use its first choice (Electron missing): the desk's sentence, said in the clerk's language. */
      notice: Said.nullable(),
      /** Things the person should be told once (a settings file that could not be read); gone once dismissed. */
      notices: z.array(AppNotice),
    }),
  },
  /** Shows the log folder in the file manager; `opened` false means it could not, and the renderer shows `path`. */
  'app.openLogFolder': { input: NoInput, output: z.object({ path: z.string(), opened: z.boolean() }) },
  /** The connectivity now (a probe may have found the service down before the page loaded); changes arrive as `connectivity.changed`. */
  'connectivity.get': { input: NoInput, output: Connectivity },
  'app.dismissNotice': { input: z.object({ id: z.string().min(1).max(100) }).strict(), output: z.object({ dismissed: z.boolean() }) },
  /** The desk's preferences (theme, last address), kept by main so both shells remember them. */
  'app.preferences.get': { input: NoInput, output: Preferences },
  'app.preferences.set': { input: PreferencesChange, output: Preferences },
  /** A list's filters as last set in the active environment (empty: none); main keys them by environment. */
  'app.listFilters.get': { input: z.object({ list: RememberedList }).strict(), output: z.object({ query: ListQuery }) },
  'app.listFilters.set': { input: z.object({ list: RememberedList, query: ListQuery }).strict(), output: z.object({ query: ListQuery }) },
  /** The request budget now (Settings → Support); changes arrive as the `app.requestBudget` event. */
  'app.requestBudget': { input: NoInput, output: RequestBudgetView },
  /** Stops a call still running (the user left the view). Calls carry a callId to be cancellable. */
  'ipc.cancel': { input: z.object({ callId: z.string().min(8).max(64) }).strict(), output: z.object({ cancelled: z.boolean() }) },
} as const;

export const appEvents = {
  /** The request budget changed (sent at most once a second, and only when it did). */
  'app.requestBudget': RequestBudgetView,
} as const;
