import type { LotExclusionsAnswer } from '../../../../shared/ipc/lots';

/** The exclusions-in-force list's pure parts: its rows from the per-item answers, and its filter. */

/** One exclusion in force, with the item it belongs to by name and SKU. */
export interface InForceRow {
  id: number;
  inventoryId: number;
  sku: string;
  name: string;
  lotNumber: string;
  lotDate: string | null;
  createdAt: string;
}

/** Every active exclusion of the answers so far, the newest first. */
export function inForceRows(answers: readonly (LotExclusionsAnswer | undefined)[]): InForceRow[] {
  const rows = answers.flatMap((a) => (a ? a.active.map((e) => ({ ...e, inventoryId: a.inventoryId, sku: a.sku, name: a.name })) : []));
  return rows.map(({ deletedAt: _deleted, ...row }) => row).sort((x, y) => y.createdAt.localeCompare(x.createdAt) || x.sku.localeCompare(y.sku));
}

/** The rows whose item name, SKU or lot contains the filter's text (case-insensitive). */
export function filterRows(rows: readonly InForceRow[], text: string): InForceRow[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return [...rows];
  return rows.filter((r) => [r.sku, r.name, r.lotNumber].some((v) => v.toLocaleLowerCase().includes(needle)));
}
