import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import type { PageCenter } from '../common/ipc';
import { loadTodayPage } from './queries';
import { TodayReceivingSearch, TodaySearch } from './search';

/** Today's addresses: the tiles, a receiving tile's full list, and the outbox's. */
export function todayRoutes<R extends AnyRoute>(rootRoute: R) {
  return [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/today',
      validateSearch: (raw: Record<string, unknown>): TodaySearch => TodaySearch.parse(raw),
      loaderDeps: ({ search }: { search: TodaySearch }): { fc: PageCenter } => ({ fc: search.fc ?? null }),
      // The page's one call starts with the navigation, while the view's code loads.
      loader: ({ deps }: { deps: { fc: PageCenter } }) => loadTodayPage(deps.fc),
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
