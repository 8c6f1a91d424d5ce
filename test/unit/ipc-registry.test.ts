import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dispatch, type Handlers } from '../../electron/core/ipc/registry.js';
import { appError } from '../../electron/core/words.js';
import { DEFAULT_SCANNER_SETTINGS } from '../../shared/schemas/scanner.js';
import { channelNames } from '../../shared/ipc/contract.js';
import type { SessionState } from '../../shared/schemas/session.js';
import { inventoryChannels } from '../../areas/inventory/common/ipc.js';

const session: SessionState = {
  environment: { id: 'local', name: 'Local emulator', kind: 'local', apiBaseUrl: 'http://127.0.0.1:1', authUrl: 'http://127.0.0.1:1' },
  status: 'signed-out',
  account: null,
  method: null,
  channel: null,
  channelChoices: [],
  persistence: 'memory',
  keychainNote: { id: 'errors.session.keychainOff' },
  reason: [],
};

/** Channels this test does not exercise answer with an error, so a new area does not have to edit this file. */
const notInThisTest = Object.fromEntries(
  channelNames.map((name) => [
    name,
    async () => {
      throw appError('invalid_input', 'errors.ipc.lane');
    },
  ]),
) as unknown as Handlers;

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  return {
    ...notInThisTest,
    'app.info': async () => ({ version: '1.0.0', shell: 'browser', notice: null, notices: [] }),
    'app.dismissNotice': async () => ({ dismissed: false }),
    'app.openLogFolder': async () => ({ path: join(tmpdir(), 'dockdesk-logs'), opened: false }),
    'session.get': async () => session,
    'connectivity.get': async () => 'online',
    'auth.signIn': async () => ({ authorizeUrl: 'http://127.0.0.1:1/connect/authorize' }),
    'auth.cancelSignIn': async () => ({ cancelled: false }),
    'auth.signOut': async () => session,
    'auth.signInWithToken': async () => session,
    'session.chooseChannel': async () => session,
    'environments.list': async () => ({ activeId: 'local', items: [] }),
    'environments.save': async () => {
      throw appError('invalid_input', 'errors.ipc.lane');
    },
    'environments.remove': async () => ({ activeId: 'local', items: [] }),
    'environments.activate': async () => session,
    'environments.test': async () => ({ ok: true, checks: [] }),
    'ipc.cancel': async () => ({ cancelled: false }),
    'app.preferences.get': async () => ({ theme: 'system', lastAddress: null }),
    'app.preferences.set': async () => ({ theme: 'system', lastAddress: null }),
    'receiving.list': async () => ({ items: [], pageInfo: { page: 1, pageSize: 50, totalPages: 0, totalCount: 0 } }),
    'receiving.get': async () => {
      throw appError('not_found', 'errors.unidentified.noOrder', { order: 1 });
    },
    'scanner.settings.get': async () => DEFAULT_SCANNER_SETTINGS,
    'scanner.settings.set': async () => DEFAULT_SCANNER_SETTINGS,
    // The inventory area's handlers play no part in these tests of dispatch.
    ...(Object.fromEntries(
      Object.keys(inventoryChannels).map((name) => [
        name,
        async () => {
          throw appError('invalid_input', 'errors.ipc.lane');
        },
      ]),
    ) as unknown as Pick<Handlers, keyof typeof inventoryChannels>),
    ...overrides,
  };
}

describe('IPC dispatch', () => {
  it('answers a valid call with its value', async () => {
    await expect(dispatch(handlers(), 'session.get', {})).resolves.toEqual({ ok: true, value: session });
  });

  it('refuses an unknown channel without running anything', async () => {
    const result = await dispatch(handlers(), 'fs.readFile', { path: '/etc/passwd' });
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it('refuses input outside the contract, naming the field', async () => {
    let ran = false;
    const h = handlers({
      'receiving.list': async () => {
        ran = true;
        return { items: [], pageInfo: { page: 1, pageSize: 1, totalPages: 0, totalCount: 0 } };
      },
    });
    const result = await dispatch(h, 'receiving.list', { page: 0, limit: 500 });
    expect(ran).toBe(false);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.fieldErrors).toHaveProperty('page');
      expect(result.error.fieldErrors).toHaveProperty('limit');
    }
    expect(await dispatch(h, 'receiving.list', { page: 1, limit: 10, extra: true })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('passes an AppError from a handler through unchanged', async () => {
    expect(await dispatch(handlers(), 'receiving.get', { id: 1 })).toEqual({
      ok: false,
      error: {
        code: 'not_found',
        message: 'There is no receiving order 1. Check the number, or search by purchase order or tracking number.',
        said: { id: 'errors.unidentified.noOrder', values: { order: 1 } },
        retryable: false,
      },
    });
  });

  it('hides the text of an unexpected error and logs it instead', async () => {
    const lines: string[] = [];
    const h = handlers({
      'session.get': async () => {
        throw new Error('secret internals at /home/user/token=abc');
      },
    });
    const result = await dispatch(h, 'session.get', {}, (l) => lines.push(l));
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('token=abc');
    expect(lines.join('\n')).toContain('secret internals');
  });

  it('refuses to send output that breaks the contract', async () => {
    const h = handlers({ 'session.get': async () => ({ ...session, status: 'weird' }) as unknown as SessionState });
    expect(await dispatch(h, 'session.get', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('IPC input messages', () => {
  it('say the desk’s sentence, naming the field; the contract’s words end the detail with exactly one full stop', async () => {
    const result = await dispatch(handlers(), 'receiving.list', { page: 0, limit: 10 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.said).toEqual({ id: 'errors.ipc.invalidInput', values: { field: 'page' } });
      expect(result.error.detail).toMatch(/^Invalid input for receiving\.list: page: .*[^.]\.$/);
    }
  });
});
