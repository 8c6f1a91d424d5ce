import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_ACCOUNT } from '../../electron/core/auth/session.js';
import { openSecretStore } from '../../electron/core/secrets/secret-store.js';
import { keychainAvailability } from '../support/keychain.js';
import { createTestCore, signIn } from '../support/test-core.js';
import { englishOf } from '../../electron/core/words.js';
import type { Saying } from '../../shared/errors.js';

const run = promisify(execFile);
const keychain = await keychainAvailability();

describe.skipIf(!keychain.available)('OS keychain through @github/keytar (gnome-keyring in a private D-Bus session)', () => {
  it('stores, reads back and deletes a secret', async () => {
    const env = `test-${randomUUID()}`;
    const { store, fallbackReason } = await openSecretStore(env);
    expect(fallbackReason).toBeNull();
    expect(store.persistence).toBe('keychain');
    expect(await store.get('refresh-token')).toBeNull();
    await store.set('refresh-token', 'rt_value-1');
    // A second handle (as after a restart) sees the same value.
    const again = (await openSecretStore(env)).store;
    expect(await again.get('refresh-token')).toBe('rt_value-1');
    await store.set('refresh-token', 'rt_value-2');
    expect(await again.get('refresh-token')).toBe('rt_value-2');
    await store.delete('refresh-token');
    expect(await again.get('refresh-token')).toBeNull();
  });

  it('keeps the user signed in across an app restart, and the token is nowhere on disk', async () => {
    const first = await createTestCore({ keychain: 'auto' });
    const { state } = await signIn(first);
    expect(state.persistence).toBe('keychain');
    const refreshToken = await first.core.environments.active.secrets.get(REFRESH_TOKEN_ACCOUNT);
    expect(refreshToken).toMatch(/^rt_/);
    await first.dispose(false);

    // Nothing in the data folder (settings, emulator state) holds the token.
    for (const file of await readdir(first.dataDir, { recursive: true, withFileTypes: true })) {
      if (file.isFile()) expect(await readFile(join(file.parentPath, file.name), 'utf8')).not.toContain(refreshToken!);
    }

    const second = await createTestCore({ keychain: 'auto', dataDir: first.dataDir });
    try {
      expect(second.core.environments.active.session.getState()).toMatchObject({
        status: 'signed-in',
        account: { email: 'demo@dockdesk.test' },
        persistence: 'keychain',
      });
      const list = await second.core.dispatch('receiving.list', { page: 1, limit: 5 });
      expect(list.ok).toBe(true);
      // Refreshing rotated the token in the keychain.
      expect(await second.core.environments.active.secrets.get(REFRESH_TOKEN_ACCOUNT)).not.toBe(refreshToken);

      const out = await second.core.dispatch('auth.signOut', {});
      expect(out).toMatchObject({ ok: true, value: { status: 'signed-out' } });
      expect(await second.core.environments.active.secrets.get(REFRESH_TOKEN_ACCOUNT)).toBeNull();
    } finally {
      await second.dispose();
    }
  });
});

describe('without a keychain', () => {
  it('falls back to memory and says so (a process with no D-Bus session)', async () => {
    const env = { ...process.env };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'test/support/probe-secret-store.ts'], { env, timeout: 20_000 });
    const choice = JSON.parse(stdout) as { persistence: string; fallbackReason: Saying; fallbackDetail?: string };
    expect(choice.persistence).toBe('memory');
    const reason = englishOf(choice.fallbackReason);
    expect(reason).toMatch(/No system keychain is available.*until Dockdesk closes/);
    // The library's words (D-Bus, X11, ...) go to the log only, never to the clerk's screen.
    expect(reason).not.toMatch(/D-?Bus|X11|DISPLAY|secret service|libsecret/i);
    expect(choice.fallbackDetail).toBeTruthy();
  });
});
