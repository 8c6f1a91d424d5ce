import type { StockItemBrief, StockLotRow, StockSummary } from '../../stock/common/ipc';
import type { Translate } from '../../../renderer/src/i18n/useT';
import { formatAsOf, formatDay } from '../../../renderer/src/format';
import { centerLabel } from '../../../renderer/src/ui/centerChoices';
import type { TileView } from './tiles';

const lotRow = (t: Translate) => (l: StockLotRow) => ({
  key: `${l.inventoryId}:${l.lotNumber}:${l.center.id}`,
  name: l.name,
  // The expiry first: a tile's line is cut at its width, and when the lot goes bad is the tile's point.
  detail: [
    l.daysLeft >= 0 ? t('today.row.expires', { day: formatDay(l.expiryDay), days: l.daysLeft }) : t('today.row.expired', { day: formatDay(l.expiryDay) }),
    t('today.row.lot', { lot: l.lotNumber }),
    centerLabel(t, l.center),
    t('today.units', { count: l.onHand }),
    l.sku,
  ],
});
const itemRow = (t: Translate) => (i: StockItemBrief) => ({
  key: String(i.inventoryId),
  name: i.name,
  detail: [i.sku, t('today.row.fulfillable', { count: i.fulfillable }), t('today.row.item', { id: String(i.inventoryId) })],
});

/** The four stock tiles, linking to the stock area's lists with the same filters. */
export function stockTiles(t: Translate, summary: StockSummary, center: number | null, days: number, threshold: number): TileView[] {
  const at = center === null ? '' : `&fc=${center}`;
  const lot = lotRow(t);
  const item = itemRow(t);
  return [
    {
      id: 'expiring',
      title: t('today.tile.expiring', { days }),
      count: summary.expiring.count,
      rows: summary.expiring.rows.map(lot),
      href: `#/stock/expiring?days=${days}${at}&show=expiring`,
      empty: t('today.tile.expiring.empty'),
    },
    {
      id: 'expired',
      title: t('today.tile.expired'),
      count: summary.expiredNotExcluded.count,
      rows: summary.expiredNotExcluded.rows.map(lot),
      href: `#/stock/expiring?days=${days}${at}&show=expired`,
      empty: t('today.tile.expired.empty'),
      alert: summary.expiredNotExcluded.count > 0,
    },
    {
      id: 'zero',
      title: t('today.tile.zero'),
      count: summary.zero.count,
      rows: summary.zero.rows.map(item),
      href: `#/stock/items?stock=zero${at}`,
      empty: t('today.tile.zero.empty'),
    },
    {
      id: 'low',
      title: t('today.tile.low', { threshold }),
      count: summary.low.count,
      rows: summary.low.rows.map(item),
      href: `#/stock/items?stock=low${at}&threshold=${threshold}`,
      empty: t('today.tile.low.empty'),
    },
  ];
}

/** Where the stock tiles' counts come from, in one line. */
export function stockNote(t: Translate, summary: StockSummary): string {
  return summary.asOf ? t('today.stockAsOf', { time: formatAsOf(summary.asOf) }) : t('today.stockEmpty');
}
