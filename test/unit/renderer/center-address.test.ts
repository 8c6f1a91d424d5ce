import { describe, expect, it } from 'vitest';
import { StockItemsInput } from '../../../areas/stock/common/ipc';
import { upgradeAddress } from '../../../renderer/src/app/rememberAddress';
import { parseSearch, stringifySearch } from '../../../renderer/src/app/search';
import { HistorySearch } from '../../../areas/history/ui/search';
import { ReceivingSearch } from '../../../areas/receiving/ui/search';
import { ReturnsSearch } from '../../../areas/returns/ui/search';
import { ExpiringSearch, ItemsSearch } from '../../../areas/stock/ui/search';
import { centerOf, TodayReceivingSearch, TodaySearch } from '../../../areas/today/ui/search';

/**
 * A link or bookmark names a center the same way in every view: `fc=` and the center's id. The
 * router hands the address's parts as JSON reads them (`fc=3` is the number 3), a pasted or typed
 * address as text; a part that is no center's id is left out and the rest of the address still holds.
 */
const views = {
  receiving: ReceivingSearch,
  returns: ReturnsSearch,
  history: HistorySearch,
  'stock expiring': ExpiringSearch,
  'stock items': ItemsSearch,
  today: TodaySearch,
  'today receiving': TodayReceivingSearch,
} as const;

describe('a center in an address', () => {
  for (const [view, schema] of Object.entries(views)) {
    it(`${view}: fc=3 chooses center 3, as a number or as text; a word is left out`, () => {
      expect(schema.parse({ fc: 3 })).toMatchObject({ fc: 3 });
      expect(schema.parse({ fc: '3' })).toMatchObject({ fc: 3 });
      expect((schema.parse({ fc: 'Moreno' }) as { fc?: unknown }).fc).toBeUndefined();
      expect((schema.parse({ fc: -1 }) as { fc?: unknown }).fc).toBeUndefined();
    });
  }

  it('the stock browser asks main with its address as it stands: the same center id, lot items and words', () => {
    const search = ItemsSearch.parse(parseSearch('?fc=7&stock=zero&lots=1&q=tea'));
    expect(StockItemsInput.parse({ ...search, offset: 0, limit: 50 })).toMatchObject({ fc: 7, stock: 'zero', lots: true, q: 'tea' });
    // Written back, the address reads as it did: lot items only is still `lots=1`.
    expect(stringifySearch(search)).toBe('?fc=7&stock=zero&lots=1&q=tea');
    // No center in the address: every center (main fills in what the address leaves out).
    expect(StockItemsInput.parse({ ...ItemsSearch.parse({}), offset: 0, limit: 50 }).fc).toBeUndefined();
    expect(ItemsSearch.parse(parseSearch('?lots=yes')).lots).toBeUndefined();
  });

  it('Today: fc=all is every center, no fc is the desk’s own center', () => {
    expect(centerOf(TodaySearch.parse({ fc: 'all' }), 5)).toBeNull();
    expect(centerOf(TodaySearch.parse({}), 5)).toBe(5);
    expect(centerOf(TodaySearch.parse({ fc: 12 }), 5)).toBe(12);
    expect(centerOf(TodayReceivingSearch.parse({ when: 'overdue', fc: 'all' }), 5)).toBeNull();
  });

  it('an address kept before Today and the stock views said fc= opens on the same center', () => {
    expect(upgradeAddress('/today?center=12')).toBe('/today?fc=12');
    expect(upgradeAddress('/today?center=all')).toBe('/today?fc=all');
    expect(upgradeAddress('/stock/items?stock=low&center=3&q=tea')).toBe('/stock/items?stock=low&fc=3&q=tea');
    expect(centerOf(TodaySearch.parse(Object.fromEntries(new URLSearchParams(upgradeAddress('/today?center=12').split('?')[1]))), 5)).toBe(12);
    // Other views never had `center=`; a search for the word is the clerk's text, kept as typed.
    expect(upgradeAddress('/inventory?q=center=3')).toBe('/inventory?q=center=3');
  });
});
