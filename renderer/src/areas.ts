import { shellArea } from './app/shell.contribution';
import { historyArea } from './workspaces/history/history.contribution';
import { inventoryArea } from './workspaces/inventory/inventory.contribution';
import { lotsArea } from './workspaces/lots/lots.contribution';
import { printingArea } from './workspaces/printing/printing.contribution';
import { receivingArea } from './workspaces/receiving/receiving.contribution';
import { returnsArea } from './workspaces/returns/returns.contribution';
import { settingsArea } from './workspaces/settings/settings.contribution';
import { stockArea } from './workspaces/stock/stock.contribution';
import { todayArea } from './workspaces/today/today.contribution';
import { unidentifiedArea } from './workspaces/unidentified/unidentified.contribution';

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
