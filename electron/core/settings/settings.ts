import { z } from 'zod';
import { DEFAULT_PREFERENCES, Preferences } from '../../../shared/schemas/preferences.js';
import { DEFAULT_SCANNER_SETTINGS, ScannerSettings } from '../../../shared/schemas/scanner.js';
import { Account, ChannelRef, EnvironmentKind, SignInMethod } from '../../../shared/schemas/session.js';

/**
 * The settings file: one zod schema, versioned, with migrations from every older version. Holds
 * choices and non-secret facts only (environments, who was signed in where, which channel); never
 * tokens or secrets. electron-store (Electron) and conf (browser host) are both backends of it.
 */
export const SessionRecord = z.object({
  account: Account,
  channel: ChannelRef.nullable(),
  method: SignInMethod.default('oauth'),
});

export const EnvironmentRecord = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  name: z.string().min(1).max(80),
  kind: EnvironmentKind.exclude(['local']),
  apiBaseUrl: z.string().nullable(),
  authUrl: z.string().nullable(),
  clientId: z.string().nullable(),
});
export type EnvironmentRecord = z.infer<typeof EnvironmentRecord>;

export const SettingsSchema = z.object({
  version: z.literal(2),
  activeEnvironmentId: z.string(),
  /** Sandbox, production (addresses the user fills in) and custom environments; the local emulator is built in. */
  environments: z.array(EnvironmentRecord),
  sessions: z.record(z.string(), SessionRecord),
  /** The desk's preferences; absent in files written before they existed. */
  preferences: Preferences.default(DEFAULT_PREFERENCES),
  /** The barcode scanner's thresholds and cues; absent in files written before scanning existed. */
  scanner: ScannerSettings.default(DEFAULT_SCANNER_SETTINGS),
  /** Return intake per environment id: the fulfillment center new returns start with. Absent in older files. */
  returnIntake: z.record(z.string(), z.object({ fulfillmentCenter: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable() })).optional(),
  /**
   * Sections areas add of their own, by area id. Each area reads its section through its own schema
   * (`SettingsService.section`), so a new area's settings need no change here.
   */
  areas: z.record(z.string(), z.unknown()).optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * The spec names its hosts only as placeholders ({sandbox_base_url}, {base_url}), so sandbox and
 * production start unconfigured: the user enters the addresses their account was given.
 */
export const BUILT_IN_REMOTE: EnvironmentRecord[] = [
  { id: 'sandbox', name: 'Sandbox', kind: 'sandbox', apiBaseUrl: null, authUrl: null, clientId: null },
  { id: 'production', name: 'Production', kind: 'production', apiBaseUrl: null, authUrl: null, clientId: null },
];

export const DEFAULT_SETTINGS: Settings = {
  version: 2,
  activeEnvironmentId: 'local',
  environments: structuredClone(BUILT_IN_REMOTE),
  sessions: {},
  preferences: { ...DEFAULT_PREFERENCES },
  scanner: { ...DEFAULT_SCANNER_SETTINGS },
};

export interface SettingsBackend {
  /** The stored value (an empty object when there is none); throws when the file is not readable JSON. */
  read(): unknown;
  write(value: Settings): void;
  /** Moves the stored file aside under a dated name, because it could not be used; returns where it went. */
  setAside?(): string | null;
}

/** A settings file that could not be used: why (in English for the log, and which kind of problem), and where it was kept (null: it could not be kept). */
export interface SettingsRecovery {
  reason: string;
  problem: 'json' | 'format' | 'unreadable';
  keptAt: string | null;
}

export class SettingsService {
  private current: Settings;
  /** Set when the stored file was unreadable or did not fit the schema and defaults were used instead. */
  readonly recovery: SettingsRecovery | null;

  constructor(private readonly backend: SettingsBackend) {
    let raw: unknown;
    let problem: Pick<SettingsRecovery, 'reason' | 'problem'> | null = null;
    try {
      raw = backend.read();
    } catch (error) {
      problem = { problem: 'json', reason: `it is not valid JSON (${(error as Error).message})` };
    }
    const parsed = problem === null ? SettingsSchema.safeParse(migrate(raw)) : null;
    if (parsed && !parsed.success)
      problem = {
        problem: 'format',
        reason: `it does not fit the settings format (${parsed.error.issues[0]?.message ?? 'invalid'} at ${parsed.error.issues[0]?.path.join('.') || 'the top'})`,
      };
    if (problem !== null || !parsed?.success) {
      // Never overwrite what could not be read: it may be a user's 125 environments, one byte from readable.
      this.recovery = { ...(problem ?? { problem: 'unreadable', reason: 'unreadable' }), keptAt: backend.setAside?.() ?? null };
      this.current = structuredClone(DEFAULT_SETTINGS);
      backend.write(this.current);
      return;
    }
    this.recovery = null;
    this.current = parsed.data;
    if ((raw as { version?: unknown } | null)?.version !== 2) backend.write(this.current);
  }

  get(): Settings {
    return structuredClone(this.current);
  }

  update(change: (draft: Settings) => void): Settings {
    const draft = structuredClone(this.current);
    change(draft);
    this.current = SettingsSchema.parse(draft);
    this.backend.write(this.current);
    return this.get();
  }

  /**
   * An area's own section, read through the area's schema over its defaults. A section that no longer
   * fits (written by another version) reads as the defaults rather than failing the whole file.
   */
  section<T extends object>(area: string, schema: z.ZodType<T>, defaults: T): T {
    const parsed = schema.safeParse({ ...defaults, ...(this.current.areas?.[area] as object | undefined) });
    return parsed.success ? parsed.data : structuredClone(defaults);
  }

  /** Changes an area's own section; the result must fit the area's schema (zod's error otherwise). */
  updateSection<T extends object>(area: string, schema: z.ZodType<T>, defaults: T, change: Partial<T>): T {
    const next = schema.parse({ ...this.section(area, schema, defaults), ...change });
    this.update((s) => {
      s.areas = { ...s.areas, [area]: next };
    });
    return next;
  }
}

/** Older settings files become the current version here; an empty store becomes the defaults. */
export function migrate(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Object.keys(raw).length === 0) return structuredClone(DEFAULT_SETTINGS);
  const value = raw as Record<string, unknown>;
  if (value.version === 1) {
    // v1 knew only the local emulator: keep who was signed in, add the environment list.
    return {
      version: 2,
      activeEnvironmentId: value.activeEnvironmentId ?? 'local',
      environments: structuredClone(BUILT_IN_REMOTE),
      sessions: value.sessions ?? {},
    };
  }
  return raw;
}
