import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { AppErrorException, type AppErrorCode, type AppErrorExtra, type MessageId, type MessageValues, type Said, type Saying } from '../../shared/errors.js';
import { resolveLocale, SOURCE_LANGUAGE, type CatalogName, type Language, type LanguageChoice } from '../../shared/i18n/locales.js';
import type { MessageArgs } from '../../shared/i18n/messages.generated.js';
import type { LabelLanguage, LabelText } from '../../areas/printing/common/item-label.js';
import deErrors from '../../shared/i18n/messages/de/errors.json' with { type: 'json' };
import dePrinting from '../../areas/printing/messages/de.json' with { type: 'json' };
import dePrintlabel from '../../shared/i18n/messages/de/printlabel.json' with { type: 'json' };
import deSignin from '../../shared/i18n/messages/de/signin.json' with { type: 'json' };
import enErrors from '../../shared/i18n/messages/en/errors.json' with { type: 'json' };
import enPrinting from '../../areas/printing/messages/en.json' with { type: 'json' };
import enPrintlabel from '../../shared/i18n/messages/en/printlabel.json' with { type: 'json' };
import deReceiving from '../../areas/receiving/messages/de.json' with { type: 'json' };
import enInventory from '../../areas/inventory/messages/en.json' with { type: 'json' };
import enJournal from '../../areas/journal/messages/en.json' with { type: 'json' };
import enReceiving from '../../areas/receiving/messages/en.json' with { type: 'json' };
import esReceiving from '../../areas/receiving/messages/es.json' with { type: 'json' };
import plReceiving from '../../areas/receiving/messages/pl.json' with { type: 'json' };
import enSignin from '../../shared/i18n/messages/en/signin.json' with { type: 'json' };
import esErrors from '../../shared/i18n/messages/es/errors.json' with { type: 'json' };
import plErrors from '../../shared/i18n/messages/pl/errors.json' with { type: 'json' };
import plPrinting from '../../areas/printing/messages/pl.json' with { type: 'json' };
import plPrintlabel from '../../shared/i18n/messages/pl/printlabel.json' with { type: 'json' };
import plSignin from '../../shared/i18n/messages/pl/signin.json' with { type: 'json' };
import plShell from '../../shared/i18n/messages/pl/shell.json' with { type: 'json' };
import esPrinting from '../../areas/printing/messages/es.json' with { type: 'json' };
import esPrintlabel from '../../shared/i18n/messages/es/printlabel.json' with { type: 'json' };
import esSignin from '../../shared/i18n/messages/es/signin.json' with { type: 'json' };
import deShell from '../../shared/i18n/messages/de/shell.json' with { type: 'json' };
import enShell from '../../shared/i18n/messages/en/shell.json' with { type: 'json' };
import esShell from '../../shared/i18n/messages/es/shell.json' with { type: 'json' };
import deShift from '../../areas/shift/messages/de.json' with { type: 'json' };
import enShift from '../../areas/shift/messages/en.json' with { type: 'json' };
import esShift from '../../areas/shift/messages/es.json' with { type: 'json' };
import plShift from '../../areas/shift/messages/pl.json' with { type: 'json' };
import deEvidence from '../../areas/evidence/messages/de.json' with { type: 'json' };
import enEvidence from '../../areas/evidence/messages/en.json' with { type: 'json' };
import esEvidence from '../../areas/evidence/messages/es.json' with { type: 'json' };
import plEvidence from '../../areas/evidence/messages/pl.json' with { type: 'json' };
import deJournal from '../../areas/journal/messages/de.json' with { type: 'json' };
import esJournal from '../../areas/journal/messages/es.json' with { type: 'json' };
import plJournal from '../../areas/journal/messages/pl.json' with { type: 'json' };

/**
 * Main's words: the parts of the catalogs main says itself (its errors, the sign-in pages, the text
 * printed on labels), formatted here because main makes the final text of a page or a label, and the
 * English of every error (AppError.message, for logs). What the renderer shows it says itself from
 * the message id an AppError carries (`said`). Receiving's words are here for the create form's
 * rules (main checks them again, in English) and the discrepancy CSV (in the clerk's language).
 * Printing's and inventory's are here for the English of sentences the renderer says itself: a
 * print job's problem and why the system's printers cannot be chosen, and the online lookup's
 * (`said`); main keeps the English for logs. The journal's, for the English of where it was found
 * broken, and for a claim pack's timeline. The end-of-shift report's, for its PDF in the clerk's language; the evidence's, for the claim pack's. The shell's are for the desktop
 * app's menu bar (`app/app-menu.ts`).
 */
