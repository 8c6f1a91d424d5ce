/**
 * The version table: each operation the client uses, mapped to the newest version's path that has
 * it (API notes, Versions the client uses). 1.0 is past its sunset and never appears here. 2026-07
 * carries every 2026-01 operation (the published documents' newest) plus the spec's additions.
 * Path parameters are written {name} and filled by the client.
 */
export const OPERATIONS = {
  'channel.list': { method: 'GET', path: '/2026-07/channel', scope: 'channels_read' },
  'fulfillmentCenter.list': { method: 'GET', path: '/2026-07/fulfillment-center', scope: 'locations_read' },
  'receiving.list': { method: 'GET', path: '/2026-07/receiving', scope: 'receiving_read' },
  'receiving.get': { method: 'GET', path: '/2026-07/receiving/{id}', scope: 'receiving_read' },
  'receiving.create': { method: 'POST', path: '/2026-07/receiving', scope: 'receiving_write' },
  'receiving.cancel': { method: 'POST', path: '/2026-07/receiving/{id}:cancel', scope: 'receiving_write' },
  'receiving.boxes': { method: 'GET', path: '/2026-07/receiving/{id}/boxes', scope: 'receiving_read' },
  'receiving.labels': { method: 'GET', path: '/2026-07/receiving/{id}/labels', scope: 'receiving_read' },
  'receiving.distributions': { method: 'GET', path: '/2026-07/receiving/{id}/distributions', scope: 'receiving_read' },
  'receiving.setExternalSync': { method: 'POST', path: '/2026-07/receiving:setExternalSync', scope: 'receiving_write' },
  // The inventory cache reads the variants' codes from the product list (cursor pages, API notes: Superseded).
  'product.list': { method: 'GET', path: '/2026-07/product', scope: 'products_read' },
  'uro.list': { method: 'GET', path: '/2026-07/unidentified-receiving-order', scope: 'receiving_read' },
  'uro.get': { method: 'GET', path: '/2026-07/unidentified-receiving-order/{uroId}', scope: 'receiving_read' },
  'uro.attachment': { method: 'GET', path: '/2026-07/unidentified-receiving-order/{uroId}/attachments/{attachmentId}', scope: 'receiving_read' },
  'uro.associateWro': { method: 'POST', path: '/2026-07/unidentified-receiving-order/{uroId}:associateWRO', scope: 'receiving_write' },
  'inventory.list': { method: 'GET', path: '/2026-07/inventory', scope: 'inventory_read' },
  'inventory.get': { method: 'GET', path: '/2026-07/inventory/{inventoryId}', scope: 'inventory_read' },
  'inventoryLevel.list': { method: 'GET', path: '/2026-07/inventory-level', scope: 'inventory_read' },
  'inventoryLevel.get': { method: 'GET', path: '/2026-07/inventory-level/{inventoryId}', scope: 'inventory_read' },
  'inventoryLevel.locations': { method: 'GET', path: '/2026-07/inventory-level/locations', scope: 'inventory_read' },
  'inventoryLevel.lots': { method: 'GET', path: '/2026-07/inventory-level/lots', scope: 'inventory_read' },
  'inventoryLevel.itemLocations': { method: 'GET', path: '/2026-07/inventory-level/{inventoryId}/locations', scope: 'inventory_read' },
  'inventoryLevel.itemLots': { method: 'GET', path: '/2026-07/inventory-level/{inventoryId}/lots', scope: 'inventory_read' },
  'inventory.history': { method: 'POST', path: '/2026-07/inventory/history:query', scope: 'inventory_read' },
  'lotExclusion.list': { method: 'GET', path: '/2026-07/lot-exclusion', scope: 'inventory_read' },
  'lotExclusion.create': { method: 'POST', path: '/2026-07/lot-exclusion', scope: 'inventory_write' },
  'lotExclusion.delete': { method: 'POST', path: '/2026-07/lot-exclusion:delete', scope: 'inventory_write' },
  'lotExclusion.restore': { method: 'POST', path: '/2026-07/lot-exclusion/restore', scope: 'inventory_write' },
  'order.list': { method: 'GET', path: '/2026-07/order', scope: 'orders_read' },
  // A return names its original shipment by id only; the shipment gives the order reference and tracking a clerk knows.
  'shipment.get': { method: 'GET', path: '/2026-07/shipment/{shipmentId}', scope: 'orders_read' },
  'return.list': { method: 'GET', path: '/2026-07/return', scope: 'returns_read' },
  'return.get': { method: 'GET', path: '/2026-07/return/{id}', scope: 'returns_read' },
  'return.create': { method: 'POST', path: '/2026-07/return', scope: 'returns_write' },
  'return.update': { method: 'PUT', path: '/2026-07/return/{id}', scope: 'returns_write' },
  'return.cancel': { method: 'POST', path: '/2026-07/return/{id}:cancel', scope: 'returns_write' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; scope: string }>;

export type OperationName = keyof typeof OPERATIONS;

export function operationPath(name: OperationName, params: Record<string, string | number> = {}): string {
  return OPERATIONS[name].path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`operation ${name} needs path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** What a clerk waits for when an operation's call waits for the request budget: a code the status bar words (budget.waitAction). */
export function waitSubject(name: OperationName): 'receivingOrder' | 'item' | 'lotExclusions' | 'return' | 'account' {
  const area = name.slice(0, name.indexOf('.'));
  if (area === 'receiving' || area === 'uro') return 'receivingOrder';
  if (area === 'inventory' || area === 'inventoryLevel' || area === 'product') return 'item';
  if (area === 'lotExclusion') return 'lotExclusions';
  if (area === 'return' || area === 'shipment' || area === 'order') return 'return';
  return 'account';
}
