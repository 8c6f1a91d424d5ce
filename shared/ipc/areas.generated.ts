// Written by `npm run areas` from areas/manifest.ts and the areas' folders: do not edit.
import { todayIpc } from '../../areas/today/common/ipc.js';
import { receivingIpc } from '../../areas/receiving/common/ipc.js';
import { unidentifiedIpc } from '../../areas/unidentified/common/ipc.js';
import { inventoryIpc } from '../../areas/inventory/common/ipc.js';
import { historyIpc } from '../../areas/history/common/ipc.js';
import { lotsIpc } from '../../areas/lots/common/ipc.js';
import { returnsIpc } from '../../areas/returns/common/ipc.js';
import { stockIpc } from '../../areas/stock/common/ipc.js';
import { printingIpc } from '../../areas/printing/common/ipc.js';
import { desksIpc } from '../../areas/desks/common/ipc.js';
import { clerksIpc } from '../../areas/clerks/common/ipc.js';
import { journalIpc } from '../../areas/journal/common/ipc.js';
import { shiftIpc } from '../../areas/shift/common/ipc.js';
import { evidenceIpc } from '../../areas/evidence/common/ipc.js';

/** Each feature area's channels and events, in the manifest's order. */
export const featureIpcAreas = [
  todayIpc,
  receivingIpc,
  unidentifiedIpc,
  inventoryIpc,
  historyIpc,
  lotsIpc,
  returnsIpc,
  stockIpc,
  printingIpc,
  desksIpc,
  clerksIpc,
  journalIpc,
  shiftIpc,
  evidenceIpc,
] as const;
