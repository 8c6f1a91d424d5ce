import { createIntl, createIntlCache, IntlContext, type IntlShape } from 'react-intl';
import { useContext, type ReactNode } from 'react';
import { SOURCE_LANGUAGE } from '../../../shared/i18n/locales';
import { LABEL_MESSAGES, labelArgs, NO_VALUE, type LabelKind } from '../../../shared/labels';
import { englishMessages } from './catalogs';
import type { MessageArgs as AllMessageArgs } from '../../../shared/i18n/messages.generated';

/** A tag in a message (`<link>…</link>`): what to render around its text. */
export type RichTag = (chunks: ReactNode[]) => ReactNode;
type MessageArgs = AllMessageArgs<RichTag>;

/** Every message id of the catalogs (shared/i18n/messages/en/). */
export type MessageId = keyof MessageArgs;
/** A message that takes no arguments: what a table of labels (`{ key, label }`) can hold and `t()` alone can say. */
export type PlainMessageId = { [K in MessageId]: MessageArgs[K] extends undefined ? K : never }[MessageId];
type ArgsOf<K extends MessageId> = MessageArgs[K] extends undefined ? [] : [MessageArgs[K]];

/** A message's text, typed by its id: a wrong id, or a missing or wrongly typed argument, does not compile. */
export type Translate = <K extends MessageId>(id: K, ...args: ArgsOf<K>) => string;
/** The same for a message with tags (`<link>…</link>`): React nodes. */
export type TranslateRich = <K extends MessageId>(id: K, ...args: ArgsOf<K>) => ReactNode;

/**
 * Words declared ahead of the language: a sidebar name, a palette line, a settings section's title.
 * Said with the language in force when shown (`label(t)`), so a change of language reaches them too.
 */
export type Phrase = (t: Translate) => string;

export interface Words {
  t: Translate;
  rich: TranslateRich;
  /** The desk's word for a value of one of the service's enums ("Awaiting" for `Awaiting`); "—" for none. */
  label: (kind: LabelKind, value: string | null | undefined) => string;
  /** Words main said by a message id (a refusal, a job's title): in the chosen language, English where the id is unknown. */
  said: (words: { id: string; values?: Record<string, string | number> }) => string;
  /** "A, B and C" in the chosen language. */
  list: (items: readonly string[]) => string;
  locale: string;
}

// Outside the provider (a component test of one view) the desk reads English.
const english = createIntl({ locale: SOURCE_LANGUAGE, defaultLocale: SOURCE_LANGUAGE, messages: englishMessages }, createIntlCache());

const made = new WeakMap<IntlShape, Words>();

/** The words of one intl object; the same object (and the same `t`) until the language changes. */
export function wordsOf(intl: IntlShape): Words {
  let words = made.get(intl);
  if (!words) {
    words = makeWords(intl);
    made.set(intl, words);
  }
  return words;
}

function makeWords(intl: IntlShape): Words {
  return {
    t: ((id: string, values?: Record<string, string | number | Date>) => intl.formatMessage({ id }, values)) as Translate,
    rich: ((id: string, values?: Record<string, unknown>) => intl.formatMessage({ id }, values as never)) as TranslateRich,
    label: (kind, value) =>
      value === null || value === undefined || value === '' ? NO_VALUE : intl.formatMessage({ id: LABEL_MESSAGES[kind] }, labelArgs(value)),
    said: ({ id, values }) => intl.formatMessage({ id }, values),
    list: (items) => intl.formatList(items, { type: 'conjunction' }),
    locale: intl.locale,
  };
}

let current: Words = wordsOf(english);

/** I18nRoot tells which language is in force; {@link currentWords} then says it. */
export function setCurrentWords(intl: IntlShape): void {
  current = wordsOf(intl);
}

/**
 * The words of the language in force, for code outside a component that makes text at the moment
 * it runs (a scan's candidates, a palette search's results, a notice raised by a finished call).
 * A component reads {@link useT}, so that it re-renders when the language changes.
 */
export function currentWords(): Words {
  return current;
}

/** The chosen language's words, for a component (it re-renders when the language changes). */
export function useT(): Words {
  // The context is typed as always set; outside the provider it is null.
  const intl: IntlShape | null = useContext(IntlContext);
  return wordsOf(intl ?? english);
}
