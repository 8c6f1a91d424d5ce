import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appChannels } from '../../shared/ipc/app.js';
import { channelNames, channels, duplicateNames } from '../../shared/ipc/contract.js';
import { draftChannels } from '../../shared/ipc/drafts.js';
import { environmentChannels } from '../../shared/ipc/environments.js';
import { scannerChannels } from '../../shared/ipc/scanner.js';
import { sessionChannels } from '../../shared/ipc/session.js';

/**
 * Every area's channels found the way a newcomer would: the kit's files, and the common/ipc.ts of
 * every folder of areas/ (not the written list the contract is built from), so an area whose folder
 * is there and whose channels are missing from the contract fails here.
 */
async function everyAreasChannels(): Promise<Record<string, unknown>[]> {
  const root = fileURLToPath(new URL('../../areas/', import.meta.url));
  const found: Record<string, unknown>[] = [appChannels, sessionChannels, environmentChannels, scannerChannels, draftChannels];
  for (const id of readdirSync(root)) {
    const file = join(root, id, 'common', 'ipc.ts');
    if (!existsSync(file)) continue;
    const module = (await import(file)) as Record<string, { id?: string; channels?: Record<string, unknown> }>;
    const own = Object.values(module).find((value) => value?.id === id && value.channels);
    if (!own?.channels) throw new Error(`areas/${id}/common/ipc.ts exports no { id: '${id}', channels }`);
    found.push(own.channels);
  }
  return found;
}

describe('the IPC contract', () => {
  it('holds every channel of every area, each under its own name', async () => {
    const areas = await everyAreasChannels();
    expect(areas.length).toBeGreaterThan(10);
    const names = areas.flatMap((a) => Object.keys(a));
    expect([...channelNames].sort()).toEqual([...names].sort());
    for (const area of areas) for (const [name, spec] of Object.entries(area)) expect(channels[name as keyof typeof channels]).toBe(spec);
  });

  it('names a channel that two areas both define', () => {
    expect(
      duplicateNames([
        { 'a.one': 1, 'a.two': 2 },
        { 'b.one': 1, 'a.two': 3 },
      ]),
    ).toEqual(['a.two']);
    expect(duplicateNames([{ 'a.one': 1 }, { 'b.one': 1 }])).toEqual([]);
  });
});
