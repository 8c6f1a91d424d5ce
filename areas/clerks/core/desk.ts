import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { appError } from '../../../electron/core/words.js';
import type { SettingsService } from '../../../electron/core/settings/settings.js';
import { makeBadgeCode, parseBadgeCode } from '../common/badge.js';
import { DEFAULT_IDLE_MINUTES, MAX_IDLE_MINUTES } from '../common/idle.js';
import { PIN_ATTEMPTS, PIN_LOCK_MINUTES, type ClerkRef, type ClerksView, type TurnAnswer } from '../common/ipc.js';
import type { Clock } from '../../../electron/core/clock.js';
import { PinHash, hashPin, verifyPin } from './pin.js';

/** The clerks area's settings section: this desk's clerks, each PIN as its hash only. */
const StoredClerk = z.object({ id: z.string(), name: z.string(), badge: z.string(), pin: PinHash.nullable() });
type StoredClerk = z.infer<typeof StoredClerk>;
const ClerksSettings = z.object({
  clerks: z.array(StoredClerk),
  idleMinutes: z.number().int().min(0).max(MAX_IDLE_MINUTES),
});
type ClerksSettings = z.infer<typeof ClerksSettings>;
const DEFAULTS: ClerksSettings = { clerks: [], idleMinutes: DEFAULT_IDLE_MINUTES };
const SECTION = 'clerks';

/** What the rest of the core reads of the clerks: whose turn it is (the journal stamps it). */
export interface ClerksService {
  current: () => ClerkRef | null;
}

/** The clerks as the settings section keeps them, and the checks every change makes. */
function clerkStore(settings: SettingsService) {
  const read = () => settings.section(SECTION, ClerksSettings, DEFAULTS);
  return {
    read,
    write: (change: Partial<ClerksSettings>) => settings.updateSection(SECTION, ClerksSettings, DEFAULTS, change),
    find: (id: string): StoredClerk => {
      const clerk = read().clerks.find((c) => c.id === id);
      if (!clerk) throw appError('not_found', 'clerks.errors.notFound');
      return clerk;
    },
    /** Two clerks of one desk never share a name: the journal and the status bar name them. */
    nameFree: (name: string, except?: string) => {
      const key = name.trim().toLocaleLowerCase();
      if (read().clerks.some((c) => c.id !== except && c.name.toLocaleLowerCase() === key))
        throw appError('conflict', 'clerks.errors.nameTaken', { name: name.trim() });
    },
    /** A badge code no clerk of this desk has. */
    newBadge: () => {
      const taken = new Set(read().clerks.map((c) => c.badge));
      for (;;) {
        const code = makeBadgeCode(randomBytes(8));
        if (!taken.has(code)) return code;
      }
    },
  };
}

/**
 * Wrong PINs in a row, per clerk, on the running desk: after {@link PIN_ATTEMPTS} the clerk's PIN is
 * refused for {@link PIN_LOCK_MINUTES} minutes by the core's clock, and the count starts again after.
 */
function pinAttempts(clock: Clock, log: (line: string) => void) {
  const wrongPins = new Map<string, { count: number; lockedUntil: Date | null }>();
  return {
    lockedUntil: (id: string): Date | null => {
      const until = wrongPins.get(id)?.lockedUntil ?? null;
      return until && clock.now().getTime() < until.getTime() ? until : null;
    },
    /** One more wrong PIN for the clerk: the lock's end once it is the last one allowed, else null. */
    wrong: (id: string): Date | null => {
      const seen = wrongPins.get(id);
      const count = (seen && !seen.lockedUntil ? seen.count : 0) + 1;
      if (count < PIN_ATTEMPTS) {
        wrongPins.set(id, { count, lockedUntil: null });
        return null;
      }
      const until = new Date(clock.now().getTime() + PIN_LOCK_MINUTES * 60_000);
      wrongPins.set(id, { count: 0, lockedUntil: until });
      log(`clerks: ${id}'s PIN refused until ${until.toISOString()} after ${PIN_ATTEMPTS} wrong ones`);
      return until;
    },
    reset: (id: string) => void wrongPins.delete(id),
  };
}

