import type { ChannelName } from '../../shared/ipc/contract.js';
import { appArea } from './app/app.contribution.js';
import type { CoreArea } from './area.js';
import { sessionArea } from './auth/session.contribution.js';
import { draftsArea } from './drafts/drafts.contribution.js';
import { environmentsArea } from './environments/environments.contribution.js';
import { historyArea } from './history/history.contribution.js';
import { inventoryArea } from './inventory/inventory.contribution.js';
import { lotsArea } from './lots/lots.contribution.js';
import { printingArea } from './printing/printing.contribution.js';
import { receivingArea } from './receiving/receiving.contribution.js';
import { returnsArea } from './returns/returns.contribution.js';
import { scannerArea } from './scanner/scanner.contribution.js';
import { stockArea } from './stock/stock.contribution.js';
import { todayArea } from './today/today.contribution.js';
import { unidentifiedArea } from './unidentified/unidentified.contribution.js';

/**
 * Every area's part of the core, in the order they are built (returns after drafts: its outbox
 * keeps drafts). app-core.ts iterates this list; a new area adds one entry.
 */
export const coreAreas = [
  appArea,
  sessionArea,
  environmentsArea,
  receivingArea,
  scannerArea,
  unidentifiedArea,
  inventoryArea,
  lotsArea,
  historyArea,
  draftsArea,
  returnsArea,
  stockArea,
  todayArea,
  printingArea,
] as const satisfies readonly CoreArea[];

type Served<A> = A extends { channels: infer C } ? keyof C : never;
/** Contract channels no area above serves. */
type Unserved = Exclude<ChannelName, Served<(typeof coreAreas)[number]>>;
/**
 * Fails to compile when a channel of the contract has no area's handler, and the compiler's message
 * lists the channels missing ("missing the following properties"); each area's own handlers are
 * checked against its channels by defineCoreArea.
 */
export const everyChannelServed: Record<Unserved, 'has no handler in any area'> = {};