type Catalog = Record<string, string>;
const english: Catalog = {
  ...enErrors,
  ...enSignin,
  ...enPrintlabel,
  ...enReceiving,
  ...enPrinting,
  ...enInventory,
  ...enJournal,
  ...enShell,
  ...enShift,
  ...enEvidence,
};
const CATALOGS: Record<Language, Catalog> = {
  en: english,
  es: { ...english, ...esErrors, ...esSignin, ...esPrintlabel, ...esReceiving, ...esPrinting, ...esShell, ...esShift, ...esJournal, ...esEvidence },
  de: { ...english, ...deErrors, ...deSignin, ...dePrintlabel, ...deReceiving, ...dePrinting, ...deShell, ...deShift, ...deJournal, ...deEvidence },
  pl: { ...english, ...plErrors, ...plSignin, ...plPrintlabel, ...plReceiving, ...plPrinting, ...plShell, ...plShift, ...plJournal, ...plEvidence },
};

type ArgsOf<K extends MessageId> = MessageArgs[K] extends undefined ? [] : [MessageArgs[K]];

export interface MainWords {
  /** The BCP 47 tag the words are in (for `<html lang>`); numbers in them format as its language does. */
  locale: string;
  t: <K extends MessageId>(id: K, ...args: ArgsOf<K>) => string;
}

const cache = createIntlCache();

/**
 * Words made, one per catalog. A locale comes from outside too (a browser's Accept-Language at the
 * sign-in receiver, the locale a CSV export is asked in) and may be any of countless tags, so words
 * are never made or kept per tag: a regional tag ("de-AT") gets its language's words, which format
 * as that language does, named by the tag (canonical, for `<html lang>`).
 */
const made = new Map<Language, MainWords>();

const canonical = (locale: string) => {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? locale;
  } catch {
    return locale;
  }
};

/** The words of a language (a catalog and the locale that names it); English where the language has none. */
export function wordsIn(catalog: CatalogName, locale: string = catalog): MainWords {
  const name: Language = catalog === 'pseudo' ? SOURCE_LANGUAGE : catalog;
  let words = made.get(name);
  if (!words) {
    const intl: IntlShape = createIntl({ locale: name, defaultLocale: SOURCE_LANGUAGE, messages: CATALOGS[name] }, cache);
    words = {
      locale: intl.locale,
      t: (id: string, values?: Record<string, string | number | Date>) => intl.formatMessage({ id }, values),
    };
    made.set(name, words);
  }
  const tag = name === SOURCE_LANGUAGE ? SOURCE_LANGUAGE : canonical(locale);
  return tag === words.locale ? words : { locale: tag, t: words.t };
}

/** The desk's language for text main makes: the choice kept in the preferences, against the languages the reader's system prefers. */
export function wordsFor(choice: LanguageChoice, preferred: readonly string[]): MainWords {
  const { catalog, locale } = resolveLocale(choice, preferred);
  return wordsIn(catalog, locale);
}

/** English: AppError.message, the logs. */
export const englishWords: MainWords = wordsIn(SOURCE_LANGUAGE);

type ErrorArgs<K extends MessageId> = MessageArgs[K] extends undefined
  ? [values?: undefined, extra?: AppErrorExtra]
  : [values: MessageArgs[K], extra?: AppErrorExtra];

/**
 * An AppError in the desk's words: a message id of the catalogs (`errors.<area>.<what>`) with exactly
 * its arguments (data only: codes, names, numbers), said in the clerk's language by the renderer and in
 * English as `message`. Technical parts (endpoint, HTTP status, a library's error text) go in
 * `extra.detail`; the service's own words in `extra.serviceMessage`.
 */
export function appError<K extends MessageId>(code: AppErrorCode, id: K, ...[values, extra]: ErrorArgs<K>): AppErrorException {
  return sayError(code, values === undefined ? { id } : { id, values }, extra);
}

/** The same from words said ahead (a {@link Saying} a label problem or a queue refusal carries). */
export function sayError(code: AppErrorCode, saying: Saying, extra: AppErrorExtra = {}): AppErrorException {
  const message = englishOf(saying);
  const { id, values } = saying;
  return new AppErrorException({ code, retryable: false, ...extra, message, said: values ? { id, values } : { id } });
}

/** A saying in English. */
export function englishOf({ id, values }: Saying): string {
  return (englishWords.t as (id: string, values?: MessageValues) => string)(id, values);
}

/** Whole sentences said ahead (a print job's problem), in English, one after another. */
export function englishOfSentences(sentences: readonly Saying[]): string {
  return sentences.map(englishOf).join(' ');
}

/** Sentences as they crossed the wire (`Said`: an id that is a plain string there), in English: the log's. */
export function englishOfSaid(sentences: readonly Said[]): string {
  return englishOfSentences(sentences as readonly Saying[]);
}

/** The words printed on labels, in the desk's label language (Settings → Printers; English by default). */
export function labelWords(language: LabelLanguage): LabelText {
  return wordsIn(language).t;
}
