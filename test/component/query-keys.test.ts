import { describe, expect, it } from 'vitest';
import type { AccountKey } from '../../renderer/src/app/accountKey';
import { centersQuery } from '../../renderer/src/app/centers';
import { inventoryQueries } from '../../areas/inventory/ui/queries';
import { journalQueries } from '../../areas/journal/ui/queries';
import { lotsQueries } from '../../areas/lots/ui/queries';
import { receivingQueries } from '../../areas/receiving/ui/queries';
import { filtersQuery } from '../../areas/receiving/ui/rememberFilters';
import { returnsQueries } from '../../areas/returns/ui/queries';
import { unidentifiedQueries } from '../../areas/unidentified/ui/queries';

/**
 * Account data is cached under keys that start with the account (its environment): one account's
 * rows can never show under another, and sign-out drops them all at once. Every factory of every
 * area is asked for a key, with placeholder arguments (a key only holds them).
 */
const factories: Record<string, Record<string, (account: AccountKey, ...rest: never[]) => unknown>> = {
  inventory: inventoryQueries,
  journal: journalQueries,
  centers: { centers: centersQuery },
  lots: lotsQueries,
  receiving: { ...receivingQueries, filters: filtersQuery },
  returns: returnsQueries,
  unidentified: unidentifiedQueries,
};

const keyOf = (made: unknown): readonly unknown[] => (Array.isArray(made) ? made : (made as { queryKey: readonly unknown[] }).queryKey);

describe('query keys', () => {
  for (const [area, made] of Object.entries(factories)) {
    for (const [name, factory] of Object.entries(made)) {
      it(`${area}.${name} starts with the account`, () => {
        for (const environment of ['local', 'staging-eu']) {
          const account: AccountKey = ['account', environment];
          const placeholders = Array.from({ length: Math.max(0, factory.length - 1) }, (_, i) => `arg${i}`) as never[];
          const key = keyOf(factory(account, ...placeholders));
          expect(key.slice(0, 2)).toEqual(['account', environment]);
          expect(key.length).toBeGreaterThan(2);
        }
      });
    }
  }

  it('two environments never share a key', () => {
    expect(receivingQueries.detail(['account', 'a'], 5).queryKey).not.toEqual(receivingQueries.detail(['account', 'b'], 5).queryKey);
  });
});
