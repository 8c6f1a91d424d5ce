import type { StockItemRow, StockLotRow } from '../../../../shared/ipc/stock';
import { csvField, localStamp } from '../inventory/history/historyData';

/**
 * The stock lists as a clerk opens them in a spreadsheet, in the history export's format (RFC 4180,
 * CRLF; times in the user's zone, sortable): names before ids, expiry as the calendar day it names.
 */
export function exclusionWords(excluded: boolean | null): string {
  return excluded === null ? 'Not known' : excluded ? 'Excluded' : 'Not excluded';
}

function csv(records: readonly (readonly (string | number)[])[]): string {
  return records.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const asOfStamp = (asOf: string | null) => (asOf ? localStamp(Date.parse(asOf)) : '');

export const EXPIRING_CSV_HEADER = [
  'Item',
  'SKU',
  'Inventory id',
  'Lot',
  'Fulfillment center',
  'On hand',
  'Fulfillable',
  'Expires',
  'Days left',
  'Exclusion',
  'Cache as of (local)',
] as const;

export function expiringCsv(rows: readonly StockLotRow[], asOf: string | null): string {
  const stamp = asOfStamp(asOf);
  return csv([
    EXPIRING_CSV_HEADER,
    ...rows.map((r) => [
      r.name,
      r.sku,
      r.inventoryId,
      r.lotNumber,
      r.fcName ?? String(r.fcId),
      r.onHand,
      r.fulfillable,
      r.expiryDay,
      r.daysLeft,
      exclusionWords(r.excluded),
      stamp,
    ]),
  ]);
}

export const ITEMS_CSV_HEADER = [
  'Item',
  'SKU',
  'Inventory id',
  'Kind',
  'Lot-tracked',
  'On hand',
  'Committed',
  'Fulfillable',
  'Awaiting',
  'Lots in stock',
  'Fulfillment center',
  'Cache as of (local)',
] as const;

export function itemKind(r: Pick<StockItemRow, 'digital' | 'bundle'>): string {
  return r.digital ? 'Digital' : r.bundle ? 'Bundle' : 'Physical';
}

export function itemsCsv(rows: readonly StockItemRow[], asOf: string | null, center: string): string {
  const stamp = asOfStamp(asOf);
  return csv([
    ITEMS_CSV_HEADER,
    ...rows.map((r) => [
      r.name,
      r.sku,
      r.inventoryId,
      itemKind(r),
      r.lot ? 'Yes' : 'No',
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
