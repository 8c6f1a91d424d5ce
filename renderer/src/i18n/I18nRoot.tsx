import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { createIntl, createIntlCache, RawIntlProvider } from 'react-intl';
import { resolveLocale, SOURCE_LANGUAGE, type LanguageChoice, type ResolvedLocale } from '../../../shared/i18n/locales';
import { usePreferences } from '../app/preferences';
import { setFormatLocale } from '../format';
import { loadedMessages, loadMessages, type CompiledMessages } from './catalogs';
import { setCurrentWords } from './useT';

/** The system's languages as the clerk ordered them (the browser's; in Electron, the system's). */
export function systemLanguages(): readonly string[] {
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/** The locale for a choice, and the desk's formats and <html lang> set to it. */
export function applyLocale(choice: LanguageChoice): ResolvedLocale {
  const resolved = resolveLocale(choice, systemLanguages());
  setFormatLocale(resolved.locale);
  document.documentElement.lang = resolved.locale;
  return resolved;
}

/**
 * One locale for everything the clerk reads: the desk's messages (react-intl), React Aria's own
 * words and formats (its I18nProvider), and the dates and numbers of format.ts. A change in
 * Settings → Appearance → Language applies at once: the new catalog is loaded (a chunk of its own)
 * and the words switch when it is in, with no restart and no view remounted.
 */
export function I18nRoot({ children }: { children: ReactNode }) {
  const choice = usePreferences().data?.language ?? 'system';
  const [shown, setShown] = useState<{ resolved: ResolvedLocale; messages: CompiledMessages }>(() => {
    const resolved = applyLocale(choice);
    const messages = loadedMessages(resolved.catalog);
    return messages ? { resolved, messages } : { resolved: { catalog: SOURCE_LANGUAGE, locale: SOURCE_LANGUAGE }, messages: loadedMessages(SOURCE_LANGUAGE)! };
  });
  useEffect(() => {
    let current = true;
    const resolved = resolveLocale(choice, systemLanguages());
    loadMessages(resolved.catalog).then(
      (messages) => {
        if (!current) return;
        applyLocale(choice);
        setShown({ resolved, messages });
      },
      (error: unknown) => console.error(`The ${resolved.catalog} catalog did not load:`, error),
    );
    return () => {
      current = false;
    };
  }, [choice]);
  const { locale } = shown.resolved;
  const intl = useMemo(() => {
    const made = createIntl({ locale, defaultLocale: SOURCE_LANGUAGE, messages: shown.messages, onError: reportMissing }, cache);
    // Text made outside a component (currentWords) reads the same language from this render on.
    setCurrentWords(made);
    return made;
  }, [locale, shown.messages]);
  return (
    <RawIntlProvider value={intl}>
      <I18nProvider locale={locale}>{children}</I18nProvider>
    </RawIntlProvider>
  );
}

const cache = createIntlCache();

// A message missing from a catalog is caught by the catalog checks; at run time it reads in English.
function reportMissing(error: { code: string; message: string }) {
  if (error.code !== 'MISSING_TRANSLATION') console.error(error.message);
}
