import { foldCode } from '../../../shared/codes.js';
import type { UnidentifiedReceivingOrder } from '../../../shared/schemas/uro.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { listReceipts } from './resources.js';

/**
 * The service cannot filter receipts by barcode (its only filter is linked or not), so a search reads
 * the pages itself, newest first as the service orders them, up to a bound: 20 pages, 1,000 receipts
 * per tab, about a seventh of the minute's request budget. Past the bound the answer says it is
 * incomplete rather than pretending nothing older matched.
 */
export const SEARCH_MAX_PAGES = 20;
/** Enough matches to fill a screen; a search that finds more is too vague to page through. */
export const SEARCH_MAX_MATCHES = 200;

/** Barcodes compare as every printed code does (shared/codes.ts). */
export const normalizeCode = foldCode;

export type CodeMatch = 'exact' | 'contains';

export function receiptMatches(receipt: UnidentifiedReceivingOrder, code: string, how: CodeMatch): boolean {
  const wanted = normalizeCode(code);
  return [receipt.barcode, receipt.tracking_barcode].some((value) => {
    if (!value) return false;
    const have = normalizeCode(value);
    return how === 'exact' ? have === wanted : have.includes(wanted);
  });
}

export interface SearchResult {
  items: UnidentifiedReceivingOrder[];
  pagesRead: number;
  complete: boolean;
}

export async function searchReceipts(
  api: ApiClient,
  query: { linked: boolean; code: string; how: CodeMatch; maxPages?: number },
  signal?: AbortSignal,
): Promise<SearchResult> {
  const items: UnidentifiedReceivingOrder[] = [];
  const maxPages = query.maxPages ?? SEARCH_MAX_PAGES;
  for (let page = 1; page <= maxPages; page++) {
    const result = await listReceipts(api, { linked: query.linked, page }, signal);
    for (const receipt of result.items) if (receiptMatches(receipt, query.code, query.how)) items.push(receipt);
    if (!result.hasNext) return { items, pagesRead: page, complete: true };
    if (items.length >= SEARCH_MAX_MATCHES)
      return {
        items: items.slice(0, SEARCH_MAX_MATCHES),
        pagesRead: page,
        complete: false,
      };
  }
  return { items, pagesRead: maxPages, complete: false };
}
