import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeJsonInSlices } from '../../emulator/state-saver.js';
import { emulatorWithPat } from '../support/emulator-client.js';
import { tempDirs } from '../support/temp-dirs.js';

/** The emulator saves its data coalesced and in slices, and loses nothing on a clean stop. */
const dirs = tempDirs('dockdesk-persist-');
afterEach(() => dirs.removeAll());
const tempDir = () => dirs.make();

const webhook = (n: number) => ({ topics: ['order.shipped'], url: `http://127.0.0.1:9/hook-${n}` });

describe('emulator persistence', () => {
  it('writes in slices exactly what JSON.stringify would, atomically and readable only by the user', async () => {
    const dir = await tempDir();
    const value = {
      version: 1,
      skip: undefined,
      items: Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `item "${i}"`, gone: undefined, tags: ['a', null] })),
      holes: [1, undefined, 3],
      empty: [],
      nested: { a: [1, 2] },
    };
    const path = join(dir, 'state.json');
    await writeJsonInSlices(path, value);
    expect(await readFile(path, 'utf8')).toBe(JSON.stringify(value));
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('under steady traffic a change reaches the disk within the coalescing delay, not only when traffic stops', async () => {
    const dataDir = await tempDir();
    const { emu, api } = await emulatorWithPat({ dataDir, environments: ['sandbox'] });
    try {
      const file = join(dataDir, 'sandbox', 'state.json');
      expect((await api.call('POST', '/2026-07/webhook', { body: webhook(0) })).status).toBeLessThan(300);
      // Keep changing something, one change after another, for up to 2 s, reading the file after each:
      // a debounce that restarts on every change never saves while they come.
      let savedDuringTraffic = false;
      for (let i = 1, until = Date.now() + 2_000; !savedDuringTraffic && Date.now() < until; i++) {
        await api.call('POST', '/2026-07/webhook', { body: webhook(i) });
        const text = await readFile(file, 'utf8').catch(() => '');
        if (text.includes('hook-0"')) savedDuringTraffic = true;
      }
      expect(savedDuringTraffic).toBe(true);
    } finally {
      await emu.close();
    }
  });

  it('keeps every acknowledged change across a clean stop, however soon after the change', async () => {
    const dataDir = await tempDir();
    const first = await emulatorWithPat({ dataDir, environments: ['sandbox'] });
    await Promise.all(Array.from({ length: 25 }, (_, i) => first.api.call('POST', '/2026-07/webhook', { body: webhook(i) })));
    await first.emu.close();
    const second = await emulatorWithPat({ dataDir, environments: ['sandbox'] });
    try {
      const urls = (await second.emu.control.data('webhooks')).map((w) => w.url);
      for (let i = 0; i < 25; i++) expect(urls).toContain(`http://127.0.0.1:9/hook-${i}`);
    } finally {
      await second.emu.close();
    }
  });
});
