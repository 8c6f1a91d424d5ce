import { appChannels, appEvents } from './app.js';
import { featureIpcAreas } from './areas.generated.js';
import type { ChannelSpec } from './define.js';
import { draftChannels, draftEvents } from './drafts.js';
import { environmentChannels } from './environments.js';
import { scannerChannels } from './scanner.js';
import { sessionChannels, sessionEvents } from './session.js';

/** One area's part of the IPC contract: the channels the renderer may call, the events main may push. */
export interface IpcArea {
  id: string;
  channels: Readonly<Record<string, ChannelSpec>>;
  events?: Readonly<Record<string, ChannelSpec['output']>>;
}

/**
 * Every area's channels and events: the kit's, then each feature area's (areas.generated.ts, written
 * from areas/manifest.ts by `npm run areas`). contract.ts merges this list (and its types) into the
 * one map the preload, the browser bridge and the core's dispatch are generic over.
 */
export const ipcAreas = [
  { id: 'app', channels: appChannels, events: appEvents },
  { id: 'session', channels: sessionChannels, events: sessionEvents },
  { id: 'environments', channels: environmentChannels },
  { id: 'scanner', channels: scannerChannels },
  { id: 'drafts', channels: draftChannels, events: draftEvents },
  ...featureIpcAreas,
] as const satisfies readonly IpcArea[];
