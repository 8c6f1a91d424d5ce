import type { CachedItem } from '../../../../shared/schemas/inventory-cache';
import { call } from '../../bridge/dockdesk';
import { paletteSources, type PaletteItem } from '../../palette/entries';

/**
 * What Lot exclusions adds to the shared mechanisms: a palette entry "Lot exclusions for <item>" for
 * an item found by any code (exact lookup) or by name or SKU (search), from the inventory cache.
 * Scans anywhere open the item itself (the Inventory workspace's resolver); a scan in this
 * workspace's field opens its lots.
 */
const PALETTE_HITS = 5;

function entry(item: CachedItem): PaletteItem {
  const href = `#/lots/${item.inventoryId}`;
  return {
    id: href,
    label: `Lot exclusions for ${item.sku}`,
    detail: `${item.name}${item.flags.lot ? '' : ' · not lot-tracked'}`,
    href,
    keywords: 'lot exclusions for item exclude restore expiry',
  };
}

paletteSources.add('lots', {
  id: 'lot-exclusions',
  group: 'Lot exclusions',
  async search(query, signal) {
    // "lot exclusions for ABC-1" or "lots ABC-1" find ABC-1; the words alone find nothing to open.
    const text = query.replace(/^\s*(lot\s+exclusions?|lots?)(\s+for)?(\s+item)?\s*/i, '').trim();
    if (text.length < 2 || text.length > 200) return [];
    const [exact, found] = await Promise.all([
      call('inventory.lookup', { code: text }, signal),
      call('inventory.search', { text, offset: 0, limit: PALETTE_HITS }, signal),
    ]);
    const items = [...exact.matches.map((m) => m.item), ...found.hits.map((h) => h.item)];
    const seen = new Set<number>();
    return items
      .filter((i) => !seen.has(i.inventoryId) && seen.add(i.inventoryId))
      .slice(0, PALETTE_HITS)
      .map(entry);
  },
});
