import { AppErrorException } from '../../../../shared/errors';
import type { ReceivingOrder } from '../../../../shared/schemas/receiving';
import type { Candidate } from '../../../../shared/scan/router';
import { typedCodeKinds, type ScanCodeKind } from '../../../../shared/scan/plan';
import { labelOf } from '../../../../shared/labels';
import { call } from '../../bridge/dockdesk';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { DraftId } from '../../../../shared/schemas/drafts';
import { recordIdParams, rootRoute } from '../../app/rootRoute';
import { defineArea, type LazyView } from '../area';
import { ReceivingSearch } from './search';

const BoxId = z.coerce.number().int().positive().max(2147483647);

function candidate(order: ReceivingOrder): Candidate {
  const po = order.purchase_order_number ? ` · PO ${order.purchase_order_number}` : '';
  return {
    label: `Receiving order ${order.id}`,
    detail: `${labelOf('ReceivingStatus', order.status)}${po}${order.fulfillment_center ? ` · ${order.fulfillment_center.name}` : ''}`,
    href: `#/receiving/${order.id}`,
  };
}

/** A WRO by its id: digits only, as printed on the box label. */
export async function findWroById(text: string, signal?: AbortSignal): Promise<Candidate[]> {
  const digits = text.trim();
  if (!/^\d{1,10}$/.test(digits) || Number(digits) < 1 || Number(digits) > 2147483647) return [];
  try {
    return [candidate(await call('receiving.get', { id: Number(digits) }, signal))];
  } catch (error) {
    if (error instanceof AppErrorException && error.appError.code === 'not_found') return [];
    throw error;
  }
}

/** WROs with this purchase order number (exact match, as the service filters). */
export async function findWrosByPo(text: string, signal?: AbortSignal): Promise<Candidate[]> {
  const po = text.trim();
  // A PO number has no commas (the service's list separator) and no control characters (GS1 data does).
  if (po.length === 0 || po.length > 100 || po.includes(',') || [...po].some((c) => c.charCodeAt(0) < 0x20)) return [];
  const { items } = await call('receiving.list', { page: 1, limit: 20, purchaseOrderNumber: po }, signal);
  return items.map(candidate);
}

/**
 * A box: its label's barcode is the box id (digits); a carrier's tracking number is free text. Main
 * finds the order that carries it (electron/core/receiving/box-index.ts) and the view opens at the box.
 */
export async function findWroBox(text: string, signal?: AbortSignal, asks: ReadonlySet<ScanCodeKind> = typedCodeKinds(text)): Promise<Candidate[]> {
  const value = text.trim();
  const [byBox, byTracking] = await Promise.all([
    asks.has('record-id') ? call('receiving.findBox', { boxId: Number(value) }, signal) : { match: null },
    asks.has('box-tracking') ? call('receiving.findBox', { trackingNumber: value }, signal) : { match: null },
  ]);
  const match = byBox.match ?? byTracking.match;
  if (!match) return [];
  const c = candidate(match.order);
  const what = match.via === 'box_id' ? `box ${match.boxId}` : `tracking number ${value}`;
  return [{ ...c, detail: `${what} · ${c.detail ?? ''}`, href: `#/receiving/${match.order.id}?box=${match.boxId}` }];
}

/** The WROs a palette query names: by id, by purchase order number, by a box or its tracking number. */
async function searchOrders(query: string, signal: AbortSignal) {
  const [byId, byPo, byBox] = await Promise.all([findWroById(query, signal), findWrosByPo(query, signal), findWroBox(query, signal)]);
  const seen = new Set<string>();
  return [...byId, ...byPo, ...byBox]
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
const receivingNewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/receiving/new',
  // ?draft=<id>: the draft being typed, so a reload or the next start reopens it.
  validateSearch: (raw: Record<string, unknown>): { draft?: string } => ({ draft: DraftId.optional().catch(undefined).parse(raw.draft) }),
  component: lazyRouteComponent(() => import('./create/ReceivingCreate'), 'ReceivingCreate'),
});

/**
 * What receiving adds to the desk: its workspace and routes, scan resolvers (a box or its tracking
 * number, a WRO id, a purchase order number) and the same lookups in the command palette.
 */
export const receivingArea = defineArea({
  id: 'receiving',
  workspace: {
    label: 'Receiving',
    path: '/receiving',
    shortcut: 'Alt+1',
    needsSignIn: true,
    status: 'ready',
    purpose: 'Warehouse receiving orders: what is expected, what arrived.',
    view: listView,
    prefetch: (client, account) => import('./rememberFilters').then((m) => m.prefetchRememberedFilters(client, account)),
  },
  routes: [receivingRoute, receivingNewRoute, receivingDetailRoute],
  scanResolvers: [
    { id: 'wro-box', looksFor: ['record-id', 'box-tracking'], resolve: (q, signal) => findWroBox(q.text, signal, q.asks) },
    { id: 'wro', looksFor: ['record-id'], resolve: (q, signal) => findWroById(q.text, signal) },
    { id: 'po', looksFor: ['purchase-order'], resolve: (q, signal) => findWrosByPo(q.text, signal) },
  ],
  paletteSources: [{ id: 'receiving-orders', group: 'Receiving orders', search: searchOrders }],
});
