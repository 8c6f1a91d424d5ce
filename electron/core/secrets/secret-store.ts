import { said, type Saying } from '../../../shared/errors.js';
/**
 * Where refresh tokens (and later client secrets and PATs) live: the OS keychain through
 * @github/keytar, one service name per environment. When no keychain answers, secrets stay in this
 * process's memory only and `persistence` says so, so the UI can tell the user.
 * Secrets never go to settings, cache files, logs or IPC.
 */
export interface SecretStore {
  readonly persistence: 'keychain' | 'memory';
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  delete(account: string): Promise<void>;
}

export class MemorySecretStore implements SecretStore {
  readonly persistence = 'memory' as const;
  private readonly values = new Map<string, string>();
  async get(account: string): Promise<string | null> {
    return this.values.get(account) ?? null;
  }
  async set(account: string, value: string): Promise<void> {
    this.values.set(account, value);
  }
  async delete(account: string): Promise<void> {
    this.values.delete(account);
  }
}

type Keytar = typeof import('@github/keytar');

export class KeytarSecretStore implements SecretStore {
  readonly persistence = 'keychain' as const;
  /** Writes for one account run in order, so a rotated token is never overwritten by an older one. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly keytar: Keytar,
    readonly service: string,
  ) {}

  get(account: string): Promise<string | null> {
    return this.enqueue(() => this.keytar.getPassword(this.service, account));
  }
  set(account: string, value: string): Promise<void> {
    return this.enqueue(() => this.keytar.setPassword(this.service, account, value));
  }
  async delete(account: string): Promise<void> {
    await this.enqueue(() => this.keytar.deletePassword(this.service, account));
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }
}

export function keychainServiceName(environmentId: string): string {
  return `Dockdesk (${environmentId})`;
}

export interface SecretStoreChoice {
  store: SecretStore;
  /** Why the keychain is not used, for the clerk; null when it is. */
  fallbackReason: Saying | null;
  /**
   * The keychain library's own error (it names D-Bus, X11 and the like): for the log, where support
   * reads it, never for the clerk's screen.
   */
  fallbackDetail?: string;
}

const PROBE_TIMEOUT_MS = 5_000;

/**
 * Opens the keychain for an environment, or falls back to memory. `mode: 'memory'` skips the
 * keychain on purpose (tests, or a user who opted out).
 */
export async function openSecretStore(environmentId: string, mode: 'auto' | 'memory' = 'auto'): Promise<SecretStoreChoice> {
  if (mode === 'memory') return { store: new MemorySecretStore(), fallbackReason: said('errors.session.keychainOff') };
  const service = keychainServiceName(environmentId);
  try {
    // A CommonJS module: its functions arrive as the default export under ESM.
    const module = (await import('@github/keytar')) as Keytar & { default?: Keytar };
    const keytar = module.default ?? module;
    // A keychain that is missing answers with an error; one that hangs (no D-Bus) is caught by the timeout.
    await Promise.race([
      keytar.findCredentials(service),
      new Promise((_, reject) => setTimeout(() => reject(new Error('the keychain did not answer')), PROBE_TIMEOUT_MS).unref()),
    ]);
    return { store: new KeytarSecretStore(keytar, service), fallbackReason: null };
  } catch (error) {
    return {
      store: new MemorySecretStore(),
      fallbackReason: said('errors.session.noKeychain'),
      fallbackDetail: firstLine((error as Error).message),
    };
  }
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.slice(0, 160) ?? 'unknown error';
}
