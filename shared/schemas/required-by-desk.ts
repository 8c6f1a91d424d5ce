/**
 * The fields the desk cannot work without, per shape: the one place this is decided. The published
 * documents require no response field at all, so the client accepts any of them being absent (or
 * null where published nullable) except these; a body lacking one is refused with an error naming the
 * endpoint and the field. `published` names the shape's components in the published documents (the
 * property test generates bodies from them).
 */
export const REQUIRED_BY_DESK = {
  /** Which channel goes in service_channel_id is read from the scopes. */
  Channel: { fields: ['id', 'scopes'], published: ['Channels.ChannelViewModel'] },
  FulfillmentCenter: { fields: ['id'], published: ['Receiving.FulfillmentCenterViewModel'] },
  /** A WRO is opened by id; what may be done with it depends on its status. */
  ReceivingOrder: { fields: ['id', 'status'], published: ['Receiving.V2.WarehouseReceivingOrderViewModel'] },
  ReceivingQuantity: { fields: ['inventory_id'], published: ['Receiving.V2.InventoryQuantityViewModel'] },
  /** Boxes are scanned by id. */
  ReceivingBox: { fields: ['box_id'], published: ['Receiving.BoxViewModel'] },
  ReceivingBoxItem: { fields: ['inventory_id'], published: ['Receiving.BoxItemViewModel'] },
  Distributions: { fields: ['id'], published: ['Receiving.WroDistributionDetailsResponse'] },
  Distribution: { fields: ['inventory_id'], published: ['Receiving.DistributionItem'] },
  InventoryItem: { fields: ['inventory_id'], published: ['Inventory.InventoryResponse'] },
  InventoryLevel: {
    fields: ['inventory_id'],
    published: ['Inventory.InventoryQuantityResponse', 'Inventory.InventoryQuantityFcResponse', 'Inventory.InventoryQuantityLotResponse'],
  },
  LocationLevel: { fields: ['location_id'], published: ['Inventory.FulfillmentCenterResponse', 'Inventory.FulfillableQuantityByFulfillmentCenter'] },
  LotLevel: { fields: ['lot_number'], published: ['Inventory.Lots'] },
  /** History pages by event id (the cursor) and sums quantity changes into on-hand over time. */
  InventoryEvent: { fields: ['inventory_audit_event_id', 'inventory_id', 'event_datetime'], published: ['FulfillmentCenterInventoryService.InventoryHistory'] },
  QuantityMovement: { fields: ['quantity_change'], published: ['FulfillmentCenterInventoryService.InventoryHistoryDetails'] },
  /** A return is found again by its reference id after a lost answer (spec 4.8 rule 4). */
  ReturnRecord: { fields: ['id', 'reference_id', 'status'], published: ['Returns.PublicReturnDto', 'Returns.PublicReturnV1Dto'] },
  ReturnItem: { fields: ['id', 'quantity'], published: ['Returns.InventoryItemDto', 'Returns.InventoryItemV1Dto'] },
  Webhook: { fields: ['id'], published: ['Webhooks.V2.WebhookViewModelV2', 'Webhooks.V2.Create.WebhookViewModelV2'] },
} as const satisfies Record<string, { fields: readonly string[]; published: readonly string[] }>;

export type DeskShape = keyof typeof REQUIRED_BY_DESK;
