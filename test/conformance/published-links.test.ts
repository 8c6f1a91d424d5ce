import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/server.js';
import { emulatorWithPat, type EmulatorClient } from '../support/emulator-client.js';

/**
 * Conformance with the published documents where they differ from the seed's words: paging links
 * that the seed calls opaque tokens and the documents give as links (both come back from clients),
 * the published return list's page-number Cursor, and the name of a personal access token's channel.
 */
let emu: RunningEmulator;
let api: EmulatorClient;
beforeAll(async () => {
  ({ emu, api } = await emulatorWithPat());
});
afterAll(async () => {
  await emu.close();
});

type Page = { items: { [key: string]: unknown }[] | null; first: string | null; last: string | null; next: string | null; prev: string | null };

/** Each cursor list: its first page (small, so there is a next), the cursor parameter, and an item's key. */
const LISTS: { name: string; firstPage: string; param: string; key: string }[] = [
  { name: 'inventory (2026-07)', firstPage: '/2026-07/inventory?PageSize=3', param: 'cursor', key: 'inventory_id' },
  { name: 'inventory (2.0)', firstPage: '/2.0/inventory?PageSize=3', param: 'cursor', key: 'inventory_id' },
  { name: 'products (2025-07)', firstPage: '/2025-07/product?PageSize=3', param: 'Cursor', key: 'id' },
  { name: 'returns (2026-01)', firstPage: '/2026-01/return?Limit=2', param: 'Cursor', key: 'id' },
  { name: 'invoices (2025-07)', firstPage: '/2025-07/invoices?PageSize=2', param: 'Cursor', key: 'invoice_id' },
  { name: 'invoices (Experimental)', firstPage: '/Experimental/invoices?pageSize=2', param: 'cursor', key: 'invoiceId' },
];

/** The token a link carries (links name the cursor parameter); a bare token is itself. */
function tokenOf(link: string, param: string): string {
  if (!link.includes('?')) return link;
  const value = new URL(link, 'http://x').searchParams.get(param);
  expect(value, `the link ${link} carries ${param}`).toBeTruthy();
  return value!;
}

const ids = (page: Page, key: string) => (page.items ?? []).map((item) => item[key]);

describe('paging links: the token, the whole link as the cursor, or the link followed as is (spec 4.7, published links)', () => {
  it.each(LISTS)('$name', async ({ firstPage, param, key }) => {
    const first = await api.get<Page>(firstPage);
    expect(first.next, 'a second page exists').toBeTruthy();
    const link = first.next!;
    const token = tokenOf(link, param);
    const path = firstPage.split('?')[0]!;
    const pathAndQuery = link.startsWith('http') ? link.slice(new URL(link).origin.length) : link.includes('?') ? link : `${path}?${param}=${token}`;
    const absolute = `${emu.url}${pathAndQuery}`;

    const byToken = await api.get<Page>(`${path}?${param}=${encodeURIComponent(token)}`);
    const expected = ids(byToken, key);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected).not.toEqual(ids(first, key));

    for (const [form, value] of [
      ['path and query', pathAndQuery],
      ['absolute URL', absolute],
    ] as const) {
      const page = await api.get<Page>(`${path}?${param}=${encodeURIComponent(value)}`);
      expect(ids(page, key), form).toEqual(expected);
    }
    const followed = await api.get<Page>(link.startsWith('http') ? link.slice(new URL(link).origin.length) : pathAndQuery);
    expect(ids(followed, key), 'followed as is').toEqual(expected);
  });

  it('channel search takes the token or a link carrying it in its body cursor', async () => {
    const search = (body: unknown) => api.call('POST', '/Experimental/channel:search', { body, channel: false });
    const first = (await search({ records_per_page: 1 })).body as Page;
    expect(first.next).toBeTruthy();
    const expected = ids((await search({ cursor: first.next })).body as Page, 'id');
    expect(expected).toHaveLength(1);
    const asLink = (await search({ cursor: `${emu.url}/Experimental/channel:search?cursor=${first.next}` })).body as Page;
    expect(ids(asLink, 'id')).toEqual(expected);
  });

  it('a link or token that the emulator did not sign is refused with 400, naming both forms', async () => {
    for (const cursor of ['not-a-token', 'abc.def', '/2026-07/inventory?cursor=abc.def', `${emu.url}/2026-07/inventory?PageSize=3`]) {
      const answer = await api.call('GET', `/2026-07/inventory?cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status, cursor).toBe(400);
      expect(answer.text).toContain('the whole link');
    }
  });
});

describe('the published return list: Cursor is a page number (int32 from 1) beside the token', () => {
  it.each(['2025-07', '2026-01'])('%s: page 2 of the query is the page the next link gives, filters kept; out of range is 400', async (version) => {
    const query = 'Limit=2&SortOrder=Asc';
    const first = await api.get<Page>(`/${version}/return?${query}`);
    const second = await api.get<Page>(`/${version}/return?${query}&Cursor=2`);
    const viaLink = await api.get<Page>(new URL(first.next!).pathname + new URL(first.next!).search);
    expect(ids(second, 'id')).toEqual(ids(viaLink, 'id'));
    expect(ids(second, 'id')).toHaveLength(2);
    expect(ids(await api.get<Page>(`/${version}/return?${query}&Cursor=1`), 'id')).toEqual(ids(first, 'id'));
    // The page header says which page this is.
    const answer = await api.call('GET', `/${version}/return?${query}&Cursor=3`);
    expect(answer.headers.get('page-number')).toBe('3');
    // Past the end: an empty page, not an error.
    expect((await api.get<Page>(`/${version}/return?${query}&Cursor=2147483647`)).items).toEqual([]);
    for (const bad of ['0', '2147483648']) {
      const refused = await api.call('GET', `/${version}/return?${query}&Cursor=${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.text).toContain('page number');
    }
  });
});

describe('a personal access token’s channel is named as published', () => {
  it.each(['2025-07', '2026-01'])('%s channel list: the write channel’s application_name is "SMA"', async (version) => {
    const list = await api.get<{ items: { id: number; application_name: string | null; scopes: string[] }[] }>(`/${version}/channel`);
    const sma = list.items.filter((c) => c.application_name === 'SMA');
    expect(sma.map((c) => c.id)).toEqual([api.channelId]);
    expect(sma[0]!.scopes).toContain('receiving_write');
  });
});