/**
 * This desk's clerks and whose turn it is. The turn is the running desk's alone: a desk that starts
 * again starts with no clerk, as one left idle does. So are the wrong PINs counted per clerk: after
 * {@link PIN_ATTEMPTS} in a row the clerk's PIN is refused, unchecked, for {@link PIN_LOCK_MINUTES}
 * minutes by the core's clock; the right PIN, or a new one set, starts the count again.
 */
export function clerksDesk(settings: SettingsService, changed: (view: ClerksView) => void, log: (line: string) => void, clock: Clock) {
  let current: ClerkRef | null = null;
  const attempts = pinAttempts(clock, log);
  const { read, write, find, nameFree, newBadge } = clerkStore(settings);
  const view = (): ClerksView => {
    const s = read();
    return { clerks: s.clerks.map(({ id, name, badge, pin }) => ({ id, name, badge, hasPin: pin !== null })), current, idleMinutes: s.idleMinutes };
  };
  const told = (): ClerksView => {
    const v = view();
    changed(v);
    return v;
  };
  const ref = (c: StoredClerk): ClerkRef => ({ id: c.id, name: c.name });

  return {
    service: { current: () => current } satisfies ClerksService,
    view,
    async add(name: string, pin: string | null | undefined): Promise<ClerksView> {
      nameFree(name);
      const clerk: StoredClerk = { id: randomUUID(), name: name.trim(), badge: newBadge(), pin: pin ? await hashPin(pin) : null };
      write({ clerks: [...read().clerks, clerk] });
      log(`clerks: ${clerk.id} added`);
      return told();
    },
    rename(id: string, name: string): ClerksView {
      find(id);
      nameFree(name, id);
      write({ clerks: read().clerks.map((c) => (c.id === id ? { ...c, name: name.trim() } : c)) });
      if (current?.id === id) current = { id, name: name.trim() };
      return told();
    },
    async setPin(id: string, pin: string | null): Promise<ClerksView> {
      find(id);
      const hash = pin ? await hashPin(pin) : null;
      attempts.reset(id);
      write({ clerks: read().clerks.map((c) => (c.id === id ? { ...c, pin: hash } : c)) });
      return told();
    },
    remove(id: string): ClerksView {
      find(id);
      write({ clerks: read().clerks.filter((c) => c.id !== id) });
      if (current?.id === id) current = null;
      log(`clerks: ${id} removed`);
      return told();
    },
    setIdle(minutes: number): ClerksView {
      write({ idleMinutes: minutes });
      return told();
    },
    async take(by: { badge: string } | { id: string }, pin: string | undefined): Promise<TurnAnswer> {
      let clerk: StoredClerk | undefined;
      if ('badge' in by) {
        const code = parseBadgeCode(by.badge);
        clerk = code ? read().clerks.find((c) => c.badge === code) : undefined;
        if (!clerk) return { status: 'unknownBadge' };
      } else clerk = find(by.id);
      if (clerk.pin) {
        const locked = attempts.lockedUntil(clerk.id);
        if (locked) return { status: 'pinLocked', clerk: ref(clerk), until: locked.toISOString() };
        if (pin === undefined || pin === '') return { status: 'pin', clerk: ref(clerk) };
        if (!(await verifyPin(pin, clerk.pin))) {
          const until = attempts.wrong(clerk.id);
          return until ? { status: 'pinLocked', clerk: ref(clerk), until: until.toISOString() } : { status: 'wrongPin', clerk: ref(clerk) };
        }
        attempts.reset(clerk.id);
      }
      current = ref(clerk);
      told();
      return { status: 'taken', clerk: current };
    },
    end(): ClerksView {
      current = null;
      return told();
    },
  };
}
