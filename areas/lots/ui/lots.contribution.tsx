import type { CachedItem } from '../../../shared/schemas/inventory-cache';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { currentWords } from '../../../renderer/src/i18n/useT';
import type { PaletteItem } from '../../../renderer/src/palette/entries';
import { recordIdParams, rootRoute } from '../../../renderer/src/app/rootRoute';
import { defineArea, type LazyView } from '../../../renderer/src/workspaces/area';
import { ExpirySettings } from './ExpirySettings';

const PALETTE_HITS = 5;

function entry(item: CachedItem): PaletteItem {
  const { t } = currentWords();
  const href = `#/lots/${item.inventoryId}`;
  return {
    id: href,
    label: t('lots.area.exclusionsFor', { sku: item.sku }),
    detail: item.flags.lot ? item.name : t('lots.area.notLotTracked', { name: item.name }),
    href,
    keywords: t('lots.area.exclusionsKeywords'),
  };
}

/** Items whose lot exclusions the palette offers: by any code (exact lookup), by name or SKU (search). */
async function searchLots(query: string, signal: AbortSignal): Promise<PaletteItem[]> {
  // "lot exclusions for ABC-1" or "lots ABC-1" find ABC-1, as does the line's own wording in the
  // language in force; the words alone find nothing to open.
  const lead = currentWords().t('lots.area.exclusionsFor', { sku: '' }).trim().toLowerCase();
  const asked = query.trim().toLowerCase().startsWith(lead) ? query.trim().slice(lead.length) : query;
  const text = asked.replace(/^\s*(lot\s+exclusions?|lots?)(\s+for)?(\s+item)?\s*/i, '').trim();
  if (text.length < 2 || text.length > 200) return [];
  const [exact, found] = await Promise.all([
    call('inventory.lookup', { code: text }, signal),
    call('inventory.search', { q: text, offset: 0, limit: PALETTE_HITS }, signal),
  ]);
  const items = [...exact.matches.map((m) => m.item), ...found.hits.map((h) => h.item)];
  const seen = new Set<number>();
  return items
    .filter((i) => !seen.has(i.inventoryId) && seen.add(i.inventoryId))
    .slice(0, PALETTE_HITS)
    .map(entry);
}

const findView: LazyView = () => import('./LotsFind').then((m) => ({ default: m.LotsFind }));

const lotsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/lots', component: lazyRouteComponent(findView) });
const lotDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/lots/$id',
  params: recordIdParams,
  component: lazyRouteComponent(() => import('./LotDetail'), 'LotDetail'),
});

/**
 * What Lot exclusions adds to the desk: its workspace and routes, a palette entry "Lot exclusions
 * for <item>" for an item found by any code or by name or SKU (from the inventory cache), and
 * Settings → Lots (the expiry warning). Scans anywhere open the item itself (Inventory's resolver);
 * a scan in this workspace's field opens its lots.
 */
export const lotsArea = defineArea({
  id: 'lots',
  workspace: {
    label: (t) => t('lots.title'),
    path: '/lots',
    shortcut: 'Alt+4',
    needsSignIn: true,
    status: 'ready',
    purpose: (t) => t('lots.area.purpose'),
    view: findView,
  },
  routes: [lotsRoute, lotDetailRoute],
  paletteSources: [{ id: 'lot-exclusions', group: (t) => t('lots.title'), search: searchLots }],
  settingsPanels: [{ id: 'lot-expiry', title: (t) => t('lots.settings.title'), component: ExpirySettings }],
});
