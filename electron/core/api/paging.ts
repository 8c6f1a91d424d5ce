import type { PageInfo } from '../../../shared/schemas/common.js';

/**
 * The service pages three ways (API notes): page numbers with paging headers (receiving, orders),
 * opaque cursors in the body (billing, returns, channel search), and next-page URLs in the body
 * (inventory). Each helper walks one style to the end, stopping when the signal aborts.
 */
export async function* headerPages<T>(fetchPage: (page: number) => Promise<{ items: T[]; pageInfo: PageInfo }>, signal?: AbortSignal): AsyncGenerator<T[]> {
  for (let page = 1; ; page++) {
    signal?.throwIfAborted();
    const { items, pageInfo } = await fetchPage(page);
    yield items;
    if (page >= pageInfo.totalPages || items.length === 0) return;
  }
}

export async function* cursorPages<T>(fetchPage: (cursor: string | null) => Promise<{ items: T[]; next: string | null }>, signal?: AbortSignal): AsyncGenerator<T[]> {
  let cursor: string | null = null;
  const seen = new Set<string>();
  for (;;) {
    signal?.throwIfAborted();
    const { items, next } = await fetchPage(cursor);
    yield items;
    // A cursor seen before would loop forever: the service's answer is broken, so stop.
    if (next === null || seen.has(next)) return;
    seen.add(next);
    cursor = next;
  }
}

/** Next-URL bodies: the service hands back a path (with its opaque cursor) to fetch as it is. */
export async function* nextUrlPages<T>(first: () => Promise<{ items: T[]; next: string | null }>, follow: (next: string) => Promise<{ items: T[]; next: string | null }>, signal?: AbortSignal): AsyncGenerator<T[]> {
  let page = await first();
  const seen = new Set<string>();
  for (;;) {
    yield page.items;
    if (page.next === null || seen.has(page.next)) return;
    seen.add(page.next);
    signal?.throwIfAborted();
    page = await follow(page.next);
  }
}

export async function collect<T>(pages: AsyncGenerator<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const items of pages) all.push(...items);
  return all;
}
