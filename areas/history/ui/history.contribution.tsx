import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../../renderer/src/app/rootRoute';
import { defineArea } from '../../../renderer/src/workspaces/area';
import { HistorySearch } from './search';

/** Its address stays under /inventory: the sidebar shows Inventory while it is open. */
const historyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inventory/history',
  validateSearch: (raw: Record<string, unknown>): HistorySearch => HistorySearch.parse(raw),
  component: lazyRouteComponent(() => import('./HistoryView'), 'HistoryView'),
});

/** What inventory history adds to the desk: its route (opened from an item, a lot, or the address). */
export const historyArea = defineArea({
  id: 'history',
  routes: [historyRoute],
});
