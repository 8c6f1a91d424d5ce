import { useQuery } from '@tanstack/react-query';
import type { StockItemBrief, StockLotRow, StockSummary } from '../../../../shared/ipc/stock';
import { countOf } from '../../../../shared/counts';
import { useAccountKey } from '../../app/accountKey';
import { usePreferences } from '../../app/preferences';
import { call } from '../../bridge/dockdesk';
import { formatAsOf, formatDay } from '../../format';
import type { TileView } from './tiles';

/** The desk's calendar day ('YYYY-MM-DD' in the user's zone), which the stock area counts days from. */
function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const lotRow = (l: StockLotRow) => ({
  key: `${l.inventoryId}:${l.lotNumber}:${l.fcId}`,
  name: l.name,
  detail: [
    l.sku,
    `lot ${l.lotNumber}`,
    l.fcName ?? `Center ${l.fcId}`,
    l.daysLeft >= 0 ? `expires ${formatDay(l.expiryDay)} (${countOf(l.daysLeft, 'day')})` : `expired ${formatDay(l.expiryDay)}`,
    countOf(l.onHand, 'unit'),
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

/** The stock tiles from the offline cache (the stock area's summary: no request to the service). */
export function useStockTiles(center: number | null, lowThreshold: number | null): { tiles: TileView[]; note: string | null } {
  const account = useAccountKey();
  const days = usePreferences().data?.lotExpiryWarningDays ?? 30;
  const today = localDay();
  const query = useQuery({
    queryKey: [...account, 'today', 'stock', center, days, lowThreshold, today],
    queryFn: ({ signal }) =>
      call('stock.summary', { center: center === null ? null : String(center), withinDays: days, lowThreshold: lowThreshold ?? 1, today }, signal),
    enabled: lowThreshold !== null,
  });
  if (!query.data || lowThreshold === null) return { tiles: [], note: null };
  const note = query.data.asOf ? `Stock as of ${formatAsOf(query.data.asOf)} (the inventory cache)` : 'Stock: the inventory cache has not been filled yet.';
  return { tiles: stockTiles(query.data, center, days, lowThreshold), note };
}
