import {
  DEFAULT_DAYS,
  DEFAULT_ITEM_SORT,
  DEFAULT_THRESHOLD,
  SUMMARY_ROWS,
  type ExpiringSearch,
  type ExpiringShow,
  type ItemKind,
  type ItemSort,
  type ItemsSearch,
  type SortDirection,
  type StockItemBrief,
  type StockItemRow,
  type StockLevelFilter,
  type StockLotRow,
  type StockSummary,
} from '../common/ipc.js';
import { dayNumber, type StockIndex } from './stock-index.js';

/**
 * The stock answers over a StockIndex (pure: today, the exclusions known and the filters are given).
 * One rule per question, shared by Today's tiles and the full lists, so a tile's count is the number
 * of rows its list shows.
 */

/** The inventory browser's question with every default filled in (its address leaves defaults out). */
export interface ItemsQuery {
  center: number | null;
  stock: StockLevelFilter;
  threshold: number;
  kind: ItemKind;
  lots: boolean;
  q: string;
  sort: ItemSort;
  dir: SortDirection;
}

/** The one place an inventory browser address becomes the question the index answers. */
export function itemsQuery(search: ItemsSearch): ItemsQuery {
  return {
    center: search.fc ?? null,
    stock: search.stock ?? 'all',
    threshold: search.threshold ?? DEFAULT_THRESHOLD,
    kind: search.kind ?? 'all',
    lots: search.lots ?? false,
    q: search.q ?? '',
    sort: search.sort ?? DEFAULT_ITEM_SORT,
    dir: search.dir ?? 'asc',
  };
}

/** The expiring list's question with every default filled in. */
export interface ExpiringQuery {
  show: ExpiringShow;
  days: number;
  center: number | null;
  today: string;
}

/** The one place an expiring list address (and the day it is asked on) becomes the index's question. */
export function expiringQuery(search: ExpiringSearch, today: string): ExpiringQuery {
  return { show: search.show ?? 'expiring', days: search.days ?? DEFAULT_DAYS, center: search.fc ?? null, today };
}

/** What the desk knows of a lot's exclusion: true, false, or null (not asked). */
export type ExclusionLookup = (inventoryId: number, lotNumber: string) => boolean | null;

/** The lot-table positions of one list, in order: expiring (today .. today + days) or expired and not excluded. */
export function lotPositions(index: StockIndex, q: ExpiringQuery, excluded: ExclusionLookup): number[] {
  const today = dayNumber(q.today);
  const [from, to] = q.show === 'expiring' ? [index.lotsFrom(today), index.lotsFrom(today + q.days + 1)] : [0, index.lotsFrom(today)];
  const out: number[] = [];
  for (let k = from; k < to; k++) {
    if (q.center !== null && index.lotCenter(k) !== q.center) continue;
    if (q.show === 'expired') {
      const { inventoryId, lotNumber } = index.lotKey(k);
      if (excluded(inventoryId, lotNumber) === true) continue;
    }
    out.push(k);
  }
  return out;
}

export function lotRows(index: StockIndex, positions: readonly number[], today: string, excluded: ExclusionLookup): StockLotRow[] {
  const day = dayNumber(today);
  return positions.map((k) => index.lotRow(k, day, excluded));
}

/**
 * The browser's matching items in the order asked for: one walk of a precomputed order. Descending
 * walks it backwards, but keeps items with equal values in display order (name), as ascending does.
 */
export function itemPositions(index: StockIndex, query: ItemsQuery): Uint32Array {
  const q = index.at(query.center);
  const mask = index.textMask(query.q);
  const order = index.order(query.sort, query.center);
  const out = new Uint32Array(order.length);
  let count = 0;
  const take = (i: number) => {
    if ((mask === null || mask[i] === 1) && index.matches(i, query, q)) out[count++] = i;
  };
  if (query.dir === 'asc' || query.sort === 'name' || query.sort === 'sku' || query.sort === 'id') {
    if (query.dir === 'asc') for (let k = 0; k < order.length; k++) take(order[k]!);
    else for (let k = order.length - 1; k >= 0; k--) take(order[k]!);
  } else {
    const values = q[query.sort];
    for (let end = order.length; end > 0;) {
      let start = end - 1;
      const v = values[order[start]!]!;
      while (start > 0 && values[order[start - 1]!] === v) start--;
      for (let k = start; k < end; k++) take(order[k]!);
      end = start;
    }
  }
  return out.subarray(0, count);
}

export function itemRows(index: StockIndex, positions: Uint32Array, offset: number, limit: number, center: number | null): StockItemRow[] {
  const q = index.at(center);
  const rows: StockItemRow[] = [];
  for (let k = offset; k < Math.min(positions.length, offset + limit); k++) rows.push(index.itemRow(positions[k]!, q));
  return rows;
}

const brief = (row: StockItemRow): StockItemBrief => ({ inventoryId: row.inventoryId, name: row.name, sku: row.sku, fulfillable: row.fulfillable });

/** Today's stock tiles: each count is what the matching list shows in all, each rows its first few. */
export function summarize(
  index: StockIndex,
  q: { center: number | null; withinDays: number; lowThreshold: number; today: string },
  excluded: ExclusionLookup,
): Omit<StockSummary, 'asOf'> {
  const lots = (show: ExpiringShow) => {
    const positions = lotPositions(index, expiringQuery({ show, days: q.withinDays, fc: q.center ?? undefined }, q.today), excluded);
    return { count: positions.length, rows: lotRows(index, positions.slice(0, SUMMARY_ROWS), q.today, excluded) };
  };
  const items = (stock: 'zero' | 'low') => {
    // Zero: by name; low: the fewest first.
    const query = itemsQuery({ fc: q.center ?? undefined, stock, threshold: Math.max(1, q.lowThreshold), sort: stock === 'zero' ? 'name' : 'fulfillable' });
    // A threshold of 0 asks for nothing under it.
    const positions = stock === 'low' && q.lowThreshold <= 0 ? new Uint32Array(0) : itemPositions(index, query);
    return { count: positions.length, rows: itemRows(index, positions, 0, SUMMARY_ROWS, q.center).map(brief) };
  };
  return { expiring: lots('expiring'), expiredNotExcluded: lots('expired'), zero: items('zero'), low: items('low') };
}
