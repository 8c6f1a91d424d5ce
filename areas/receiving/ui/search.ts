import type { z } from 'zod';
import { ReceivingListSearch } from '../common/ipc';
import type { ReceivingStatus } from '../../../shared/schemas/receiving';
import { lenient } from '../../../renderer/src/app/search';

export { ReceivingSort } from '../common/ipc';

/**
 * The receiving list's address (areas/receiving/common/ipc.ts says each part), each part falling back to
 * its default when it does not parse. It is also what the list asks main for, as it stands.
 */
export const ReceivingSearch = lenient(ReceivingListSearch);
export type ReceivingSearch = z.infer<typeof ReceivingSearch>;

/** The filter part of the address (page and sort are not filters; rememberFilters.ts says what is remembered). */
export const FILTER_KEYS = ['status', 'fc', 'po', 'q', 'due', 'dueTo', 'in', 'inTo', 'done', 'doneTo', 'sync'] as const;

export function statusesOf(search: ReceivingSearch): ReceivingStatus[] | undefined {
  return search.status ? (search.status.split(',') as ReceivingStatus[]) : undefined;
}

export function hasFilters(search: ReceivingSearch): boolean {
  return FILTER_KEYS.some((k) => search[k] !== undefined);
}
