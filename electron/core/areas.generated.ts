// Written by `npm run areas` from areas/manifest.ts and the areas' folders: do not edit.
import { todayArea } from '../../areas/today/core/today.contribution.js';
import { receivingArea } from '../../areas/receiving/core/receiving.contribution.js';
import { unidentifiedArea } from '../../areas/unidentified/core/unidentified.contribution.js';
import { inventoryArea } from '../../areas/inventory/core/inventory.contribution.js';
import { historyArea } from '../../areas/history/core/history.contribution.js';
import { lotsArea } from '../../areas/lots/core/lots.contribution.js';
import { returnsArea } from '../../areas/returns/core/returns.contribution.js';
import { stockArea } from '../../areas/stock/core/stock.contribution.js';
import { printingArea } from '../../areas/printing/core/printing.contribution.js';
import { desksArea } from '../../areas/desks/core/desks.contribution.js';
import { clerksArea } from '../../areas/clerks/core/clerks.contribution.js';
import { journalArea } from '../../areas/journal/core/journal.contribution.js';
import { shiftArea } from '../../areas/shift/core/shift.contribution.js';
import { evidenceArea } from '../../areas/evidence/core/evidence.contribution.js';

/** Each feature area's part of the core, in the manifest's order. */
export const featureCoreAreas = [
  todayArea,
  receivingArea,
  unidentifiedArea,
  inventoryArea,
  historyArea,
  lotsArea,
  returnsArea,
  stockArea,
  printingArea,
  desksArea,
  clerksArea,
  journalArea,
  shiftArea,
  evidenceArea,
] as const;
