import type { InForceRow } from '../common/ipc';

/** The exclusions-in-force list's pure parts: its order and its filter. */

export type { InForceRow };

/** The exclusions in force, the newest first (then by SKU). */
export function inForceRows(rows: readonly InForceRow[]): InForceRow[] {
  return [...rows].sort((x, y) => y.createdAt.localeCompare(x.createdAt) || x.sku.localeCompare(y.sku));
}

/** The rows whose item name, SKU or lot contains the filter's text (case-insensitive). */
export function filterRows(rows: readonly InForceRow[], text: string): InForceRow[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return [...rows];
  return rows.filter((r) => [r.sku, r.name, r.lotNumber].some((v) => v.toLocaleLowerCase().includes(needle)));
}
