import type { DiscrepancyListRow } from '../../receiving/common/ipc';
import { differenceSaid } from '../../receiving/ui';
import type { TodaySummary, TodayWro } from '../common/ipc';
import { formatCenterTime, formatDay } from '../../../renderer/src/format';
import { sentences } from '../../../renderer/src/i18n/sentences';
import type { Translate, Words } from '../../../renderer/src/i18n/useT';
import { centerLabel } from '../../../renderer/src/ui/centerChoices';

/** One tile as the view draws it: a count, the most urgent rows (names before ids), and its full list's address. */
export interface TileView {
  id: string;
  title: string;
  count: number;
  /** A row's detail: its facts in order, said with " · " between; a fact left out is null. */
  rows: { key: string; name: string; detail: readonly (string | null | undefined)[] }[];
  /** The full list, filters in the address ("#/receiving?status=...&fc=12"). */
  href: string;
  /** What an empty tile says. */
  empty: string;
  /** Counts that mean trouble (overdue, expired) are marked. */
  alert?: boolean;
}

const wroRow = (t: Translate) => (w: TodayWro) => ({
  key: String(w.id),
  name: w.purchaseOrderNumber ?? t('today.orderId', { id: String(w.id) }),
  detail: [
    centerLabel(t, w.center),
    t('today.row.expected', { time: formatCenterTime(w.expectedArrival, w.center.timeZone) }),
    t('today.units', { count: w.units }),
    t('today.row.wro', { id: String(w.id) }),
  ],
});

/** An order received with a discrepancy: its PO, where, its difference in the order's own words, its id. */
const discrepancyRow = (t: Translate) => (r: DiscrepancyListRow) => ({
  key: String(r.orderId),
  name: r.purchaseOrderNumber ?? t('today.orderId', { id: String(r.orderId) }),
  detail: [centerLabel(t, r.center), differenceSaid(t, r) || null, t('today.row.wro', { id: String(r.orderId) })],
});

const query = (params: Record<string, string | number | null | undefined>) => {
  const parts = Object.entries(params).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return parts.length ? `?${parts.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : '';
};

/** The receiving statuses the "arrived" tile counts, as the receiving list's address names them. */
export const ARRIVED_STATUSES = 'Arrived,PartiallyArrived,Processing';

/** Orders closed with a discrepancy: opens the discrepancy list of the same period and center, whose rows are this count. */
function discrepancyTile(t: Translate, tile: TodaySummary['discrepancies'], center: number | null): TileView {
  return {
    id: 'discrepancies',
    title: t('today.tile.discrepancies'),
    count: tile.count,
    rows: tile.rows.map(discrepancyRow(t)),
    href: `#/receiving/discrepancies${query({ from: tile.from, to: tile.to, fc: center })}`,
    empty: tile.from ? t('today.tile.discrepancies.empty', { day: formatDay(tile.from) }) : t('today.notRead'),
    alert: tile.count > 0,
  };
}

export function serviceTiles({ t, said }: Pick<Words, 't' | 'said'>, summary: TodaySummary, center: number | null): TileView[] {
  const centerParam = center ?? 'all';
  const row = wroRow(t);
  return [
    {
      id: 'expected-today',
      title: t('today.tile.expectedToday'),
      count: summary.expectedToday.count,
      rows: summary.expectedToday.rows.map(row),
      href: `#/today/receiving${query({ when: 'today', fc: centerParam })}`,
      empty: t('today.tile.expectedToday.empty'),
    },
    {
      id: 'overdue',
      title: t('today.tile.overdue'),
      count: summary.overdue.count,
      rows: summary.overdue.rows.map(row),
      href: `#/today/receiving${query({ when: 'overdue', fc: centerParam })}`,
      empty: t('today.tile.overdue.empty'),
      alert: summary.overdue.count > 0,
    },
    {
      id: 'arrived',
      title: t('today.tile.arrived'),
      count: summary.arrived.count,
      rows: summary.arrived.rows.map(row),
      href: `#/receiving${query({ status: ARRIVED_STATUSES, fc: center })}`,
      empty: t('today.tile.arrived.empty'),
    },
    discrepancyTile(t, summary.discrepancies, center),
    {
      id: 'unlinked',
      title: t('today.tile.unlinked'),
      count: summary.unlinked.count,
      rows: summary.unlinked.rows.map((r) => ({
        key: String(r.id),
        name: r.trackingBarcode ?? r.barcode,
        detail: [r.reason, t('today.row.received', { time: formatCenterTime(r.created, null) }), r.barcode],
      })),
      href: '#/unidentified?tab=unlinked',
      empty: t('today.tile.unlinked.empty'),
    },
    {
      id: 'returns-awaiting',
      title: t('today.tile.returnsAwaiting'),
      count: summary.returnsAwaiting.count,
      rows: summary.returnsAwaiting.rows.map((r) => {
        const name = r.customerName ?? r.referenceId ?? t('today.returnId', { id: String(r.id) });
        // The reference once: in the detail only when a customer's name heads the row.
        const reference = name === r.referenceId ? null : r.referenceId;
        return {
          key: String(r.id),
          name,
          detail: [
            centerLabel(t, r.center),
            t('today.row.created', { time: formatCenterTime(r.created, r.center.timeZone) }),
            reference,
            t('today.row.return', { id: String(r.id) }),
          ],
        };
      }),
      href: `#/returns${query({ status: 'AwaitingArrival', fc: center })}`,
      empty: t('today.tile.returnsAwaiting.empty'),
    },
    {
      id: 'outbox',
      title: t('today.tile.outbox'),
      count: summary.outbox.count,
      rows: summary.outbox.rows.map((e) => ({
        key: e.id,
        name: e.referenceId,
        detail: [centerLabel(t, e.center), sentences(said, e.said) ?? t('today.outboxState', { state: e.state })],
      })),
      href: `#/today/outbox`,
      empty: t('today.tile.outbox.empty'),
      alert: summary.outbox.rows.some((e) => e.state === 'failed' || e.state === 'held'),
    },
  ];
}
