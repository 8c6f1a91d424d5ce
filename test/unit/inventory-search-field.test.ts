import { describe, expect, it } from 'vitest';
import { fieldReducer, initialField } from '../../areas/inventory/ui/searchField';

describe('the Inventory field', () => {
  it('searches and looks up what was typed', () => {
    expect(fieldReducer(initialField(''), { type: 'typed', value: 'org-co' })).toEqual({ typed: 'org-co', code: 'org-co', notFound: null });
  });

  it('says a looked-up code named no item, and forgets it once the clerk types again', () => {
    const refused = fieldReducer(initialField('org'), { type: 'lookedUp', shown: '4006381333931', code: ' 4006381333931 ', matches: 0 });
    expect(refused).toEqual({ typed: '4006381333931', code: ' 4006381333931 ', notFound: '4006381333931' });
    expect(fieldReducer(refused, { type: 'typed', value: '4' }).notFound).toBeNull();
  });

  it("looks a scan's text up with its GS separators while the field shows it without them", () => {
    const scanned = fieldReducer(initialField(''), { type: 'lookedUp', shown: '0109506000134352101A2B', code: '0109506000134352\x1d101A2B', matches: 2 });
    expect(scanned).toEqual({ typed: '0109506000134352101A2B', code: '0109506000134352\x1d101A2B', notFound: null });
  });

  it('keeps the same state when the address only repeats what the field holds', () => {
    const state = initialField('abc');
    expect(fieldReducer(state, { type: 'typed', value: 'abc' })).toBe(state);
  });
});
