import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { compiled, readCatalog } from '../../build/i18n-catalogs.js';
import { PSEUDO_LOCALE, resolveLocale } from '../../shared/i18n/locales.js';
import { PSEUDO_END, PSEUDO_START, pseudoLocalize } from '../../shared/i18n/pseudo.js';

/** The pseudo-locale, made by code from English: what a tester relies on when reading a screen in it. */
const say = (message: string, values?: Record<string, string | number>) =>
  String(new IntlMessageFormat(pseudoLocalize(parse(message)), PSEUDO_LOCALE).format(values));

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
      const text = String(
        new IntlMessageFormat(elements, PSEUDO_LOCALE).format({
          name: '',
          text: '',
          view: '',
          column: '',
          actions: '',
          errors: '',
          language: '',
          action: '',
          time: '',
          count: 2,
          seconds: 3,
          remaining: 1,
          perMinute: 150,
          state: 'online',
          link: (c: unknown[]) => c.join(''),
          kbd: (c: unknown[]) => c.join(''),
        }),
      );
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
