import type { UnidentifiedReceivingOrder } from '../../../shared/schemas/uro';
import type { Candidate } from '../../../shared/scan/router';
import { typedCodeKinds, type ScanCodeKind } from '../../../shared/scan/plan';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { currentWords } from '../../../renderer/src/i18n/useT';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { recordIdParams, rootRoute } from '../../../renderer/src/app/rootRoute';
import { defineArea, type LazyView } from '../../../renderer/src/workspaces/area';
import { UnidentifiedSearch } from './search';

/** A receipt as a scan's or the palette's line, worded in the language in force when found. */
function candidate(receipt: UnidentifiedReceivingOrder): Candidate {
  const { t } = currentWords();
  const tracking = receipt.tracking_barcode ?? '';
  const order = receipt.linked_wro_id === null ? '' : String(receipt.linked_wro_id);
  return {
    label: t('unidentified.area.receipt', { barcode: receipt.barcode }),
    detail: t('unidentified.area.receiptDetail', { linked: order ? 'yes' : 'no', order, tracking, hasTracking: tracking ? 'yes' : 'no' }),
    href: `#/unidentified/${receipt.id}`,
  };
}

/** A code as the main process accepts it: printable, 1 to 100 characters. */
const plausible = (code: string) => code.length > 0 && code.length <= 100 && ![...code].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The receipts whose barcode or tracking barcode is exactly this code (main reads the pages, bounded). */
export async function findReceiptsByCode(text: string, signal?: AbortSignal, asks: ReadonlySet<ScanCodeKind> = typedCodeKinds(text)): Promise<Candidate[]> {
  const code = text.trim();
  // Which codes can be a receipt's barcode or tracking barcode is the scan plan's (shared/scan/plan.ts).
  if (!(asks.has('receipt-barcode') || asks.has('carrier-tracking')) || !plausible(code)) return [];
  const { items } = await call('unidentified.byCode', { code }, signal);
  return items.map(candidate);
}

/** Receipts in the palette: by id, or linked or not, whose barcode or tracking barcode has the typed text. */
async function searchReceipts(query: string, signal: AbortSignal) {
  const code = query.trim();
  // Short text matches too many barcodes to be worth reading the service's pages for.
  if (!plausible(code)) return [];
  // Main answers from the account mirror while it is fresh (no request), digits as a receipt's id too.
  const found = code.length < 4 && !/^\d+$/.test(code) ? { items: [] } : await call('unidentified.byCode', { code, how: 'contains' }, signal);
  const seen = new Set<number>();
  return found.items
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .slice(0, 8)
    .map((r) => {
      const c = candidate(r);
      return { id: c.href, label: c.label, ...(c.detail ? { detail: c.detail } : {}), href: c.href };
    });
}

const listView: LazyView = () => import('./UnidentifiedList').then((m) => ({ default: m.UnidentifiedList }));

const unidentifiedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unidentified',
  validateSearch: (raw: Record<string, unknown>): UnidentifiedSearch => UnidentifiedSearch.parse(raw),
  component: lazyRouteComponent(listView),
});
const unidentifiedDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unidentified/$id',
  params: recordIdParams,
  component: lazyRouteComponent(() => import('./UnidentifiedDetail'), 'UnidentifiedDetail'),
});

/**
 * What Unidentified receipts adds to the desk: its workspace and routes, a scan resolver (a
 * package's tracking barcode, or the receipt's own barcode, finds the receipt that carries it) and
 * receipts in the command palette.
 */
export const unidentifiedArea = defineArea({
  id: 'unidentified',
  workspace: {
    label: (t) => t('unidentified.title'),
    path: '/unidentified',
    shortcut: 'Alt+2',
    needsSignIn: true,
    status: 'ready',
    purpose: (t) => t('unidentified.area.purpose'),
    view: listView,
  },
  routes: [unidentifiedRoute, unidentifiedDetailRoute],
  scanResolvers: [{ id: 'receipt', looksFor: ['receipt-barcode', 'carrier-tracking'], resolve: (q, signal) => findReceiptsByCode(q.text, signal, q.asks) }],
  paletteSources: [{ id: 'unidentified-receipts', group: (t) => t('unidentified.title'), search: searchReceipts }],
});
