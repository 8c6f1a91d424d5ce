import type { StockItemRow, StockLotRow } from '../common/ipc';
import type { Translate } from '../../../renderer/src/i18n/useT';
import { csvText as csv } from '../../../shared/csv';
import { localStamp } from '../../history/ui';

/**
 * The stock lists as a clerk opens them in a spreadsheet, through the desk's one CSV writer
 * (shared/csv.ts; times in the user's zone, sortable): names before ids, expiry as the calendar day it names.
 */
export function exclusionWords(t: Translate, excluded: boolean | null): string {
  return t('stock.exclusion', { excluded: excluded === null ? 'unknown' : excluded ? 'yes' : 'no' });
}

const asOfStamp = (asOf: string | null) => (asOf ? localStamp(Date.parse(asOf)) : '');

/** The column headings are the clerk's, in the desk's language; the rows are data. */
export const expiringCsvHeader = (t: Translate) => [
  t('stock.csv.item'),
  t('stock.csv.sku'),
  t('stock.csv.inventoryId'),
  t('stock.csv.lot'),
  t('stock.csv.center'),
  t('stock.csv.onHand'),
  t('stock.csv.fulfillable'),
  t('stock.csv.expires'),
  t('stock.csv.daysLeft'),
  t('stock.csv.exclusion'),
  t('stock.csv.asOf'),
];

export function expiringCsv(t: Translate, rows: readonly StockLotRow[], asOf: string | null): string {
  const stamp = asOfStamp(asOf);
  return csv([
    expiringCsvHeader(t),
    ...rows.map((r) => [
      r.name,
      r.sku,
      r.inventoryId,
      r.lotNumber,
      r.center.name ?? String(r.center.id),
      r.onHand,
      r.fulfillable,
      r.expiryDay,
      r.daysLeft,
      exclusionWords(t, r.excluded),
      stamp,
    ]),
  ]);
}

export const itemsCsvHeader = (t: Translate) => [
  t('stock.csv.item'),
  t('stock.csv.sku'),
  t('stock.csv.inventoryId'),
  t('stock.csv.kind'),
  t('stock.csv.lotTracked'),
  t('stock.csv.onHand'),
  t('stock.csv.committed'),
  t('stock.csv.fulfillable'),
  t('stock.csv.awaiting'),
  t('stock.csv.lots'),
  t('stock.csv.center'),
  t('stock.csv.asOf'),
];

export const kindOf = (r: Pick<StockItemRow, 'digital' | 'bundle'>) => (r.digital ? 'digital' : r.bundle ? 'bundle' : 'physical');

export function itemKind(t: Translate, r: Pick<StockItemRow, 'digital' | 'bundle'>): string {
  return t('stock.kind', { kind: kindOf(r) });
}

export function itemsCsv(t: Translate, rows: readonly StockItemRow[], asOf: string | null, center: string): string {
  const stamp = asOfStamp(asOf);
  return csv([
    itemsCsvHeader(t),
    ...rows.map((r) => [
      r.name,
      r.sku,
      r.inventoryId,
      itemKind(t, r),
      t('stock.csv.yesNo', { yes: r.lot ? 'yes' : 'no' }),
      r.onHand,
      r.committed,
      r.fulfillable,
      r.awaiting,
      r.lots,
      center,
      stamp,
    ]),
  ]);
}
