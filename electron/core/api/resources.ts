import { appError } from '../words.js';
import type { Channel } from '../../../shared/schemas/channel.js';
import { PagingHeaders, type PageInfo } from '../../../shared/schemas/common.js';
import type { FulfillmentCenter } from '../../../shared/schemas/receiving.js';
import type { ApiClient, CallResult } from './api-client.js';
import type { LinkedPage } from './paging.js';

/**
 * What every area's resources share (the areas' own live in areas/<area>/core/resources.ts): the
 * account-wide reads, the channel rule for writes, one page of a cursor list, header paging. Each
 * resource function is the only place its query and paging are spelled; lists answer one page with
 * the link to the next, followed as given.
 */
export type Signal = AbortSignal | undefined;
export const withSignal = (signal: Signal) => (signal ? { signal } : {});

/** Writes carry the channel with write access (spec 4); without one chosen, nothing is sent. */
export function needsChannel(channelId: number | null, what: string): number {
  if (channelId === null) throw appError('invalid_input', 'errors.api.needsChannel', undefined, { detail: `${what}: no channel with write access chosen` });
  return channelId;
}

// ------------------------------------------------------------------ channels and fulfillment centers

export async function listChannels(api: ApiClient, signal?: AbortSignal): Promise<Channel[]> {
  const { data } = await api.call('channel.list', { ...withSignal(signal) });
  return data.items;
}

export async function listFulfillmentCenters(api: ApiClient, signal?: AbortSignal): Promise<FulfillmentCenter[]> {
  return (await api.call('fulfillmentCenter.list', { ...withSignal(signal) })).data;
}

/** One page of a cursor-paged list: the first (from the query) or the one a link leads to. */
export async function cursorList<T>(
  call: (opts: {
    follow?: string;
    query?: Record<string, string | number | boolean | undefined>;
  }) => Promise<CallResult<{ items: T[]; next?: string | null | undefined }>>,
  query: Record<string, string | number | boolean | undefined>,
  follow?: string | null,
): Promise<LinkedPage<T>> {
  const { data } = await call(follow ? { follow } : { query });
  return { items: data.items, next: data.next ?? null };
}

// ------------------------------------------------------------------ header paging

/** Header paging (API notes): a missing or non-numeric header is a broken response, named as such. */
export function headerPageInfo(endpoint: string, result: CallResult<unknown>, page: number, limit: number): PageInfo {
  const read = (name: string): number => {
    const raw = headerText(result.headers[name]);
    const value = Number(raw);
    if (raw === undefined || !Number.isInteger(value) || value < 0) {
      throw appError('bad_response', 'errors.api.unexpected', undefined, {
        detail: `${endpoint} sent an unexpected response: header "${name}" is missing or not a whole number.`,
      });
    }
    return value;
  };
  return {
    page: read(PagingHeaders.pageNumber) || page,
    pageSize: read(PagingHeaders.pageSize) || limit,
    totalPages: read(PagingHeaders.totalPages),
    totalCount: read(PagingHeaders.totalCount),
  };
}

export function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
