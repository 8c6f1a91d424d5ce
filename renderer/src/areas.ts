import { shellArea } from './app/shell.contribution';
import { historyArea } from '../../areas/history/ui/history.contribution';
import { inventoryArea } from '../../areas/inventory/ui/inventory.contribution';
import { lotsArea } from '../../areas/lots/ui/lots.contribution';
import { printingArea } from '../../areas/printing/ui/printing.contribution';
import { receivingArea } from '../../areas/receiving/ui/receiving.contribution';
import { returnsArea } from '../../areas/returns/ui/returns.contribution';
import { settingsArea } from '../../areas/settings/ui/settings.contribution';
import { stockArea } from '../../areas/stock/ui/stock.contribution';
import { todayArea } from '../../areas/today/ui/today.contribution';
import { unidentifiedArea } from '../../areas/unidentified/ui/unidentified.contribution';

/**
 * Every area of the renderer, in sidebar (and Alt+<n>) order. The route tree (router.tsx) and the
 * shared mechanisms (workspaces/contributions.ts: sidebar, palette, scan router, Settings panels,
 * status bar) are built from this list; a new area adds one entry.
 */
export const areas = [
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
  shellArea,
] as const;
