import { createHashHistory, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { parseSearch, stringifySearch } from './app/search';
import { rootRoute } from './app/rootRoute';
import { NotFoundView, RouteErrorView } from './app/RouteViews';
import { Shell } from './app/Shell';
import { areas } from './areas';
import type { Area } from './workspaces/area';
import { UpcomingWorkspace } from './workspaces/UpcomingWorkspace';

/**
 * Every view has an address (hash history: the app is served from app:// in Electron and from a
 * loopback page in the browser host, and neither has a server that knows the routes). The areas
 * bring their routes (renderer/src/areas.ts); this file adds the root, the start and the placeholders.
 */
rootRoute.update({ component: Shell, notFoundComponent: NotFoundView, errorComponent: RouteErrorView });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async () => {
    throw redirect({ to: await startPath(areas), replace: true });
  },
});

/** Where `/` leads: the first area that chooses a start page, else the first workspace in the sidebar. */
export async function startPath(list: readonly Area[]): Promise<string> {
  for (const area of list) {
    const chosen = await area.startPage?.().catch(() => null);
    if (chosen) return chosen;
  }
  return list.find((a) => a.workspace)?.workspace?.path ?? '/settings';
}

/** The routes of a list of areas, as one union, so each route keeps its path and search types. */
type RoutesOf<L extends readonly Area[]> = L[number] extends infer A ? (A extends Area<infer R> ? R[number] : never) : never;

/** The route tree of a list of areas: the start, every area's routes, a placeholder per "coming" workspace. */
export function buildRouteTree<const L extends readonly Area[]>(list: L) {
  // The one cast: flatMap cannot keep each area's tuple of route types; RoutesOf names their union.
  const routes = list.flatMap((a) => a.routes ?? []) as RoutesOf<L>[];
  const coming = list
    .flatMap((a) => (a.workspace?.status === 'coming' ? [a.workspace] : []))
    .map((w) => createRoute({ getParentRoute: () => rootRoute, path: w.path, component: () => <UpcomingWorkspace title={w.label} purpose={w.purpose} /> }));
  return rootRoute.addChildren([indexRoute, ...routes, ...coming]);
}

export function createAppRouter() {
  return createRouter({
    routeTree: buildRouteTree(areas),
    history: createHashHistory(),
    parseSearch,
    stringifySearch,
    defaultPendingMinMs: 0,
    scrollRestoration: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
