import { describe, expect, it } from 'vitest';
import { appChannels } from '../../shared/ipc/app.js';
import { channelNames, channels, duplicateNames } from '../../shared/ipc/contract.js';
import { draftChannels } from '../../shared/ipc/drafts.js';
import { environmentChannels } from '../../shared/ipc/environments.js';
import { receivingChannels } from '../../areas/receiving/common/ipc.js';
import { historyChannels } from '../../areas/history/common/ipc.js';
import { inventoryChannels } from '../../areas/inventory/common/ipc.js';
import { lotChannels } from '../../areas/lots/common/ipc.js';
import { printingChannels } from '../../areas/printing/common/ipc.js';
import { scannerChannels } from '../../shared/ipc/scanner.js';
import { returnChannels } from '../../areas/returns/common/ipc.js';
import { sessionChannels } from '../../shared/ipc/session.js';
import { stockChannels } from '../../areas/stock/common/ipc.js';
import { unidentifiedChannels } from '../../areas/unidentified/common/ipc.js';
import { todayChannels } from '../../areas/today/common/ipc.js';

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
