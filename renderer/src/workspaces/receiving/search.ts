import { z } from 'zod';
import type { ChannelInput } from '../../../../shared/ipc/contract';
import type { ReceivingSortField } from '../../../../shared/ipc/receiving';
import { ReceivingStatus } from '../../../../shared/schemas/receiving';

/** The columns the receiving list sorts by, as they appear in the address. */
export const ReceivingSort = z.enum(['id', 'status', 'arrival', 'inserted', 'po']);
export type ReceivingSort = z.infer<typeof ReceivingSort>;
const SORT_FIELD: Record<ReceivingSort, ReceivingSortField> = {
  id: 'id',
  status: 'status',
  arrival: 'expected_arrival_date',
  inserted: 'insert_date',
  po: 'purchase_order_number',
};

const statusList = z.string().refine((s) => s.split(',').every((part) => ReceivingStatus.safeParse(part).success), 'Unknown status in the address.');
const day = z.iso.date().optional().catch(undefined);
const text = z.string().trim().min(1).max(100).optional().catch(undefined);

/**
 * The receiving list's address: #/receiving?status=Awaiting,Arrived&fc=12&po=PO-1&due=2026-11-25&
 * dueTo=2026-11-26&in=2026-11-01&inTo=2026-11-20&sync=no&find=1Z99&sort=arrival&dir=asc&page=2
 * (due: expected arrival, on each center's calendar). A part that does not parse (an old
 * bookmark, a typo) falls back to its default instead of breaking the view.
 */
export const ReceivingSearch = z.object({
  page: z.coerce.number().int().min(1).max(2147483647).optional().catch(undefined),
  status: statusList.optional().catch(undefined),
  fc: z.coerce.number().int().positive().max(2147483647).optional().catch(undefined),
  po: text
    .pipe(
      z
        .string()
        .regex(/^[^,]*$/)
        .optional(),
    )
    .catch(undefined),
  find: text,
  due: day,
  dueTo: day,
  in: day,
  inTo: day,
  done: day,
  doneTo: day,
  sync: z.enum(['yes', 'no']).optional().catch(undefined),
  sort: ReceivingSort.optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
});
export type ReceivingSearch = z.infer<typeof ReceivingSearch>;

/** The filter part of the address (page and sort are not filters; rememberFilters.ts says what is remembered). */
export const FILTER_KEYS = ['status', 'fc', 'po', 'find', 'due', 'dueTo', 'in', 'inTo', 'done', 'doneTo', 'sync'] as const;

export function statusesOf(search: ReceivingSearch): ReceivingStatus[] | undefined {
  return search.status ? (search.status.split(',') as ReceivingStatus[]) : undefined;
}

export function hasFilters(search: ReceivingSearch): boolean {
  return FILTER_KEYS.some((k) => search[k] !== undefined);
}

/** The address as the list channel's input. */
export function listInput(search: ReceivingSearch, limit: number): ChannelInput<'receiving.list'> {
  const statuses = statusesOf(search);
  return {
    page: search.page ?? 1,
    limit,
    ...(statuses ? { statuses } : {}),
    ...(search.fc ? { fulfillmentCenterIds: [search.fc] } : {}),
    ...(search.po ? { purchaseOrderNumber: search.po } : {}),
    ...(search.find ? { find: search.find } : {}),
    ...(search.due ? { expectedFrom: search.due } : {}),
    ...(search.dueTo ? { expectedTo: search.dueTo } : {}),
    ...(search.in ? { insertedFrom: search.in } : {}),
    ...(search.inTo ? { insertedTo: search.inTo } : {}),
    ...(search.done ? { completedFrom: search.done } : {}),
    ...(search.doneTo ? { completedTo: search.doneTo } : {}),
    ...(search.sync ? { externalSync: search.sync === 'yes' } : {}),
    ...(search.sort ? { sort: { field: SORT_FIELD[search.sort], direction: search.dir ?? 'asc' } } : {}),
  };
}
