import type { ChannelName } from '../../shared/ipc/contract.js';
import { appArea } from './app/app.contribution.js';
import type { AnyCoreArea, Unbuildable, Unprovided } from './area.js';
import { featureCoreAreas } from './areas.generated.js';
import { sessionArea } from './auth/session.contribution.js';
import { draftsArea } from './drafts/drafts.contribution.js';
import { environmentsArea } from './environments/environments.contribution.js';
import { scannerArea } from './scanner/scanner.contribution.js';

/**
 * Every area's part of the core: the kit's, then each feature area's (areas.generated.ts, written
 * from areas/manifest.ts by `npm run areas`). app-core.ts builds each after the areas providing what
 * it needs (`buildOrder`), otherwise in this order.
 */
export const coreAreas = [appArea, sessionArea, environmentsArea, scannerArea, draftsArea, ...featureCoreAreas] as const satisfies readonly AnyCoreArea[];

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
