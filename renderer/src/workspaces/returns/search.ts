import type { z } from 'zod';
import { ReturnsListSearch } from '../../../../shared/ipc/returns';
import { lenient } from '../../app/search';

/**
 * The returns list's address (shared/ipc/returns.ts says each part), each part falling back to its
 * default when it does not parse. Without its page, it is what the list asks main for.
 */
export const ReturnsSearch = lenient(ReturnsListSearch);
export type ReturnsSearch = z.infer<typeof ReturnsSearch>;

export const FILTER_KEYS = ['status', 'fc', 'from', 'to', 'q'] as const;

export function hasFilters(search: ReturnsSearch): boolean {
  return FILTER_KEYS.some((k) => search[k] !== undefined);
}
