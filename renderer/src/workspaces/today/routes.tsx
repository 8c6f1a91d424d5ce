import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { TodayReceivingSearch, TodaySearch } from './search';

/** Today's addresses: the tiles, a receiving tile's full list, and the outbox's. */
export function todayRoutes<R extends AnyRoute>(rootRoute: R) {
  return [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/today',
      validateSearch: (raw: Record<string, unknown>): TodaySearch => TodaySearch.parse(raw),
      component: lazyRouteComponent(() => import('./TodayView'), 'TodayView'),
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/today/receiving',
      validateSearch: (raw: Record<string, unknown>): TodayReceivingSearch => TodayReceivingSearch.parse(raw),
      component: lazyRouteComponent(() => import('./TodayLists'), 'TodayReceivingList'),
    }),
    createRoute({ getParentRoute: () => rootRoute, path: '/today/outbox', component: lazyRouteComponent(() => import('./TodayLists'), 'TodayOutboxList') }),
  ] as const;
}
