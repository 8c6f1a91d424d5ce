import type { CachedItem, CachedItemCodes, CachedLevel, CachedLot, ReturnPreference } from '../../../shared/schemas/inventory-cache.js';
import type { InventoryItem, InventoryLevel, InventoryLevelWithLocations, InventoryLevelWithLots } from '../../../shared/schemas/inventory.js';
import type { ProductCodes } from '../../../shared/schemas/products.js';

/**
 * Cache records from the service's lists (pure: the sync's worker thread and the online lookup both
 * use it). Per-center quantities: the service publishes on hand, committed, fulfillable, awaiting and
 * internal transfer per center, but sellable, backordered and exception only per item. Levels therefore
 * hold one row per center with the published numbers and, for an item stocked at one center only, the
 * item's sellable, backordered and exception (they can only be there); at several centers those three
 * are 0 per center (sellable: fulfillable) and the row with fcId TOTAL_FC_ID carries the item's totals.
 */
export const TOTAL_FC_ID = 0;

/** What an item's variant gives its record: codes and return preference (the inventory barcode comes from the inventory list). */
export type VariantCodes = Omit<CachedItemCodes, 'inventoryBarcode'>;

/** The variant codes per inventory id: from the products fetched, over (refresh) the codes of the cache in use. Also for the online lookup. */
export function codesByInventoryId(products: ProductCodes[], previous: Map<number, VariantCodes> | null): Map<number, VariantCodes> {
  const codes = new Map<number, VariantCodes>(previous ?? []);
  for (const product of products) {
    for (const v of product.variants ?? []) {
      const inventoryId = v.inventory?.inventory_id;
      if (inventoryId == null) continue;
      const barcodes = (v.barcodes ?? []).map((b) => b.value).filter((b): b is string => typeof b === 'string' && b.trim() !== '');
      codes.set(inventoryId, { variantId: v.id ?? null, gtin: blankToNull(v.gtin), upc: blankToNull(v.upc), barcodes, returnPreference: preferenceOf(v) });
    }
  }
  return codes;
}

/** The variant's return preference; null when it names no action and no instructions (the desk's default applies). */
function preferenceOf(v: NonNullable<ProductCodes['variants']>[number]): ReturnPreference | null {
  const r = v.return_preferences;
  const preference = {
    primaryAction: r?.primary_action?.name ?? null,
    backupAction: r?.backup_action?.name ?? null,
    instructions: blankToNull(r?.instructions),
  };
  return preference.primaryAction === null && preference.backupAction === null && preference.instructions === null ? null : preference;
}

/** A quantity the published shape may leave out counts as 0. */
function q(value: number | null | undefined): number {
  return value ?? 0;
}

function blankToNull(value: string | null | undefined): string | null {
  return value == null || value.trim() === '' ? null : value;
}

/** Cache records from the service's lists: the one place that decides an item's flags, levels, lots and codes (the online lookup uses it too). */
export function assemble(
  items: InventoryItem[],
  totals: InventoryLevel[],
  locations: InventoryLevelWithLocations[],
  lots: InventoryLevelWithLots[],
  codes: Map<number, VariantCodes>,
): CachedItem[] {
  const collector = new RecordCollector();
  collector.addItems(items);
  collector.addTotals(totals);
  collector.addLocations(locations);
  collector.addLots(lots);
  return collector.records(codes);
}

/** What an item's record takes from the inventory list itself. */
type ItemFields = Omit<CachedItem, 'codes' | 'levels' | 'lots'> & { inventoryBarcode: string | null };
/** The item totals `levelsOf` reads. */
type KeptTotal = Pick<
  InventoryLevel,
  | 'total_on_hand_quantity'
  | 'total_committed_quantity'
  | 'total_fulfillable_quantity'
  | 'total_sellable_quantity'
  | 'total_awaiting_quantity'
  | 'total_backordered_quantity'
  | 'total_exception_quantity'
  | 'total_internal_transfer_quantity'
>;
type Location = NonNullable<InventoryLevelWithLocations['locations']>[number];
/** The per-center numbers `levelsOf` reads. */
type KeptLocation = Pick<
  Location,
  'location_id' | 'on_hand_quantity' | 'committed_quantity' | 'fulfillable_quantity' | 'awaiting_quantity' | 'internal_transfer_quantity'
>;

/**
 * `assemble` list by list, page by page: each record is reduced at once to what the cache keeps, so
 * the parsed page (every field the service sends) can go. The sync's worker holds a whole pass this
 * way: keeping the parsed pages until the end (about 1.4 KB of JSON per item over the four inventory
 * lists) had the worker's garbage collector move them again and again; in a profile at 50,000 items
 * its time halved (1.1 to 0.55 s). The records are put together in `records`.
 */
export class RecordCollector {
  private readonly items: ItemFields[] = [];
  private readonly seen = new Set<number>();
  private readonly totals = new Map<number, KeptTotal>();
  private readonly locations = new Map<number, KeptLocation[]>();
  private readonly lots = new Map<number, CachedLot[]>();

  addItems(items: InventoryItem[]): void {
    for (const it of items) {
      // A cursor list read while items change may show one twice; the first is kept.
      if (this.seen.has(it.inventory_id)) continue;
      this.seen.add(it.inventory_id);
      this.items.push(itemFields(it));
    }
  }

