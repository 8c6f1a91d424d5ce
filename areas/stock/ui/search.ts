import type { z } from 'zod';
import { ExpiringSearch as ExpiringAsked, ItemsSearch as ItemsAsked } from '../common/ipc';
import { lenient } from '../../../renderer/src/app/search';

export { DEFAULT_DAYS, DEFAULT_ITEM_SORT, DEFAULT_THRESHOLD } from '../common/ipc';

/**
 * The stock views' addresses (areas/stock/common/ipc.ts says each part), each part falling back to its
 * default when it does not parse (an old bookmark, a typo). They are also what the views ask main
 * for, as they stand; defaults are left out of the address and filled in by main.
 */
export const ExpiringSearch = lenient(ExpiringAsked);
export type ExpiringSearch = z.infer<typeof ExpiringSearch>;

export const ItemsSearch = lenient(ItemsAsked);
export type ItemsSearch = z.infer<typeof ItemsSearch>;
