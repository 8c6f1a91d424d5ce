import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { englishMessages, loadMessages } from '../../../renderer/src/i18n/catalogs';
import { wordsOf } from '../../../renderer/src/i18n/useT';
import { centerChoices, centerLabel } from '../../../renderer/src/ui/centerChoices';

const { t } = wordsOf(createIntl({ locale: 'en', messages: englishMessages }));
const centers = [
  { id: 3, name: 'Wilkes-Barre (PA)' },
  { id: 7, name: null },
  { id: 12, name: 'Reno (NV)' },
];
const all = { id: 'all', label: 'All centers' };

/** What a center field lists, as the clerk reads it: the label of each choice, with the value it keeps. */
describe('the choices of a fulfillment-center field', () => {
  it('names each center, in the list’s order, and keeps its id as the value', () => {
    expect(centerChoices(t, centers)).toEqual([
      { id: '3', label: 'Wilkes-Barre (PA)' },
      { id: '7', label: 'Center 7' },
      { id: '12', label: 'Reno (NV)' },
    ]);
  });

  it('says a center the service gave no name by its id, in the desk’s language, without grouping its digits', async () => {
    expect(centerLabel(t, { id: 12345 })).toBe('Center 12345');
    const es = wordsOf(createIntl({ locale: 'es', messages: await loadMessages('es') }));
    const pl = wordsOf(createIntl({ locale: 'pl', messages: await loadMessages('pl') }));
    expect(centerChoices(es.t, [{ id: 7, name: null }])).toEqual([{ id: '7', label: 'Centro 7' }]);
    expect(centerChoices(pl.t, [{ id: 7, name: null }])).toEqual([{ id: '7', label: 'Centrum 7' }]);
  });

  it('puts the caller’s all-centers choice first when asked', () => {
    expect(centerChoices(t, centers, { all }).map((c) => c.label)).toEqual(['All centers', 'Wilkes-Barre (PA)', 'Center 7', 'Reno (NV)']);
    expect(centerChoices(t, [], { all })).toEqual([all]);
  });

  it('keeps a chosen center the list does not name, after the list unless asked before it', () => {
    expect(centerChoices(t, centers, { all, chosen: { id: 40 } }).map((c) => c.label)).toEqual([
      'All centers',
      'Wilkes-Barre (PA)',
      'Center 7',
      'Reno (NV)',
      'Center 40',
    ]);
    // A draft remembers its center's name, so it reads the same before the list comes.
    expect(centerChoices(t, [], { chosen: { id: 40, name: 'Old Dock' } })).toEqual([{ id: '40', label: 'Old Dock' }]);
    expect(centerChoices(t, centers, { chosen: { id: 40, name: 'Old Dock' }, chosenAt: 'start' }).map((c) => c.label)).toEqual([
      'Old Dock',
      'Wilkes-Barre (PA)',
      'Center 7',
      'Reno (NV)',
    ]);
  });

  it('does not repeat a chosen center the list has, nor one chosen as all centers', () => {
    expect(centerChoices(t, centers, { chosen: { id: '12' } })).toEqual(centerChoices(t, centers));
    expect(centerChoices(t, centers, { all, chosen: { id: 'all' } })).toEqual(centerChoices(t, centers, { all }));
    expect(centerChoices(t, centers, { chosen: null })).toEqual(centerChoices(t, centers));
  });
});
