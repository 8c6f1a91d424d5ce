// Written by `npm run areas` from areas/manifest.ts and the areas' folders: do not edit.
import { todayArea } from '../../areas/today/ui/today.contribution';
import { receivingArea } from '../../areas/receiving/ui/receiving.contribution';
import { unidentifiedArea } from '../../areas/unidentified/ui/unidentified.contribution';
import { inventoryArea } from '../../areas/inventory/ui/inventory.contribution';
import { historyArea } from '../../areas/history/ui/history.contribution';
import { lotsArea } from '../../areas/lots/ui/lots.contribution';
import { returnsArea } from '../../areas/returns/ui/returns.contribution';
import { stockArea } from '../../areas/stock/ui/stock.contribution';
import { printingArea } from '../../areas/printing/ui/printing.contribution';
import { settingsArea } from '../../areas/settings/ui/settings.contribution';
import { desksArea } from '../../areas/desks/ui/desks.contribution';
import { clerksArea } from '../../areas/clerks/ui/clerks.contribution';
import { journalArea } from '../../areas/journal/ui/journal.contribution';
import { shiftArea } from '../../areas/shift/ui/shift.contribution';
import { evidenceArea } from '../../areas/evidence/ui/evidence.contribution';

/** Each feature area's part of the page, in the manifest's order (the sidebar's). */
export const featureAreas = [
  todayArea,
  receivingArea,
  unidentifiedArea,
  inventoryArea,
  historyArea,
  lotsArea,
  returnsArea,
  stockArea,
  printingArea,
  settingsArea,
  desksArea,
  clerksArea,
  journalArea,
  shiftArea,
  evidenceArea,
] as const;
