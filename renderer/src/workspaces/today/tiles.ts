import type { DiscrepancyListRow } from '../../../../shared/ipc/receiving';
import type { TodaySummary, TodayWro } from '../../../../shared/ipc/today';
import { formatCenterTime, formatCount, formatDay } from '../../format';
import { countOf } from '../../../../shared/counts';

/** One tile as the view draws it: a count, the most urgent rows (names before ids), and its full list's address. */
export interface TileView {
  id: string;
  title: string;
  count: number;
  rows: { key: string; name: string; detail: string }[];
  /** The full list, filters in the address ("#/receiving?status=...&fc=12"). */
  href: string;
  /** What an empty tile says. */
  empty: string;
  /** Counts that mean trouble (overdue, expired) are marked. */
  alert?: boolean;
}

const wroRow = (w: TodayWro) => ({
  key: String(w.id),
  name: w.purchaseOrderNumber ?? `Order ${w.id}`,
  detail: [
    w.center.name ?? `Center ${w.center.id}`,
    `expected ${formatCenterTime(w.expectedArrival, w.center.timeZone)}`,
    countOf(w.units, 'unit'),
    `WRO ${w.id}`,
  ].join(' · '),
});

/** An order received with a discrepancy: its PO, where, how many units short and over, its id. */
const discrepancyRow = (r: DiscrepancyListRow) => ({
  key: String(r.orderId),
  name: r.purchaseOrderNumber ?? `Order ${r.orderId}`,
  detail: [
    r.center.name ?? `Center ${r.center.id}`,
    r.short > 0 ? `${formatCount(r.short)} short` : null,
    r.over > 0 ? `${formatCount(r.over)} over` : null,
    `WRO ${r.orderId}`,
  ]
    .filter(Boolean)
    .join(' · '),
});

const query = (params: Record<string, string | number | null | undefined>) => {
  const parts = Object.entries(params).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return parts.length ? `?${parts.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : '';
};

/** The receiving statuses the "arrived" tile counts, as the receiving list's address names them. */
export const ARRIVED_STATUSES = 'Arrived,PartiallyArrived,Processing';

/** Orders closed with a discrepancy: opens the discrepancy list of the same period and center, whose rows are this count. */
function discrepancyTile(tile: TodaySummary['discrepancies'], center: number | null): TileView {
  return {
    id: 'discrepancies',
    title: 'Received with a discrepancy',
    count: tile.count,
    rows: tile.rows.map(discrepancyRow),
    href: `#/receiving/discrepancies${query({ from: tile.from, to: tile.to, fc: center })}`,
    empty: tile.from ? `Every order created since ${formatDay(tile.from)} and closed was received as expected.` : 'Not read from the service yet.',
    alert: tile.count > 0,
  };
}

export function serviceTiles(summary: TodaySummary, center: number | null): TileView[] {
  const centerParam = center ?? 'all';
  return [
    {
      id: 'expected-today',
      title: 'Expected today',
      count: summary.expectedToday.count,
      rows: summary.expectedToday.rows.map(wroRow),
      href: `#/today/receiving${query({ when: 'today', center: centerParam })}`,
      empty: 'No receiving order is expected today.',
    },
    {
      id: 'overdue',
      title: 'Overdue',
      count: summary.overdue.count,
      rows: summary.overdue.rows.map(wroRow),
      href: `#/today/receiving${query({ when: 'overdue', center: centerParam })}`,
      empty: 'Nothing overdue.',
      alert: summary.overdue.count > 0,
    },
    {
      id: 'arrived',
      title: 'Arrived, not completed',
      count: summary.arrived.count,
      rows: summary.arrived.rows.map(wroRow),
      href: `#/receiving${query({ status: ARRIVED_STATUSES, fc: center })}`,
      empty: 'Every arrived order is completed.',
    },
    discrepancyTile(summary.discrepancies, center),
    {
      id: 'unlinked',
      title: 'Unlinked receipts',
      count: summary.unlinked.count,
      rows: summary.unlinked.rows.map((r) => ({
        key: String(r.id),
        name: r.trackingBarcode ?? r.barcode,
        detail: [r.reason, `received ${formatCenterTime(r.created, null)}`, r.barcode].join(' · '),
      })),
      href: '#/unidentified?tab=unlinked',
      empty: 'Every package has its receiving order.',
    },
    {
      id: 'returns-awaiting',
      title: 'Returns awaiting arrival',
      count: summary.returnsAwaiting.count,
      rows: summary.returnsAwaiting.rows.map((r) => {
        const name = r.customerName ?? r.referenceId ?? `Return ${r.id}`;
        // The reference once: in the detail only when a customer's name heads the row.
        const reference = name === r.referenceId ? null : r.referenceId;
        return {
          key: String(r.id),
          name,
          detail: [r.center.name ?? `Center ${r.center.id}`, `created ${formatCenterTime(r.created, r.center.timeZone)}`, reference, `return ${r.id}`]
            .filter(Boolean)
            .join(' · '),
        };
      }),
      href: `#/returns${query({ status: 'AwaitingArrival', fc: center })}`,
      empty: 'No return is on its way.',
    },
    {
      id: 'outbox',
      title: 'Returns not sent yet',
      count: summary.outbox.count,
      rows: summary.outbox.rows.map((e) => ({
        key: e.id,
        name: e.referenceId,
        detail: [e.center.name ?? `Center ${e.center.id}`, e.message ?? e.state].join(' · '),
      })),
      href: `#/today/outbox`,
      empty: 'The outbox is empty: every return reached the service.',
      alert: summary.outbox.rows.some((e) => e.state === 'failed' || e.state === 'held'),
    },
  ];
}
