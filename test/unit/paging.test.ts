import { describe, expect, it } from 'vitest';
import { collect, cursorPages, headerPages, nextUrlPages } from '../../electron/core/api/paging.js';

describe('paging helpers', () => {
  it('walks header pages to the last one', async () => {
    const asked: number[] = [];
    const all = await collect(headerPages(async (page) => (asked.push(page), { items: [page * 10, page * 10 + 1], pageInfo: { page, pageSize: 2, totalPages: 3, totalCount: 6 } })));
    expect(asked).toEqual([1, 2, 3]);
    expect(all).toEqual([10, 11, 20, 21, 30, 31]);
  });

  it('follows cursors until next is null, and stops on a cursor it has seen (a broken answer)', async () => {
    const pages: Record<string, { items: number[]; next: string | null }> = { start: { items: [1], next: 'a' }, a: { items: [2], next: 'b' }, b: { items: [3], next: null } };
    expect(await collect(cursorPages(async (c) => pages[c ?? 'start']!))).toEqual([1, 2, 3]);
    const looping = cursorPages(async () => ({ items: [0], next: 'same' }));
    expect(await collect(looping)).toEqual([0, 0]);
  });

  it('follows next URLs and stops when the signal aborts', async () => {
    const controller = new AbortController();
    let follows = 0;
    const pages = nextUrlPages(
      async () => ({ items: ['a'], next: '/x?cursor=1' }),
      async (next) => {
        follows++;
        controller.abort();
        return { items: [next], next: '/x?cursor=2' };
      },
      controller.signal,
    );
    await expect(collect(pages)).rejects.toThrow();
    expect(follows).toBe(1);
  });
});
