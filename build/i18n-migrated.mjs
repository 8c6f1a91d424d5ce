// The files whose words all come from the message catalogs (shared/i18n/messages): the one list.
// ESLint's dockdesk/no-literal-ui-text rule (build/eslint/no-literal-ui-text.mjs) holds these to it,
// and test/unit/i18n-catalogs.test.ts reads them. The whole renderer (renderer/src and every area's
// ui/) is under it. Main is held by type instead: its errors take message ids (electron/core/words.ts), and its technical `detail`
// lines, for whoever helps the clerk, stay English on purpose.
export const translatedFiles = ['renderer/src/**/*.{ts,tsx}', 'areas/*/ui/**/*.{ts,tsx}'];