  /** A list read twice (or an item in it twice): the last is kept, for this and the other level lists. */
  addTotals(totals: InventoryLevel[]): void {
    for (const t of totals) {
      this.totals.set(t.inventory_id, {
        total_on_hand_quantity: t.total_on_hand_quantity,
        total_committed_quantity: t.total_committed_quantity,
        total_fulfillable_quantity: t.total_fulfillable_quantity,
        total_sellable_quantity: t.total_sellable_quantity,
        total_awaiting_quantity: t.total_awaiting_quantity,
        total_backordered_quantity: t.total_backordered_quantity,
        total_exception_quantity: t.total_exception_quantity,
        total_internal_transfer_quantity: t.total_internal_transfer_quantity,
      });
    }
  }

  addLocations(locations: InventoryLevelWithLocations[]): void {
    for (const l of locations) {
      this.locations.set(
        l.inventory_id,
        (l.locations ?? []).map((at) => ({
          location_id: at.location_id,
          on_hand_quantity: at.on_hand_quantity,
          committed_quantity: at.committed_quantity,
          fulfillable_quantity: at.fulfillable_quantity,
          awaiting_quantity: at.awaiting_quantity,
          internal_transfer_quantity: at.internal_transfer_quantity,
        })),
      );
    }
  }

  addLots(lots: InventoryLevelWithLots[]): void {
    for (const l of lots) this.lots.set(l.inventory_id, lotsOf(l.lots ?? []));
  }

  /** The records, in the inventory list's order, with the variant codes given. */
  records(codes: Map<number, VariantCodes>): CachedItem[] {
    // Each record written out field by field: a rest pattern and a spread per item (the obvious
    // way) took about a fifth of a full sync's assembly at 50,000 items, most of it in copying.
    return this.items.map((it) => {
      const code = codes.get(it.inventoryId);
      return {
        inventoryId: it.inventoryId,
        sku: it.sku,
        name: it.name,
        flags: it.flags,
        dimensions: it.dimensions,
        weight: it.weight,
        codes: {
          inventoryBarcode: it.inventoryBarcode,
          variantId: code?.variantId ?? null,
          gtin: code?.gtin ?? null,
          upc: code?.upc ?? null,
          barcodes: code?.barcodes ?? [],
          returnPreference: code?.returnPreference ?? null,
        },
        levels: levelsOf(this.totals.get(it.inventoryId), this.locations.get(it.inventoryId) ?? []),
        lots: this.lots.get(it.inventoryId) ?? [],
      };
    });
  }
}

/** An item's own fields: name, SKU, flags, size, weight and the inventory barcode. */
function itemFields(it: InventoryItem): ItemFields {
  const variant = it.variant;
  return {
    inventoryId: it.inventory_id,
    sku: it.sku ?? '',
    name: it.name ?? '',
    flags: {
      lot: it.is_lot ?? false,
      digital: variant?.is_digital ?? false,
      bundle: variant?.is_bundle ?? false,
      case: it.is_case ?? false,
      active: variant?.is_active ?? true,
      hazmat: variant?.hazmat?.is_hazmat ?? false,
    },
    dimensions: it.dimensions
      ? { length: it.dimensions.length ?? 0, width: it.dimensions.width ?? 0, height: it.dimensions.height ?? 0, unit: it.dimensions.unit ?? '' }
      : null,
    weight: it.weight ? { value: it.weight.value ?? 0, unit: it.weight.unit ?? '' } : null,
    inventoryBarcode: blankToNull(it.barcode),
  };
}

/** An item's levels: one per location, with the service's totals as their own row when not exactly one location holds it. */
function levelsOf(total: KeptTotal | undefined, at: KeptLocation[]): CachedLevel[] {
  const levels: CachedLevel[] = at.map((l) => {
    const single = at.length === 1 && total;
    return {
      fcId: q(l.location_id),
      onHand: q(l.on_hand_quantity),
      committed: q(l.committed_quantity),
      fulfillable: q(l.fulfillable_quantity),
      sellable: single ? q(total.total_sellable_quantity) : q(l.fulfillable_quantity),
      awaiting: q(l.awaiting_quantity),
      backordered: single ? q(total.total_backordered_quantity) : 0,
      exception: single ? q(total.total_exception_quantity) : 0,
      internalTransfer: q(l.internal_transfer_quantity),
    };
  });
  if (total && at.length !== 1) {
    levels.push({
      fcId: TOTAL_FC_ID,
      onHand: q(total.total_on_hand_quantity),
      committed: q(total.total_committed_quantity),
      fulfillable: q(total.total_fulfillable_quantity),
      sellable: q(total.total_sellable_quantity),
      awaiting: q(total.total_awaiting_quantity),
      backordered: q(total.total_backordered_quantity),
      exception: q(total.total_exception_quantity),
      internalTransfer: q(total.total_internal_transfer_quantity),
    });
  }
  return levels;
}

/** An item's lots, one record per lot and location; a lot without a number is not one the desk can name. */
function lotsOf(lots: NonNullable<InventoryLevelWithLots['lots']>): CachedLot[] {
  const itemLots: CachedLot[] = [];
  for (const lot of lots) {
    if (!lot.lot_number) continue;
    for (const l of lot.locations ?? []) {
      itemLots.push({
        lotNumber: lot.lot_number,
        expiresAt: lot.lot_date ?? null,
        fcId: q(l.location_id),
        onHand: q(l.on_hand_quantity),
        fulfillable: q(l.fulfillable_quantity),
      });
    }
  }
  return itemLots;
}
