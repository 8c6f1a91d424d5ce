import { z } from 'zod';
import { Account } from '../../../shared/schemas/session.js';

/**
 * The settings file: one zod schema, versioned. Holds choices and non-secret facts only (which
 * environment, who was signed in where, which channel); never tokens or secrets.
 * electron-store (Electron) and conf (browser host) are both backends of this one service.
 */
export const SessionRecord = z.object({
  account: Account,
  channel: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

export const SettingsSchema = z.object({
  version: z.literal(1),
  activeEnvironmentId: z.string(),
  sessions: z.record(z.string(), SessionRecord),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = { version: 1, activeEnvironmentId: 'local', sessions: {} };

export interface SettingsBackend {
  read(): unknown;
  write(value: Settings): void;
}

export class SettingsService {
  private current: Settings;
  /** Set when the stored file did not fit the schema and defaults were used instead. */
  readonly recoveredFrom: string | null;

  constructor(private readonly backend: SettingsBackend) {
    const parsed = SettingsSchema.safeParse(migrate(backend.read()));
    this.current = parsed.success ? parsed.data : structuredClone(DEFAULT_SETTINGS);
    this.recoveredFrom = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid settings');
    if (!parsed.success) backend.write(this.current);
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
function migrate(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Object.keys(raw).length === 0) return structuredClone(DEFAULT_SETTINGS);
  return raw;
}
