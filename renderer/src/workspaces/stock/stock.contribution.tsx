import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { defineArea } from '../area';
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
      label: 'Expiring stock',
      detail: 'Lots expiring soon, from the inventory cache',
      href: '#/stock/expiring',
      keywords: 'expiry expired lots exclude stock',
    },
    {
      id: 'stock-items',
      label: 'Browse all stock',
      detail: 'Every item of the inventory cache, filtered and sorted',
      href: '#/stock/items',
      keywords: 'inventory browser items zero low stock csv',
    },
  ],
});
