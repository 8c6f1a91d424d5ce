// Writes shared/i18n/messages.generated.ts (every message id with its arguments' types) from
// English: `npm run i18n:types` after adding or changing a message. test/unit/i18n-catalogs.test.ts
// fails when the file is stale.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { messageTypesSource } from '../shared/i18n/catalog.js';
import { SOURCE_LANGUAGE } from '../shared/i18n/locales.js';
import { compiled } from './i18n-catalogs.js';

export const generatedTypesPath = join(import.meta.dirname, '..', 'shared', 'i18n', 'messages.generated.ts');

export function generatedTypes(): string {
  return messageTypesSource(compiled(SOURCE_LANGUAGE));
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  writeFileSync(generatedTypesPath, generatedTypes());
  console.log(`wrote ${generatedTypesPath}`);
}
