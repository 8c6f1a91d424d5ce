import type { LookupAnswer } from '../common/ipc';
import type { Candidate } from '../../../shared/scan/router';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { currentWords } from '../../../renderer/src/i18n/useT';
import type { PaletteItem } from '../../../renderer/src/palette/entries';
import { recordIdParams, rootRoute } from '../../../renderer/src/app/rootRoute';
import { defineArea, type LazyView } from '../../../renderer/src/workspaces/area';
import { InventorySearch, ItemSearch, itemHref } from './search';
import { InventoryFreshnessSlot, InventorySyncSlot } from './SyncStatusBar';

/** The items a lookup found, worded in the language in force when the scan is made. */
export function itemCandidates(answer: LookupAnswer): Candidate[] {
  const { t, list } = currentWords();
  const lot = answer.scan?.lot ?? null;
  return answer.matches.map((m) => {
    const matched = list(m.matchedBy.map((kind) => t('inventory.codeKind', { kind })));
    return {
      label: t('inventory.area.item', { sku: m.item.sku }),
      detail: lot ? t('inventory.area.itemDetailLot', { name: m.item.name, matched, lot }) : t('inventory.area.itemDetail', { name: m.item.name, matched }),
      href: itemHref(m.item.inventoryId, lot),
    };
  });
}

/** The items a scanned or typed code names exactly (no partial matches: a scan means one thing). */
export async function findItemsByCode(text: string, signal?: AbortSignal): Promise<Candidate[]> {
  const code = text.trim();
  if (code.length === 0 || code.length > 500) return [];
  return itemCandidates(await call('inventory.lookup', { code }, signal));
}

/** Items in the palette: what the typed text names exactly (any code), then name or SKU matches. */
async function searchItems(query: string, signal: AbortSignal): Promise<PaletteItem[]> {
  const text = query.trim();
  if (text.length === 0 || text.length > 200) return [];
  const [byCode, found] = await Promise.all([findItemsByCode(text, signal), call('inventory.search', { q: text, offset: 0, limit: 8 }, signal)]);
  const items: PaletteItem[] = byCode.map((c) => ({ id: c.href, label: c.label, ...(c.detail ? { detail: c.detail } : {}), href: c.href }));
  const seen = new Set(items.map((i) => i.id));
  for (const hit of found.hits) {
    const href = itemHref(hit.item.inventoryId);
    if (seen.has(href)) continue;
    seen.add(href);
    items.push({ id: href, label: currentWords().t('inventory.area.item', { sku: hit.item.sku }), detail: hit.item.name, href });
  }
  return items.slice(0, 8);
}

const searchView: LazyView = () => import('./InventoryView').then((m) => ({ default: m.InventoryView }));

const inventoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inventory',
  validateSearch: (raw: Record<string, unknown>): InventorySearch => InventorySearch.parse(raw),
  component: lazyRouteComponent(searchView),
});
const inventoryItemRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inventory/items/$id',
  params: recordIdParams,
  validateSearch: (raw: Record<string, unknown>): ItemSearch => ItemSearch.parse(raw),
  component: lazyRouteComponent(() => import('./ItemView'), 'ItemView'),
});

/**
 * What Inventory adds to the desk: its workspace and routes, a scan resolver (any item code:
 * inventory id, SKU, barcode, GTIN in any length, a GS1 element string, bracketed or Digital Link;
 * main reads it and looks it up in the offline cache), items in the command palette ("item by SKU
 * or name"), and the status bar's sync progress and freshness.
 */
export const inventoryArea = defineArea({
  id: 'inventory',
  workspace: {
    label: (t) => t('inventory.title'),
    path: '/inventory',
    shortcut: 'Alt+3',
    needsSignIn: true,
    status: 'ready',
    purpose: (t) => t('inventory.area.purpose'),
    view: searchView,
  },
  routes: [inventoryRoute, inventoryItemRoute],
  scanResolvers: [{ id: 'item', looksFor: ['item-code'], local: true, resolve: (q, signal) => findItemsByCode(q.text, signal) }],
  paletteSources: [{ id: 'items', group: (t) => t('inventory.area.items'), search: searchItems }],
  paletteActions: [
    {
      id: 'item-search',
      label: (t) => t('inventory.area.find'),
      detail: (t) => t('inventory.title'),
      href: '#/inventory',
      keywords: (t) => t('inventory.area.findKeywords'),
    },
    {
      id: 'sync-now',
      label: (t) => t('inventory.area.sync'),
      detail: (t) => t('inventory.title'),
      keywords: (t) => t('inventory.area.syncKeywords'),
      run: () => void call('inventory.syncStart', { mode: 'full' }).catch(() => undefined),
    },
  ],
  statusItems: [
    { slot: 'sync', order: 20, component: InventorySyncSlot },
    { slot: 'freshness', order: 10, component: InventoryFreshnessSlot },
  ],
});
