import type { ReceivingOrder } from '../../../shared/schemas/receiving';
import type { Candidate } from '../../../shared/scan/router';
import { typedCodeKinds, type ScanCodeKind } from '../../../shared/scan/plan';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { currentWords } from '../../../renderer/src/i18n/useT';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { DraftId } from '../../../shared/schemas/drafts';
import { recordIdParams, rootRoute } from '../../../renderer/src/app/rootRoute';
import { defineArea, type LazyView } from '../../../renderer/src/workspaces/area';
import { ReceivingSearch } from './search';

const BoxId = z.coerce.number().int().positive().max(2147483647);

/** How a code found its order: by the order itself, or by one of its boxes (its id or its tracking number). */
type FoundBy = { via: 'order' } | { via: 'box'; box: number } | { via: 'tracking'; tracking: string };

/** An order as a scan's or the palette's line, worded in the language in force when found. */
function candidate(order: ReceivingOrder, found: FoundBy = { via: 'order' }): Candidate {
  const { t } = currentWords();
  const status = currentWords().label('ReceivingStatus', order.status);
  const po = order.purchase_order_number ?? '';
  const center = order.fulfillment_center?.name ?? '';
  return {
    label: t('receiving.area.order', { id: String(order.id) }),
    detail: t('receiving.area.orderDetail', {
      via: found.via,
      box: found.via === 'box' ? String(found.box) : '',
      tracking: found.via === 'tracking' ? found.tracking : '',
      status,
      po,
      center,
      hasPo: po ? 'yes' : 'no',
      hasCenter: center ? 'yes' : 'no',
    }),
    href: `#/receiving/${order.id}`,
  };
}

const ORDER_KINDS = ['record-id', 'purchase-order', 'box-tracking'] as const;
type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * The orders a code names: by id, by purchase order number, by a box's id (its label's barcode) or
 * tracking number. One call to main, which asks the cheap lookups first and searches boxes only as
 * far as they leave open (ReceivingDesk.lookup); a box opens its order at that box.
 */
export async function findOrders(text: string, signal?: AbortSignal, asks: ReadonlySet<ScanCodeKind> = typedCodeKinds(text)): Promise<Candidate[]> {
  const code = text.trim();
  const kinds = ORDER_KINDS.filter((k): k is OrderKind => asks.has(k));
  if (code.length === 0 || code.length > 100 || kinds.length === 0) return [];
  const { matches } = await call('receiving.lookup', { code, kinds }, signal);
  return matches.map((match) => {
    if (match.boxId === null) return candidate(match.order);
    const c = candidate(match.order, match.via === 'box_id' ? { via: 'box', box: match.boxId } : { via: 'tracking', tracking: code });
    return { ...c, href: `#/receiving/${match.order.id}?box=${match.boxId}` };
  });
}

/** The WROs a palette query names: by id, by purchase order number, by a box or its tracking number. */
async function searchOrders(query: string, signal: AbortSignal) {
  const seen = new Set<string>();
  return (await findOrders(query, signal))
    .filter((c) => !seen.has(c.href) && seen.add(c.href))
    .map((c) => ({ id: c.href, label: c.label, ...(c.detail ? { detail: c.detail } : {}), href: c.href }));
}

const listView: LazyView = () => import('./ReceivingList').then((m) => ({ default: m.ReceivingList }));

const receivingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/receiving',
  validateSearch: (raw: Record<string, unknown>): ReceivingSearch => ReceivingSearch.parse(raw),
  component: lazyRouteComponent(listView),
});
const receivingDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/receiving/$id',
  params: recordIdParams,
  // ?box=<box id>: opened from a scanned box label, the view shows that box.
  validateSearch: (raw: Record<string, unknown>): { box?: number } => ({ box: BoxId.optional().catch(undefined).parse(raw.box) }),
  component: lazyRouteComponent(() => import('./ReceivingDetail'), 'ReceivingDetail'),
});
const Day = z.iso.date();
const receivingDiscrepancyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/receiving/$id/discrepancies',
  params: recordIdParams,
  component: lazyRouteComponent(() => import('./ReceivingDiscrepancies'), 'OrderDiscrepanciesView'),
});
const receivingDiscrepancyListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/receiving/discrepancies',
  // ?from=&to= the days the orders were created (the desk's days), ?fc= one center.
  validateSearch: (raw: Record<string, unknown>): { from?: string; to?: string; fc?: number } => ({
    from: Day.optional().catch(undefined).parse(raw.from),
    to: Day.optional().catch(undefined).parse(raw.to),
    fc: BoxId.optional().catch(undefined).parse(raw.fc),
  }),
  component: lazyRouteComponent(() => import('./ReceivingDiscrepancies'), 'DiscrepancyListView'),
});
const receivingNewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/receiving/new',
  // ?draft=<id>: the draft being typed, so a reload or the next start reopens it; ?import=1 opens the
  // spreadsheet import over the form (the palette's action).
  validateSearch: (raw: Record<string, unknown>): { draft?: string; import?: boolean } => ({
    draft: DraftId.optional().catch(undefined).parse(raw.draft),
    ...(raw.import === 1 || raw.import === '1' || raw.import === true ? { import: true } : {}),
  }),
  component: lazyRouteComponent(() => import('./create/ReceivingCreate'), 'ReceivingCreate'),
});

/**
 * What receiving adds to the desk: its workspace and routes, scan resolvers (a box or its tracking
 * number, a WRO id, a purchase order number) and the same lookups in the command palette.
 */
export const receivingArea = defineArea({
  id: 'receiving',
  workspace: {
    label: (t) => t('receiving.area.label'),
    path: '/receiving',
    shortcut: 'Alt+1',
    needsSignIn: true,
    status: 'ready',
    purpose: (t) => t('receiving.area.purpose'),
    view: listView,
    prefetch: (client, account) => import('./rememberFilters').then((m) => m.prefetchRememberedFilters(client, account)),
  },
  routes: [receivingRoute, receivingNewRoute, receivingDiscrepancyListRoute, receivingDetailRoute, receivingDiscrepancyRoute],
  scanResolvers: [{ id: 'wro', looksFor: ORDER_KINDS, resolve: (q, signal) => findOrders(q.text, signal, q.asks) }],
  paletteSources: [{ id: 'receiving-orders', group: (t) => t('receiving.area.orders'), search: searchOrders }],
  paletteActions: [
    {
      id: 'new-order',
      label: (t) => t('receiving.area.new'),
      detail: (t) => t('receiving.area.label'),
      href: '#/receiving/new',
      keywords: (t) => t('receiving.area.newKeywords'),
    },
    {
      id: 'discrepancies',
      label: (t) => t('receiving.area.discrepancies'),
      detail: (t) => t('receiving.area.label'),
      href: '#/receiving/discrepancies',
      keywords: (t) => t('receiving.area.discrepanciesKeywords'),
    },
    {
      id: 'import-order',
      label: (t) => t('receiving.area.import'),
      detail: (t) => t('receiving.area.label'),
      href: '#/receiving/new?import=1',
      keywords: (t) => t('receiving.area.importKeywords'),
    },
  ],
});
