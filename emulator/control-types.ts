import type { EmulatorData } from './data/model.js';

/** The stored collections the control API serves under /__emulator/data/{collection}. */
export const DATA_COLLECTIONS = [
  'fulfillmentCenters',
  'channels',
  'products',
  'inventory',
  'receivingOrders',
  'uros',
  'history',
  'lotExclusions',
  'orders',
  'returns',
  'simulations',
  'invoices',
  'transactions',
  'webhooks',
] as const satisfies readonly (keyof EmulatorData)[];

export type DataCollection = (typeof DATA_COLLECTIONS)[number];
