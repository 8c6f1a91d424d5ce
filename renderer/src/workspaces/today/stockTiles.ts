import type { TileView } from './tiles';

/**
 * The stock tiles (expiring and expired lots, zero and low stock) come from the stock area's
 * summary over the offline cache; until that channel exists there are none.
 */
export function useStockTiles(_center: number | null, _lowThreshold: number | null): { tiles: TileView[]; note: string | null } {
  return { tiles: [], note: null };
}
