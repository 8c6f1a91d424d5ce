import type { ChannelName } from '../../shared/ipc/contract.js';
import { appArea } from './app/app.contribution.js';
import type { AnyCoreArea, Unbuildable, Unprovided } from './area.js';
import { sessionArea } from './auth/session.contribution.js';
import { draftsArea } from './drafts/drafts.contribution.js';
import { environmentsArea } from './environments/environments.contribution.js';
import { historyArea } from '../../areas/history/core/history.contribution.js';
import { inventoryArea } from '../../areas/inventory/core/inventory.contribution.js';
import { lotsArea } from '../../areas/lots/core/lots.contribution.js';
import { printingArea } from '../../areas/printing/core/printing.contribution.js';
import { receivingArea } from '../../areas/receiving/core/receiving.contribution.js';
import { returnsArea } from '../../areas/returns/core/returns.contribution.js';
import { scannerArea } from './scanner/scanner.contribution.js';
import { stockArea } from '../../areas/stock/core/stock.contribution.js';
import { todayArea } from '../../areas/today/core/today.contribution.js';
import { unidentifiedArea } from '../../areas/unidentified/core/unidentified.contribution.js';

/**
 * Every area's part of the core. app-core.ts builds each after the areas providing what it needs
 * (`buildOrder`), otherwise in this order; a new area adds one entry.
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
] as const satisfies readonly AnyCoreArea[];

type Served<A> = A extends { channels: infer C } ? keyof C : never;
/** Contract channels no area above serves. */
type Unserved = Exclude<ChannelName, Served<(typeof coreAreas)[number]>>;
/**
 * Fails to compile when a channel of the contract has no area's handler, and the compiler's message
 * lists the channels missing ("missing the following properties"); each area's own handlers are
 * checked against its channels by defineCoreArea.
 */
export const everyChannelServed: Record<Unserved, 'has no handler in any area'> = {};

/**
 * Fail to compile when an area needs a service no area of the list provides, or when areas wait on
 * each other: the compiler names the service, then the areas that could never be built. The core
 * refuses the same at start-up (`buildOrder`), for a list put together at run time.
 */
export const everyNeedProvided: Record<Unprovided<typeof coreAreas>, 'no area provides it'> = {};
export const everyAreaBuildable: Record<Unbuildable<typeof coreAreas>, 'waits on a cycle of needs or on a missing service'> = {};
