import { z } from 'zod';

/**
 * The inventory search's address: #/inventory?q=coffee&page=2. A part that does not parse (an old
 * bookmark, a typo) falls back to its default instead of breaking the view.
 */
export const InventorySearch = z.object({
  q: z.string().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});
export type InventorySearch = z.infer<typeof InventorySearch>;

/** An item's address: #/inventory/items/1234?lot=LOT-7 (a scanned GS1 code's lot is marked in the detail). */
export const ItemSearch = z.object({
  lot: z.string().trim().min(1).max(100).optional().catch(undefined),
});
export type ItemSearch = z.infer<typeof ItemSearch>;

/** Results per page of the search (main answers at most SEARCH_LIMIT_MAX a call). */
export const INVENTORY_PAGE_SIZE = 100;

export const itemHref = (inventoryId: number, lot?: string | null) => `#/inventory/items/${inventoryId}${lot ? `?lot=${encodeURIComponent(lot)}` : ''}`;
