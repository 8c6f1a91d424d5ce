import type { z } from 'zod';
import { ReturnsListSearch } from '../common/ipc';
import { lenient } from '../../../renderer/src/app/search';

/**
 * The returns list's address (areas/returns/common/ipc.ts says each part), each part falling back to its
 * default when it does not parse. Without its page, it is what the list asks main for.
 */
export const ReturnsSearch = lenient(ReturnsListSearch);
export type ReturnsSearch = z.infer<typeof ReturnsSearch>;

export const FILTER_KEYS = ['status', 'fc', 'from', 'to', 'q'] as const;

export function hasFilters(search: ReturnsSearch): boolean {
  return FILTER_KEYS.some((k) => search[k] !== undefined);
}
