import { describe, expect, it } from 'vitest';
import { appChannels } from '../../shared/ipc/app.js';
import { channelNames, channels, duplicateNames } from '../../shared/ipc/contract.js';
import { draftChannels } from '../../shared/ipc/drafts.js';
import { environmentChannels } from '../../shared/ipc/environments.js';
import { receivingChannels } from '../../shared/ipc/receiving.js';
import { historyChannels } from '../../shared/ipc/history.js';
import { inventoryChannels } from '../../shared/ipc/inventory.js';
import { lotChannels } from '../../shared/ipc/lots.js';
import { printingChannels } from '../../shared/ipc/printing.js';
import { scannerChannels } from '../../shared/ipc/scanner.js';
import { returnChannels } from '../../shared/ipc/returns.js';
import { sessionChannels } from '../../shared/ipc/session.js';
import { stockChannels } from '../../shared/ipc/stock.js';
import { unidentifiedChannels } from '../../shared/ipc/unidentified.js';
import { todayChannels } from '../../shared/ipc/today.js';

describe('the IPC contract', () => {
  it('holds every channel of every area, each under its own name', () => {
    const areas = [
      appChannels,
      sessionChannels,
      environmentChannels,
      receivingChannels,
      scannerChannels,
      unidentifiedChannels,
      inventoryChannels,
      lotChannels,
      historyChannels,
      draftChannels,
      returnChannels,
      todayChannels,
      stockChannels,
      printingChannels,
    ];
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
