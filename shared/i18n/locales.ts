import { z } from 'zod';

/**
 * The desk's languages, in one place. A language here has a catalog: the kit's parts in
 * shared/i18n/messages/<code>/ and each area's areas/<id>/messages/<code>.json. English is the source
 * every other catalog is checked against (test/unit/i18n-catalogs.test.ts). A language added before its
 * catalog is whole says `complete: false` and `requiredPrefixes` (the message ids it must have whole);
 * what it lacks reads in English.
 */
export const LANGUAGES = {
  en: { name: 'English', complete: true },
  es: { name: 'Español', complete: true },
  de: { name: 'Deutsch', complete: true },
  pl: { name: 'Polski', complete: true },
} as const satisfies Record<string, { name: string; complete: boolean; requiredPrefixes?: readonly string[] }>;
export type Language = keyof typeof LANGUAGES;
export const SOURCE_LANGUAGE: Language = 'en';

/** The pseudo-locale: English, accented, 40 % longer and marked, generated from English at build time (pseudo.ts). */
export const PSEUDO = 'pseudo';
/** A real BCP 47 tag for it (a private-use region of English), so Intl and React Aria format as English. */
export const PSEUDO_LOCALE = 'en-XA';

/** What Settings → Appearance → Language keeps: the system's languages, or one chosen. */
export const LanguageChoice = z.enum(['system', 'en', 'es', 'de', 'pl', PSEUDO]);
export type LanguageChoice = z.infer<typeof LanguageChoice>;
export type CatalogName = Language | typeof PSEUDO;

export interface ResolvedLocale {
  /** Which catalog the desk reads. */
  catalog: CatalogName;
  /** The BCP 47 tag for Intl, React Aria and <html lang>: the system's own variant where it speaks that language ("de-AT"). */
  locale: string;
}

const languageOf = (tag: string) => tag.toLowerCase().split('-')[0]!;
const isLanguage = (code: string): code is Language => Object.hasOwn(LANGUAGES, code);

/**
 * The locale for a choice and the system's preferred languages (navigator.languages, in the order the
 * clerk set them): "System" takes the first of them the desk has a catalog for, else English.
 */
export function resolveLocale(choice: LanguageChoice, preferred: readonly string[]): ResolvedLocale {
  if (choice === PSEUDO) return { catalog: PSEUDO, locale: PSEUDO_LOCALE };
  const wanted = choice === 'system' ? preferred.map(languageOf).find(isLanguage) : choice;
  const catalog: Language = wanted ?? SOURCE_LANGUAGE;
  const variant = preferred.find((tag) => languageOf(tag) === catalog && isValidTag(tag));
  return { catalog, locale: variant ?? catalog };
}

function isValidTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}
