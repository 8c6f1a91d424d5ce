import { seedChannels } from './channels.js';
import { FULFILLMENT_CENTERS } from './catalog.js';
import type { EmulatorData } from './model.js';
import { SeededRandom } from './random.js';
import { makeBilling } from './seed/billing.js';
import { makeCatalog } from './seed/catalog.js';
import { makeHistory } from './seed/history.js';
import { makeLotExclusions } from './seed/lot-exclusions.js';
import { makeOrders } from './seed/orders.js';
import { makeReceivingOrders } from './seed/receiving.js';
import { makeReturns } from './seed/returns.js';
import { makeUros } from './seed/uros.js';

export { fulfillable } from './seed/catalog.js';
import { addTodayScenario } from './today-scenario.js';

export interface GenerateOptions {
  seed: number;
  /** 1 to 100,000. */
  inventoryItems: number;
  receivingOrders: number;
  now: Date;
}

export const DEFAULTS = { seed: 20261121, inventoryItems: 240, receivingOrders: 64 } as const;

/**
 * Makes a believable warehouse from a seed: same seed, same data. Every enum value the spec names
 * appears somewhere, so clients can be tested against all of them (the conformance suite checks).
 * Each part lives in seed/, by what it makes; they run in this order on one random sequence, so a
 * part added anywhere but at the end changes everything after it for the same seed.
 */
export function generateData(options: GenerateOptions): EmulatorData {
  const rng = new SeededRandom(options.seed);
  const now = options.now.getTime();
  const data = emptyData(options.seed);
  makeCatalog(rng, data, options.inventoryItems, now);
  makeHistory(rng, data, now);
  makeReceivingOrders(rng, data, options.receivingOrders, now);
  makeUros(rng, data, now);
  makeLotExclusions(rng, data, now);
  makeOrders(rng, data, now);
  makeReturns(rng, data, now);
  makeBilling(rng, data, now);
  // Scenarios that stage a particular situation on top of the warehouse come last, here.
  addTodayScenario(data, now);
  return data;
}

function emptyData(seed: number): EmulatorData {
  return {
    version: 1,
    seed,
    nextId: 900_000,
    fulfillmentCenters: FULFILLMENT_CENTERS.map((fc) => ({ ...fc })),
    channels: seedChannels(),
    products: [],
    inventory: [],
    receivingOrders: [],
    uros: [],
    history: [],
    lotExclusions: [],
    orders: [],
    returns: [],
    simulations: [],
    invoices: [],
    transactions: [],
    webhooks: [],
  };
}
