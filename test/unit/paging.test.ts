import { describe, expect, it } from 'vitest';
import { collect, linkedPages } from '../../electron/core/api/paging.js';

describe('following paging links', () => {
  it('follows each link exactly as given until there is none', async () => {
    const pages: Record<string, { items: number[]; next: string | null }> = {
      '/2026-07/receiving?Page=2&Limit=2': { items: [3, 4], next: 'https://service.example/2026-07/receiving?Page=3&Limit=2' },
      'https://service.example/2026-07/receiving?Page=3&Limit=2': { items: [5], next: null },
    };
    const followed: string[] = [];
    const all = await collect(
      linkedPages(
        async () => ({ items: [1, 2], next: '/2026-07/receiving?Page=2&Limit=2' }),
        async (link) => (followed.push(link), pages[link]!),
      ),
    );
    expect(all).toEqual([1, 2, 3, 4, 5]);
    expect(followed).toEqual(['/2026-07/receiving?Page=2&Limit=2', 'https://service.example/2026-07/receiving?Page=3&Limit=2']);
  });

  it('stops on a link it has followed before (a broken answer would loop forever)', async () => {
    const looping = linkedPages(
      async () => ({ items: [0], next: '/x?cursor=same' }),
      async () => ({ items: [1], next: '/x?cursor=same' }),
    );
    expect(await collect(looping)).toEqual([0, 1]);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    let follows = 0;
    const pages = linkedPages(
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
