import { createIntl, createIntlCache } from '@formatjs/intl';
import english from '../messages/en.json' with { type: 'json' };
import type { RuleText } from '../common/rules.js';

// Main says the return rules' sentences in English (its log and the error it answers with), read
// from the same catalog the renderer translates, so the English is written in one place only.
const intl = createIntl({ locale: 'en', defaultLocale: 'en', messages: english }, createIntlCache());

/** A sentence of the return rules (areas/returns/common/rules.ts) in English. */
export function ruleInEnglish(text: RuleText): string {
  return intl.formatMessage({ id: text.id }, text.values);
}
