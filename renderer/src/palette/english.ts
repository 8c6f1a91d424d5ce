import { createIntl, createIntlCache } from 'react-intl';
import { SOURCE_LANGUAGE } from '../../../shared/i18n/locales';
import { englishMessages } from '../i18n/catalogs';
import { wordsOf, type Translate } from '../i18n/useT';

/**
 * The desk's words in English, whatever language is in force: what the palette also matches (a clerk
 * may type the English word for a line) and the key a Settings section is found by (its data-section).
 */
export const englishT: Translate = wordsOf(
  createIntl({ locale: SOURCE_LANGUAGE, defaultLocale: SOURCE_LANGUAGE, messages: englishMessages }, createIntlCache()),
).t;
