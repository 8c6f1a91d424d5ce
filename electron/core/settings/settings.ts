import { z } from 'zod';
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

export const DEFAULT_SETTINGS: Settings = { version: 2, activeEnvironmentId: 'local', environments: structuredClone(BUILT_IN_REMOTE), sessions: {} };

export interface SettingsBackend {
  read(): unknown;
  write(value: Settings): void;
}

export class SettingsService {
  private current: Settings;
  /** Set when the stored file did not fit the schema and defaults were used instead. */
  readonly recoveredFrom: string | null;

  constructor(private readonly backend: SettingsBackend) {
    const raw = backend.read();
    const parsed = SettingsSchema.safeParse(migrate(raw));
    this.current = parsed.success ? parsed.data : structuredClone(DEFAULT_SETTINGS);
    this.recoveredFrom = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid settings');
    if (!parsed.success || (raw as { version?: unknown } | null)?.version !== 2) backend.write(this.current);
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
}

/** Older settings files become the current version here; an empty store becomes the defaults. */
export function migrate(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Object.keys(raw).length === 0) return structuredClone(DEFAULT_SETTINGS);
  const value = raw as Record<string, unknown>;
  if (value.version === 1) {
    // v1 knew only the local emulator: keep who was signed in, add the environment list.
    return { version: 2, activeEnvironmentId: value.activeEnvironmentId ?? 'local', environments: structuredClone(BUILT_IN_REMOTE), sessions: value.sessions ?? {} };
  }
  return raw;
}
