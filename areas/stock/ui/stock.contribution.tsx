import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../../renderer/src/app/rootRoute';
import { defineArea } from '../../../renderer/src/workspaces/area';
import { ExpiringSearch, ItemsSearch } from './search';

const expiringRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/stock/expiring',
  validateSearch: (raw: Record<string, unknown>): ExpiringSearch => ExpiringSearch.parse(raw),
  component: lazyRouteComponent(() => import('./ExpiringView'), 'ExpiringView'),
});
const itemsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/stock/items',
  validateSearch: (raw: Record<string, unknown>): ItemsSearch => ItemsSearch.parse(raw),
  component: lazyRouteComponent(() => import('./ItemsView'), 'ItemsView'),
});

/**
 * Stock that needs attention, read from the inventory cache: the expiring-stock list and the browser
 * over every cached item. Reached by address (Today's tiles link to them) and by two palette lines;
 * no sidebar workspace of its own.
 */
export const stockArea = defineArea({
  id: 'stock',
  routes: [expiringRoute, itemsRoute],
  paletteActions: [
    {
      id: 'stock-expiring',
      label: (t) => t('stock.expiring.title'),
      detail: (t) => t('stock.area.expiringDetail'),
      href: '#/stock/expiring',
      keywords: (t) => t('stock.area.expiringKeywords'),
    },
    {
      id: 'stock-items',
      label: (t) => t('stock.browse'),
      detail: (t) => t('stock.area.browseDetail'),
      href: '#/stock/items',
      keywords: (t) => t('stock.area.browseKeywords'),
    },
  ],
});
