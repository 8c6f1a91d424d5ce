import { createHashHistory, createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { DraftId } from '../../shared/schemas/drafts';
import { parseSearch, stringifySearch } from './app/search';
import { NotFoundView, RouteErrorView } from './app/RouteViews';
import { Shell } from './app/Shell';
import { HistorySearch } from './workspaces/inventory/history/search';
import { InventorySearch, ItemSearch } from './workspaces/inventory/search';
import { ReceivingSearch } from './workspaces/receiving/search';
import { ReturnsSearch } from './workspaces/returns/search';
import { ExpiringSearch, ItemsSearch } from './workspaces/stock/search';
import { UnidentifiedSearch } from './workspaces/unidentified/search';
import { todayRoutes } from './workspaces/today/routes';
import { workspaces, type Workspace } from './workspaces/registry';
import { UpcomingWorkspace } from './workspaces/UpcomingWorkspace';

/**
 * Every view has an address (hash history: the app is served from app:// in Electron and from a
 * loopback page in the browser host, and neither has a server that knows the routes).
 */
const rootRoute = createRootRoute({ component: Shell, notFoundComponent: NotFoundView, errorComponent: RouteErrorView });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // The start page (Settings; Today unless another is chosen).
  beforeLoad: async () => {
    throw redirect({ to: await import('./workspaces/today/startPage').then((m) => m.startPagePath()), replace: true });
  },
});

const view = (id: Workspace['id']) => lazyRouteComponent(workspaces.find((w) => w.id === id)!.view!);

const receivingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/receiving',
  validateSearch: (raw: Record<string, unknown>): ReceivingSearch => ReceivingSearch.parse(raw),
  component: view('receiving'),
});

const RecordId = z.coerce.number().int().positive().max(2147483647);
const receivingDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/receiving/$id',
  params: { parse: (p) => ({ id: RecordId.parse(p.id) }), stringify: (p) => ({ id: String(p.id) }) },
  // ?box=<box id>: opened from a scanned box label, the view shows that box.
  validateSearch: (raw: Record<string, unknown>): { box?: number } => ({ box: RecordId.optional().catch(undefined).parse(raw.box) }),
  component: lazyRouteComponent(() => import('./workspaces/receiving/ReceivingDetail'), 'ReceivingDetail'),
});
const receivingNewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/receiving/new',
  // ?draft=<id>: the draft being typed, so a reload or the next start reopens it.
  validateSearch: (raw: Record<string, unknown>): { draft?: string } => ({ draft: DraftId.optional().catch(undefined).parse(raw.draft) }),
  component: lazyRouteComponent(() => import('./workspaces/receiving/ReceivingCreate'), 'ReceivingCreate'),
});

const unidentifiedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unidentified',
  validateSearch: (raw: Record<string, unknown>): UnidentifiedSearch => UnidentifiedSearch.parse(raw),
  component: view('unidentified'),
});

const unidentifiedDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unidentified/$id',
  params: { parse: (p) => ({ id: RecordId.parse(p.id) }), stringify: (p) => ({ id: String(p.id) }) },
  component: lazyRouteComponent(() => import('./workspaces/unidentified/UnidentifiedDetail'), 'UnidentifiedDetail'),
});

const inventoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inventory',
  validateSearch: (raw: Record<string, unknown>): InventorySearch => InventorySearch.parse(raw),
  component: view('inventory'),
});
const inventoryItemRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inventory/items/$id',
  params: { parse: (p) => ({ id: RecordId.parse(p.id) }), stringify: (p) => ({ id: String(p.id) }) },
  validateSearch: (raw: Record<string, unknown>): ItemSearch => ItemSearch.parse(raw),
  component: lazyRouteComponent(() => import('./workspaces/inventory/ItemView'), 'ItemView'),
});
const returnsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/returns',
  validateSearch: (raw: Record<string, unknown>): ReturnsSearch => ReturnsSearch.parse(raw),
  component: view('returns'),
});
const returnDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/returns/$id',
  params: { parse: (p) => ({ id: RecordId.parse(p.id) }), stringify: (p) => ({ id: String(p.id) }) },
  component: lazyRouteComponent(() => import('./workspaces/returns/ReturnDetail'), 'ReturnDetail'),
});

// Return intake (issue 12): the return in progress, and one given draft (the returns list's "Edit" leads here).
const returnNewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/returns/new',
  component: lazyRouteComponent(() => import('./workspaces/returns/intake/NewReturn'), 'NewReturn'),
});
const returnDraftRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/returns/drafts/$draftId',
  component: lazyRouteComponent(() => import('./workspaces/returns/intake/ReturnDraftRoute'), 'ReturnDraftRoute'),
});

const settingsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/settings', component: view('settings') });

// Issue 10: inventory history (its own address under /inventory) and lot exclusions.
const inventoryHistoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inventory/history',
  validateSearch: (raw: Record<string, unknown>): HistorySearch => HistorySearch.parse(raw),
  component: lazyRouteComponent(() => import('./workspaces/inventory/history/HistoryView'), 'HistoryView'),
});
const lotsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/lots', component: view('lots') });
const lotDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/lots/$id',
  params: { parse: (p) => ({ id: RecordId.parse(p.id) }), stringify: (p) => ({ id: String(p.id) }) },
  component: lazyRouteComponent(() => import('./workspaces/lots/LotDetail'), 'LotDetail'),
});

// Stock (the inventory cache's lots and items): addresses without a sidebar workspace.
const stockExpiringRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/stock/expiring',
  validateSearch: (raw: Record<string, unknown>): ExpiringSearch => ExpiringSearch.parse(raw),
  component: lazyRouteComponent(() => import('./workspaces/stock/ExpiringView'), 'ExpiringView'),
});
const stockItemsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/stock/items',
  validateSearch: (raw: Record<string, unknown>): ItemsSearch => ItemsSearch.parse(raw),
  component: lazyRouteComponent(() => import('./workspaces/stock/ItemsView'), 'ItemsView'),
});

const comingRoutes = workspaces
  .filter((w) => w.status === 'coming')
  .map((w) => createRoute({ getParentRoute: () => rootRoute, path: w.path, component: () => <UpcomingWorkspace title={w.label} purpose={w.purpose} /> }));

const routeTree = rootRoute.addChildren([
  indexRoute,
  receivingRoute,
  receivingNewRoute,
  receivingDetailRoute,
  unidentifiedRoute,
  unidentifiedDetailRoute,
  inventoryRoute,
  inventoryItemRoute,
  returnsRoute,
  returnDetailRoute,
  returnNewRoute,
  returnDraftRoute,
  settingsRoute,
  inventoryHistoryRoute,
  lotsRoute,
  lotDetailRoute,
  ...todayRoutes(rootRoute),
  stockExpiringRoute,
  stockItemsRoute,
  ...comingRoutes,
]);

export function createAppRouter() {
  return createRouter({ routeTree, history: createHashHistory(), parseSearch, stringifySearch, defaultPendingMinMs: 0, scrollRestoration: false });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
