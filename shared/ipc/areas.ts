import { appChannels, appEvents } from './app.js';
import type { ChannelSpec } from './define.js';
import { draftChannels, draftEvents } from './drafts.js';
import { environmentChannels } from './environments.js';
import { historyChannels, historyEvents } from '../../areas/history/common/ipc.js';
import { inventoryChannels, inventoryEvents } from '../../areas/inventory/common/ipc.js';
import { lotChannels } from '../../areas/lots/common/ipc.js';
import { printingChannels, printingEvents } from '../../areas/printing/common/ipc.js';
import { receivingChannels } from '../../areas/receiving/common/ipc.js';
import { returnChannels, returnEvents } from '../../areas/returns/common/ipc.js';
import { scannerChannels } from './scanner.js';
import { stockChannels } from '../../areas/stock/common/ipc.js';
import { todayChannels, todayEvents } from '../../areas/today/common/ipc.js';
import { sessionChannels, sessionEvents } from './session.js';
import { unidentifiedChannels } from '../../areas/unidentified/common/ipc.js';

/** One area's part of the IPC contract: the channels the renderer may call, the events main may push. */
export interface IpcArea {
  id: string;
  channels: Readonly<Record<string, ChannelSpec>>;
  events?: Readonly<Record<string, ChannelSpec['output']>>;
}

/**
 * Every area's channels and events. contract.ts merges this list (and its types) into the one map
 * the preload, the browser bridge and the core's dispatch are generic over; a new area adds one
 * entry here, next to its own areas/<area>/common/ipc.ts.
 */
export const ipcAreas = [
  { id: 'app', channels: appChannels, events: appEvents },
  { id: 'session', channels: sessionChannels, events: sessionEvents },
  { id: 'environments', channels: environmentChannels },
  { id: 'receiving', channels: receivingChannels },
  { id: 'scanner', channels: scannerChannels },
  { id: 'unidentified', channels: unidentifiedChannels },
  { id: 'inventory', channels: inventoryChannels, events: inventoryEvents },
  { id: 'lots', channels: lotChannels },
  { id: 'history', channels: historyChannels, events: historyEvents },
  { id: 'drafts', channels: draftChannels, events: draftEvents },
  { id: 'returns', channels: returnChannels, events: returnEvents },
  { id: 'stock', channels: stockChannels },
  { id: 'today', channels: todayChannels, events: todayEvents },
  { id: 'printing', channels: printingChannels, events: printingEvents },
] as const satisfies readonly IpcArea[];
