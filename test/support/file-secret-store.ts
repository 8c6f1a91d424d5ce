import { readFileSync, writeFileSync } from 'node:fs';
import type { SecretStore } from '../../electron/core/secrets/secret-store.js';

/**
 * A secret store kept in a JSON file, standing in for the keychain where a test needs the store to
 * outlive an app "crash". `crashOnNextSet` makes the next write fail as if the process died there.
 * Test-only: the app itself keeps secrets only in the OS keychain or in memory.
 */
export class FileSecretStore implements SecretStore {
  readonly persistence = 'keychain' as const;
  crashOnNextSet = false;

  constructor(private readonly file: string) {}

  private read(): Record<string, string> {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  }

  async get(account: string): Promise<string | null> {
    return this.read()[account] ?? null;
  }

  async set(account: string, value: string): Promise<void> {
    if (this.crashOnNextSet) {
      this.crashOnNextSet = false;
      throw new Error('simulated crash: the process died before the keychain write');
    }
    writeFileSync(this.file, JSON.stringify({ ...this.read(), [account]: value }));
  }

  async delete(account: string): Promise<void> {
    const all = this.read();
    delete all[account];
    writeFileSync(this.file, JSON.stringify(all));
  }
}
