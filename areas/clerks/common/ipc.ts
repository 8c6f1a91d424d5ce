import { z } from 'zod';
import { NoInput } from '../../../shared/ipc/define.js';
import { MAX_IDLE_MINUTES } from './idle.js';
import { DateTime } from '../../../shared/schemas/common.js';

/**
 * Clerks taking turns at the desk: the desk keeps its one sign-in to the service, and the clerk whose
 * turn it is is named on every entry of its journal. The clerks are this desk's (kept in its
 * settings); a PIN is kept only as a salted hash in the core and never crosses to the page.
 */

export const ClerkId = z.string().min(1).max(64);
export const ClerkName = z.string().trim().min(1).max(80);
/** A PIN: 4 to 12 digits, typed on the desk's keyboard. */
export const ClerkPin = z.string().regex(/^\d{4,12}$/);

/** A clerk as the page sees one: whether a PIN is set, never the PIN or its hash. */
export const ClerkView = z.object({
  id: ClerkId,
  name: z.string(),
  /** What the clerk's badge carries (common/badge.ts). */
  badge: z.string(),
  hasPin: z.boolean(),
});
export type ClerkView = z.infer<typeof ClerkView>;

export const ClerkRef = z.object({ id: ClerkId, name: z.string() });
export type ClerkRef = z.infer<typeof ClerkRef>;

export const ClerksView = z.object({
  clerks: z.array(ClerkView),
  /** Whose turn it is; null: no clerk. */
  current: ClerkRef.nullable(),
  /** Minutes without input before the desk hands back to no clerk; 0: never. */
  idleMinutes: z.number().int().min(0).max(MAX_IDLE_MINUTES),
});
export type ClerksView = z.infer<typeof ClerksView>;

/** Wrong PINs in a row that refuse a clerk's PIN for a while, and how long: a guessed PIN takes too long to find. */
export const PIN_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 5;

/**
 * What taking a turn came to: taken; the clerk has a PIN that was not given (`pin`) or was wrong
 * (`wrongPin`); the clerk's PIN is refused until `until` after {@link PIN_ATTEMPTS} wrong ones in a
 * row (`pinLocked`, no PIN is checked meanwhile); or the badge is no clerk's at this desk
 * (`unknownBadge`, a removed clerk's or another desk's).
 */
export const TurnAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('taken'), clerk: ClerkRef }),
  z.object({ status: z.literal('pin'), clerk: ClerkRef }),
  z.object({ status: z.literal('wrongPin'), clerk: ClerkRef }),
  z.object({ status: z.literal('pinLocked'), clerk: ClerkRef, until: DateTime }),
  z.object({ status: z.literal('unknownBadge') }),
]);
export type TurnAnswer = z.infer<typeof TurnAnswer>;

const ById = z.object({ id: ClerkId }).strict();

export const clerksChannels = {
  'clerks.get': { input: NoInput, output: ClerksView },
  'clerks.add': { input: z.object({ name: ClerkName, pin: ClerkPin.nullable().optional() }).strict(), output: ClerksView },
  'clerks.rename': { input: z.object({ id: ClerkId, name: ClerkName }).strict(), output: ClerksView },
  /** Sets the clerk's PIN, or takes it away (null). */
  'clerks.pin.set': { input: z.object({ id: ClerkId, pin: ClerkPin.nullable() }).strict(), output: ClerksView },
  'clerks.remove': { input: ById, output: ClerksView },
  'clerks.idle.set': { input: z.object({ minutes: z.number().int().min(0).max(MAX_IDLE_MINUTES) }).strict(), output: ClerksView },
  /** A clerk takes the turn, by badge (scanned) or by id (picked by name), with the PIN when the clerk has one. */
  'clerks.turn.take': {
    input: z.union([
      z.object({ badge: z.string().min(1).max(100), pin: z.string().max(12).optional() }).strict(),
      z.object({ id: ClerkId, pin: z.string().max(12).optional() }).strict(),
    ]),
    output: TurnAnswer,
  },
  /** The turn ends: the clerk handed back, or the desk was idle for the set time. */
  'clerks.turn.end': { input: z.object({ why: z.enum(['clerk', 'idle']) }).strict(), output: ClerksView },
} as const;

export const clerksEvents = {
  /** The clerks or whose turn it is changed (the status bar, Settings). */
  'clerks.changed': ClerksView,
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const clerksIpc = { id: 'clerks', channels: clerksChannels, events: clerksEvents } as const;
