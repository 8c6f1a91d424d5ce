import { z } from 'zod';
import { ChannelList } from '../../../shared/schemas/channel.js';
import {
  HistoryPage,
  InventoryItem,
  InventoryLevel,
  InventoryLevelLocationsPage,
  InventoryLevelLotsPage,
  InventoryLevelPage,
  InventoryLevelWithLocations,
  InventoryLevelWithLots,
  InventoryPage,
} from '../../../shared/schemas/inventory.js';
import { ProductCodesPage } from '../../../shared/schemas/products.js';
import { LotExclusion, LotExclusionList, LotExclusionState } from '../../../shared/schemas/lots.js';
import { Distributions, FulfillmentCenter, ReceivingBox, ReceivingList, ReceivingOrder } from '../../../shared/schemas/receiving.js';
import { OrderV, ShipmentV } from '../../../shared/schemas/orders.js';
import { UnidentifiedReceivingOrder, sniffImageType } from '../../../shared/schemas/uro.js';
import { ReturnPage, ReturnRecord, ReturnWriteResult } from '../../../shared/schemas/returns.js';
import type { OperationName } from './operations.js';

/** A PDF as bytes: what the labels answer is read as when the client asks for application/pdf. */
const Pdf = z.instanceof(Buffer).refine((b) => b.subarray(0, 5).toString('latin1') === '%PDF-', { message: 'not a PDF' });

/** An attachment image as bytes, whatever type was declared: a raster image by its own magic number. */
const AttachmentImage = z.instanceof(Buffer).refine((b) => sniffImageType(b) !== null, { message: 'not a PNG, JPEG, GIF or WebP image' });

/**
 * The schema each operation's answer is read with: the one place per operation. The property test
 * (test/unit/published-bodies.test.ts) generates bodies from the published documents for each of
 * these and shows they are accepted, or refused only for a field of required-by-desk.ts.
 */
export const RESPONSES = {
  'channel.list': ChannelList,
  'fulfillmentCenter.list': z.array(FulfillmentCenter),
  'receiving.list': ReceivingList,
  'receiving.get': ReceivingOrder,
  'receiving.create': ReceivingOrder,
  'receiving.cancel': ReceivingOrder,
  'receiving.boxes': z.array(ReceivingBox),
  'receiving.labels': Pdf,
  'receiving.distributions': Distributions,
  'receiving.setExternalSync': ReceivingOrder,
  'product.list': ProductCodesPage,
  'uro.list': z.array(UnidentifiedReceivingOrder),
  'uro.get': UnidentifiedReceivingOrder,
  'uro.attachment': AttachmentImage,
  'uro.associateWro': z.unknown(),
  'inventory.list': InventoryPage,
  'inventory.get': InventoryItem,
  'inventoryLevel.list': InventoryLevelPage,
  'inventoryLevel.get': InventoryLevel,
  'inventoryLevel.locations': InventoryLevelLocationsPage,
  'inventoryLevel.lots': InventoryLevelLotsPage,
  'inventoryLevel.itemLocations': InventoryLevelWithLocations,
  'inventoryLevel.itemLots': InventoryLevelWithLots,
  'inventory.history': HistoryPage,
  'lotExclusion.list': LotExclusionList,
  'lotExclusion.create': LotExclusion,
  'lotExclusion.delete': LotExclusionState,
  'lotExclusion.restore': LotExclusionState,
  'order.list': z.array(OrderV),
  'shipment.get': ShipmentV,
  'return.list': ReturnPage,
  'return.get': ReturnRecord,
  'return.create': ReturnWriteResult,
  'return.update': ReturnWriteResult,
  'return.cancel': z.unknown(),
} as const satisfies Record<OperationName, z.ZodType>;
