import { describe, expect, it } from 'vitest';
import { bindableKeys, describeKeys, isScannerControlCombo, matches, parseKeys } from '../../renderer/src/keyboard/keys.js';
import { parseSearch, stringifySearch } from '../../renderer/src/app/search.js';
import { ReceivingSearch } from '../../areas/receiving/ui/search.js';
import { receivingChannels } from '../../areas/receiving/common/ipc.js';

const key = (k: string, mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {}) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('key combinations', () => {
  it('match their own keys and no others', () => {
    expect(matches(parseKeys('Alt+ArrowLeft'), key('ArrowLeft', { altKey: true }))).toBe(true);
    expect(matches(parseKeys('Alt+ArrowLeft'), key('ArrowLeft'))).toBe(false);
    expect(matches(parseKeys('Alt+ArrowLeft'), key('ArrowLeft', { altKey: true, ctrlKey: true }))).toBe(false);
    expect(matches(parseKeys('Alt+1'), key('1', { altKey: true }))).toBe(true);
    // "?" is Shift+/ on most layouts: the printed character decides, not the Shift key.
    expect(matches(parseKeys('?'), key('?', { shiftKey: true }))).toBe(true);
    expect(matches(parseKeys('ArrowDown'), key('ArrowDown', { shiftKey: true }))).toBe(false);
  });

  it('refuse an unknown modifier', () => {
    expect(() => parseKeys('Hyper+K')).toThrow('Unknown modifier "hyper"');
  });

  it.each(['Ctrl+]', 'Ctrl+^', 'Ctrl+6', 'Ctrl+D', 'Ctrl+\\', 'Ctrl+_', 'Ctrl+J', 'Ctrl+M', 'Ctrl+I', 'Ctrl+['])(
    'know %s as a scanner control code and refuse it as a shortcut',
    (keys) => {
      expect(isScannerControlCombo(parseKeys(keys))).toBe(true);
      expect(() => bindableKeys(keys)).toThrow('control code a barcode scanner sends');
    },
  );

  it('are said in one spelling on the shortcut sheet, however they were written', () => {
    expect(describeKeys('Alt+d')).toBe('Alt+D');
    expect(describeKeys('alt+D')).toBe('Alt+D');
    expect(describeKeys('x')).toBe('X');
    expect(describeKeys('ctrl+shift+k')).toBe('Ctrl+Shift+K');
    expect(describeKeys('Alt+ArrowLeft')).toBe('Alt+←');
    expect(describeKeys('Escape')).toBe('Esc');
    expect(describeKeys('?')).toBe('?');
    expect(describeKeys('Ctrl++')).toBe('Ctrl++');
  });

  it('accept the shortcuts the desk uses', () => {
    for (const keys of ['Alt+ArrowLeft', 'Alt+ArrowRight', '?', 'Escape', 'Alt+1', 'Alt+6', 'Enter', 'PageDown'])
      expect(() => bindableKeys(keys)).not.toThrow();
  });
});

describe('addresses', () => {
  it('read and write plain query strings', () => {
    expect(parseSearch('?status=Awaiting,Arrived&fc=12&page=2')).toEqual({ status: 'Awaiting,Arrived', fc: '12', page: '2' });
    expect(stringifySearch({ status: 'Awaiting,Arrived', fc: 12, page: undefined, sort: '' })).toBe('?status=Awaiting,Arrived&fc=12');
    expect(stringifySearch({})).toBe('');
  });

  it('type the receiving list address, and drop what does not fit instead of failing', () => {
    expect(ReceivingSearch.parse({ status: 'Awaiting', fc: '12', page: '2', sort: 'arrival', dir: 'asc' })).toEqual({
      status: 'Awaiting',
      fc: 12,
      page: 2,
      sort: 'arrival',
      dir: 'asc',
    });
    expect(ReceivingSearch.parse({ status: 'Awaiting,Lost', fc: 'twelve', page: '0', sort: 'colour', dir: 'up' })).toEqual({});
  });

  it('ask main for the receiving list with the address as it stands: a PO of digits stays text', () => {
    const search = ReceivingSearch.parse(parseSearch('?po=00123&q=%201Z99%20&due=2026-11-25&sync=no&fc=3&page=x'));
    expect(search).toEqual({ po: '00123', q: '1Z99', due: '2026-11-25', sync: 'no', fc: 3 });
    expect(receivingChannels['receiving.list'].input.parse({ ...search, limit: 100 })).toEqual({ ...search, limit: 100 });
    // The channel itself refuses what the address would have dropped.
    expect(receivingChannels['receiving.list'].input.safeParse({ fc: 'twelve', limit: 100 }).success).toBe(false);
  });
});
