import { fulfillable } from '../../emulator/data/generate.js';
import type { EmulatorData } from '../../emulator/data/model.js';
import type { CachedItem, InventoryCacheSnapshot } from '../../shared/schemas/inventory-cache.js';

/**
 * Cache records from the emulator's generated warehouse, for the benchmarks only: the sync
 * will build the same records from the service's inventory, inventory-level and product pages. The
 * quantities follow the emulator's own rules (fulfillable = on hand - committed - exception;
 * sellable = fulfillable - exception, API notes).
 */
export function snapshotFromEmulator(data: EmulatorData, syncedAt: string): InventoryCacheSnapshot {
  const variants = new Map(data.products.flatMap((p) => p.variants.map((v) => [v.id, v] as const)));
  const items: CachedItem[] = data.inventory.map((it) => {
    const v = variants.get(it.variant_id);
    return {
      inventoryId: it.inventory_id,
      sku: it.sku,
      name: it.name,
      flags: { lot: it.is_lot, digital: it.is_digital, bundle: it.is_bundle, case: it.is_case, active: it.is_active, hazmat: it.is_hazmat },
      dimensions: { ...it.dimensions, unit: 'in' },
      weight: { value: it.weight_oz, unit: 'oz' },
      codes: {
        inventoryBarcode: it.barcode,
        variantId: v?.id ?? null,
        gtin: v?.gtin ?? null,
        upc: v?.upc ?? null,
        barcodes: v?.barcodes.map((b) => b.value) ?? [],
        returnPreference: v?.return_preferences
          ? {
              primaryAction: v.return_preferences.primary_action?.name ?? null,
              backupAction: v.return_preferences.backup_action?.name ?? null,
              instructions: null,
            }
          : null,
      },
      levels: it.levels.map((l) => {
        const ful = fulfillable(l);
        return {
          fcId: l.fc_id,
          onHand: l.on_hand,
          committed: l.committed,
          fulfillable: ful,
          sellable: Math.max(0, ful - l.exception),
          awaiting: l.awaiting,
          backordered: l.backordered,
          exception: l.exception,
          internalTransfer: l.internal_transfer,
        };
      }),
      lots: it.lots.map((l) => ({ lotNumber: l.lot_number, expiresAt: l.expiration_date, fcId: l.fc_id, onHand: l.on_hand, fulfillable: l.on_hand })),
    };
  });
  return {
    items,
    centers: data.fulfillmentCenters.map((fc) => ({ id: fc.id, name: fc.name })),
    syncedAt: { items: syncedAt, levels: syncedAt, lots: syncedAt, codes: syncedAt },
  };
}
