import type { ReturnRecord } from '../../../shared/schemas/returns';
import type { Candidate } from '../../../shared/scan/router';
import { typedCodeKinds, type ScanCodeKind } from '../../../shared/scan/plan';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { currentWords } from '../../../renderer/src/i18n/useT';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { SessionState } from '../../../shared/schemas/session';
import { recordIdParams, rootRoute } from '../../../renderer/src/app/rootRoute';
import type { PaletteItem } from '../../../renderer/src/palette/entries';
import { defineArea, type LazyView } from '../../../renderer/src/workspaces/area';
import { ReturnsSettingsPanel } from './intake/ReturnsSettingsPanel';
import { OutboxSlot } from './outbox/OutboxSlot';
import { findQueries } from '../common/find';
import { ReturnsSearch } from './search';

/** A return as a scan's or the palette's line, worded in the language in force when found. */
function candidate(r: ReturnRecord): Candidate {
  const { t } = currentWords();
  const status = currentWords().label('ReturnStatus', r.status);
  const tracking = r.tracking_number ?? '';
  const center = r.fulfillment_center?.name ?? '';
  return {
    label: t('returns.area.return', { reference: r.reference_id || String(r.id) }),
    detail: t('returns.area.returnDetail', { status, tracking, center, hasTracking: tracking ? 'yes' : 'no', hasCenter: center ? 'yes' : 'no' }),
    href: `#/returns/${r.id}`,
  };
}

/** Returns whose reference id or tracking number is exactly this code (main's returns.lookup, the service's filters). */
export async function findReturnsByCode(text: string, signal?: AbortSignal, asks: ReadonlySet<ScanCodeKind> = typedCodeKinds(text)): Promise<Candidate[]> {
  const { referenceId, trackingNumber } = findQueries(text);
  const [byReference, byTracking] = await Promise.all([
    referenceId && asks.has('return-reference') ? call('returns.lookup', { referenceId }, signal) : { items: [] },
    trackingNumber && asks.has('carrier-tracking') ? call('returns.lookup', { trackingNumber }, signal) : { items: [] },
  ]);
  const seen = new Set<number>();
  return [...byReference.items, ...byTracking.items].filter((r) => !seen.has(r.id) && seen.add(r.id)).map(candidate);
}

/** A return by its id (digits), for the palette: main answers from the account mirror when it can. */
async function findReturnById(text: string, signal?: AbortSignal): Promise<Candidate[]> {
  const digits = text.trim();
  if (!/^\d{1,10}$/.test(digits) || Number(digits) < 1 || Number(digits) > 2147483647) return [];
  return (await call('returns.lookup', { id: Number(digits) }, signal)).items.map(candidate);
}

/** Returns in the palette: by id, reference id or tracking number. */
async function searchReturns(query: string, signal: AbortSignal): Promise<PaletteItem[]> {
  // Reference ids and tracking numbers match exactly; shorter text is not worth asking the service about.
  if (query.trim().length < 3) return [];
  const [byId, byCode] = await Promise.all([findReturnById(query, signal), findReturnsByCode(query, signal)]);
  const seen = new Set<string>();
  return [...byId, ...byCode]
    .filter((c) => !seen.has(c.href) && seen.add(c.href))
    .map((c) => ({ id: c.href, label: c.label, ...(c.detail ? { detail: c.detail } : {}), href: c.href }));
}

const listView: LazyView = () => import('./ReturnsList').then((m) => ({ default: m.ReturnsList }));

const returnsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/returns',
  validateSearch: (raw: Record<string, unknown>): ReturnsSearch => ReturnsSearch.parse(raw),
  component: lazyRouteComponent(listView),
});
const returnDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/returns/$id',
  params: recordIdParams,
  component: lazyRouteComponent(() => import('./ReturnDetail'), 'ReturnDetail'),
});
// Return intake: the return in progress, and one given draft (the returns list's "Edit" leads here).
const returnNewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/returns/new',
  component: lazyRouteComponent(() => import('./intake/NewReturn'), 'NewReturn'),
});
const returnDraftRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/returns/drafts/$draftId',
  component: lazyRouteComponent(() => import('./intake/ReturnDraftRoute'), 'ReturnDraftRoute'),
});

/** Settings → Returns: intake defaults, which need a signed-in session to read the centers. */
function ReturnsSettings({ session }: { session: SessionState }) {
  return <ReturnsSettingsPanel signedIn={session.status === 'signed-in'} />;
}

/**
 * What Returns adds to the desk: its workspace and routes (list, detail, intake), a scan resolver (a
 * return's reference id or its tracking number opens it), the same look-ups plus the return id in
 * the command palette, "New return" there, Settings → Returns, and the outbox in the status bar.
 */
export const returnsArea = defineArea({
  id: 'returns',
  workspace: {
    label: (t) => t('returns.list.title'),
    path: '/returns',
    shortcut: 'Alt+5',
    needsSignIn: true,
    status: 'ready',
    purpose: (t) => t('returns.area.purpose'),
    view: listView,
  },
  routes: [returnsRoute, returnDetailRoute, returnNewRoute, returnDraftRoute],
  scanResolvers: [{ id: 'return', looksFor: ['return-reference', 'carrier-tracking'], resolve: (q, signal) => findReturnsByCode(q.text, signal, q.asks) }],
  paletteSources: [{ id: 'returns', group: (t) => t('returns.list.title'), search: searchReturns }],
  paletteActions: [
    {
      id: 'return-intake',
      label: (t) => t('returns.area.intake'),
      detail: (t) => t('returns.area.intakeDetail'),
      href: '#/returns/new',
      keywords: (t) => t('returns.area.intakeKeywords'),
    },
  ],
  settingsPanels: [{ id: 'return-intake', title: (t) => t('returns.settings.title'), component: ReturnsSettings }],
  statusItems: [{ slot: 'outbox', order: 40, component: OutboxSlot }],
});
