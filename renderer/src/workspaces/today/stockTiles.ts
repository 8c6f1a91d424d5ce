import type { StockItemBrief, StockLotRow, StockSummary } from '../../../../shared/ipc/stock';
import { countOf } from '../../../../shared/counts';
import { formatAsOf, formatDay } from '../../format';
import type { TileView } from './tiles';

const lotRow = (l: StockLotRow) => ({
  key: `${l.inventoryId}:${l.lotNumber}:${l.fcId}`,
  name: l.name,
  // The expiry first: a tile's line is cut at its width, and when the lot goes bad is the tile's point.
  detail: [
    l.daysLeft >= 0 ? `expires ${formatDay(l.expiryDay)} (${countOf(l.daysLeft, 'day')})` : `expired ${formatDay(l.expiryDay)}`,
    `lot ${l.lotNumber}`,
    l.fcName ?? `Center ${l.fcId}`,
    countOf(l.onHand, 'unit'),
    l.sku,
  ].join(' · '),
});
const itemRow = (i: StockItemBrief) => ({
  key: String(i.inventoryId),
  name: i.name,
  detail: [i.sku, `${countOf(i.fulfillable, 'unit')} fulfillable`, `item ${i.inventoryId}`].join(' · '),
});

/** The four stock tiles, linking to the stock area's lists with the same filters. */
export function stockTiles(summary: StockSummary, center: number | null, days: number, threshold: number): TileView[] {
  const at = center === null ? '' : `&center=${center}`;
  return [
    {
      id: 'expiring',
      title: `Lots expiring within ${countOf(days, 'day')}`,
      count: summary.expiring.count,
      rows: summary.expiring.rows.map(lotRow),
      href: `#/stock/expiring?days=${days}${at}&show=expiring`,
      empty: 'No lot expires in that time.',
    },
    {
      id: 'expired',
      title: 'Expired lots not excluded',
      count: summary.expiredNotExcluded.count,
      rows: summary.expiredNotExcluded.rows.map(lotRow),
      href: `#/stock/expiring?days=${days}${at}&show=expired`,
      empty: 'Every expired lot is excluded.',
      alert: summary.expiredNotExcluded.count > 0,
    },
    {
      id: 'zero',
      title: 'Out of stock',
      count: summary.zero.count,
      rows: summary.zero.rows.map(itemRow),
      href: `#/stock/items?stock=zero${at}`,
      empty: 'No item is at zero.',
    },
    {
      id: 'low',
      title: `Low stock (under ${threshold})`,
      count: summary.low.count,
      rows: summary.low.rows.map(itemRow),
      href: `#/stock/items?stock=low${at}&threshold=${threshold}`,
      empty: 'No item is low.',
    },
  ];
}

/** Where the stock tiles' counts come from, in one line. */
export function stockNote(summary: StockSummary): string {
  return summary.asOf ? `Stock as of ${formatAsOf(summary.asOf)} (the inventory cache)` : 'Stock: the inventory cache has not been filled yet.';
}
