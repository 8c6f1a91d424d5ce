import { createIntl } from '@formatjs/intl';
import { LABEL_MESSAGES, labelArgs, NO_VALUE, type LabelKind } from '../labels.js';
import labels from './messages/en/labels.json' with { type: 'json' };

// Main words a few sentences and matches in English (a log line, an import file's column values);
// the renderer says labels in the clerk's language through useT().label.
const english = createIntl({ locale: 'en', messages: labels });

/** The desk's English word for a value of one of the labelled enums. */
export function englishLabel(kind: LabelKind, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  return english.formatMessage({ id: LABEL_MESSAGES[kind] }, labelArgs(value));
}
