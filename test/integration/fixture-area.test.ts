import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../electron/core/app-core.js';
import { coreAreas } from '../../electron/core/areas.js';
import { confSettingsBackend } from '../../electron/core/settings/conf-backend.js';
import { ipcAreas } from '../../shared/ipc/areas.js';
import { channels, mergeAreas } from '../../shared/ipc/contract.js';
import { fixtureCoreArea } from '../fixtures/fixture-area/core.js';
import { fixtureIpcArea } from '../fixtures/fixture-area/ipc.js';

/**
 * A fixture area added through the lists alone ([...ipcAreas, fixture] for the contract,
 * [...coreAreas, fixture] for the core): its channel is in the merged contract, dispatches to its
 * handler with the contract's validation, and the real areas still answer beside it.
 */
describe('an area added to the core by contribution', () => {
  let core: AppCore;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-fixture-area-'));
    core = await createAppCore({
      shell: 'browser',
      version: '0.0.0-test',
      dataDir,
      settingsBackend: confSettingsBackend(dataDir),
      keychain: 'memory',
      emit: () => {},
      log: () => {},
      localEmulator: { inventoryItems: 5, receivingOrders: 2 },
      areas: [...coreAreas, fixtureCoreArea],
    });
  });
  afterAll(async () => {
    await core?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is in the merged contract, its events too, and a name clash is refused', () => {
    const merged = mergeAreas([...ipcAreas, fixtureIpcArea]);
    expect(merged.channels['fixture.echo']).toBe(fixtureIpcArea.channels['fixture.echo']);
    expect(Object.keys(merged.events)).toContain('fixture.echoed');
    expect(Object.keys(merged.channels)).toEqual([...Object.keys(channels), 'fixture.echo']);
    expect(() => mergeAreas([...ipcAreas, { id: 'clash', channels: { 'receiving.list': fixtureIpcArea.channels['fixture.echo'] } }])).toThrow(
      'IPC names defined by more than one area: receiving.list',
    );
  });

  it('dispatches its channel to its handler, validated like every channel', async () => {
    expect(await core.dispatch('fixture.echo', { text: 'hello' })).toEqual({ ok: true, value: { echo: 'hello in local', calls: 1 } });
    const refused = await core.dispatch('fixture.echo', { text: '' });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.code).toBe('invalid_input');
    // Through the cancellable path too (a call with an id).
    expect(await core.dispatch('fixture.echo', { text: 'again' }, { callId: 'fixture-call-0001' })).toEqual({
      ok: true,
      value: { echo: 'again in local', calls: 2 },
    });
  });

  it('leaves the other areas answering, and an unknown channel unknown', async () => {
    const info = await core.dispatch('app.info', {});
    expect(info.ok).toBe(true);
    const unknown = await core.dispatch('fixture.nothing', {});
    expect(!unknown.ok && unknown.error.code).toBe('unknown_channel');
  });
});
