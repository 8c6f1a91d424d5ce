import type { LookupAnswer } from '../../../../shared/ipc/inventory';
import type { Candidate } from '../../../../shared/scan/router';
import { call } from '../../bridge/dockdesk';
import { paletteActions, paletteSources, type PaletteItem } from '../../palette/entries';
import { scanResolvers } from '../../scan/resolvers';
import { fillStatusSlot } from '../../ui/statusSlots';
import { itemHref } from './search';
import { InventoryFreshnessSlot, InventorySyncSlot } from './SyncStatusBar';

/**
 * What Inventory adds to the shared mechanisms: a scan resolver (any item code: inventory id, SKU,
 * barcode, GTIN in any length, a GS1 element string, bracketed or Digital Link; main reads it and looks
 * it up in the offline cache), items in the command palette ("item by SKU or name"), and the status
 * bar's sync progress and freshness.
 */

const MATCHED = { inventoryId: 'inventory id', sku: 'SKU', gtin: 'GTIN', barcode: 'barcode' } as const;

export function itemCandidates(answer: LookupAnswer): Candidate[] {
  const lot = answer.scan?.lot ?? null;
  return answer.matches.map((m) => ({
    label: `Item ${m.item.sku}`,
    detail: [m.item.name, `by ${m.matchedBy.map((k) => MATCHED[k]).join(', ')}`, lot ? `lot ${lot}` : null].filter(Boolean).join(' · '),
    href: itemHref(m.item.inventoryId, lot),
  }));
}

/** The items a scanned or typed code names exactly (no partial matches: a scan means one thing). */
export async function findItemsByCode(text: string, signal?: AbortSignal): Promise<Candidate[]> {
  const code = text.trim();
  if (code.length === 0 || code.length > 500) return [];
  return itemCandidates(await call('inventory.lookup', { code }, signal));
}

scanResolvers.add('inventory', { id: 'item', resolve: (q, signal) => findItemsByCode(q.text, signal) });

paletteSources.add('inventory', {
  id: 'items',
  group: 'Items',
  async search(query, signal) {
    const text = query.trim();
    if (text.length === 0 || text.length > 200) return [];
    const [byCode, found] = await Promise.all([findItemsByCode(text, signal), call('inventory.search', { text, offset: 0, limit: 8 }, signal)]);
    const items: PaletteItem[] = byCode.map((c) => ({ id: c.href, label: c.label, ...(c.detail ? { detail: c.detail } : {}), href: c.href }));
    const seen = new Set(items.map((i) => i.id));
    for (const hit of found.hits) {
      const href = itemHref(hit.item.inventoryId);
      if (seen.has(href)) continue;
      seen.add(href);
      items.push({ id: href, label: `Item ${hit.item.sku}`, detail: hit.item.name, href });
    }
    return items.slice(0, 8);
  },
});

paletteActions.add('inventory', {
  id: 'item-search',
  label: 'Find an item by SKU or name',
  detail: 'Inventory',
  href: '#/inventory',
  keywords: 'inventory lookup barcode gtin stock',
});
paletteActions.add('inventory', {
  id: 'sync-now',
  label: 'Sync the inventory cache now',
  detail: 'Inventory',
  keywords: 'inventory refresh offline cache',
  run: () => void call('inventory.syncStart', { mode: 'full' }).catch(() => undefined),
});

fillStatusSlot('sync', <InventorySyncSlot />);
fillStatusSlot('freshness', <InventoryFreshnessSlot />);
