import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { compiled, readCatalog } from '../../build/i18n-catalogs.js';
import { PSEUDO_LOCALE, resolveLocale } from '../../shared/i18n/locales.js';
import { PSEUDO_END, PSEUDO_START, pseudoLocalize } from '../../shared/i18n/pseudo.js';

/** The pseudo-locale, made by code from English: what a tester relies on when reading a screen in it. */
const say = (message: string, values?: Record<string, string | number>) =>
  String(new IntlMessageFormat(pseudoLocalize(parse(message)), PSEUDO_LOCALE).format(values));

/**
 * Values for every argument of a message, by its kind: data as empty text (data is never
 * pseudo-localized), 2 for a count, a select's first case, a tag that keeps its text.
 */
function sampleValues(elements: readonly MessageFormatElement[], into: Record<string, unknown> = {}): Record<string, never> {
  for (const el of elements) {
    if (el.type === TYPE.argument) into[el.value] ??= '';
    else if (el.type === TYPE.number || el.type === TYPE.plural) into[el.value] = 2;
    else if (el.type === TYPE.date || el.type === TYPE.time) into[el.value] = new Date(0);
    else if (el.type === TYPE.select) into[el.value] = Object.keys(el.options)[0];
    else if (el.type === TYPE.tag) into[el.value] = (c: unknown[]) => c.join('');
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) sampleValues(o.value, into);
    if (el.type === TYPE.tag) sampleValues(el.children, into);
  }
  return into as Record<string, never>;
}

describe('pseudo-locale', () => {
  it('accents every letter, marks start and end, and runs at least 40 % longer', () => {
    const english = 'Sign-in kept for this session only';
    const pseudo = say(english);
    expect(pseudo.startsWith(PSEUDO_START) && pseudo.endsWith(PSEUDO_END)).toBe(true);
    expect(pseudo).not.toMatch(/[A-Za-z]/);
    expect(pseudo.length - 2).toBeGreaterThanOrEqual(Math.ceil(english.length * 1.4));
  });

  it('keeps arguments as data and plurals working', () => {
    expect(say('Channel: {name}', { name: 'Acme EU' })).toContain('Acme EU');
    const boxes = '{count, plural, one {# box} other {# boxes}}';
    expect(say(boxes, { count: 1 })).toMatch(/^⟦1 ƀööẋ·*⟧$/);
    expect(say(boxes, { count: 5 })).toMatch(/^⟦5 ƀööẋééš·*⟧$/);
  });

  it('is generated for every English message, and leaves no ASCII letter outside arguments', () => {
    const english = readCatalog('en');
    const pseudo = compiled('pseudo');
    expect(Object.keys(pseudo).sort()).toEqual(Object.keys(english).sort());
    for (const [id, elements] of Object.entries(pseudo)) {
      const text = String(new IntlMessageFormat(elements, PSEUDO_LOCALE).format(sampleValues(elements)));
      expect(text, id).not.toMatch(/[A-Za-z]/);
    }
  });
});

describe('locale', () => {
  it('follows the system’s first language the desk has, in its own regional form', () => {
    expect(resolveLocale('system', ['fr-FR', 'de-AT', 'en-US'])).toEqual({ catalog: 'de', locale: 'de-AT' });
    expect(resolveLocale('system', ['fr-FR'])).toEqual({ catalog: 'en', locale: 'en' });
  });

  it('takes the choice over the system, and the pseudo-locale formats as English', () => {
    expect(resolveLocale('es', ['de-DE', 'es-MX'])).toEqual({ catalog: 'es', locale: 'es-MX' });
    expect(resolveLocale('pl', ['en-US'])).toEqual({ catalog: 'pl', locale: 'pl' });
    expect(resolveLocale('pseudo', ['de-DE'])).toEqual({ catalog: 'pseudo', locale: 'en-XA' });
  });
});
