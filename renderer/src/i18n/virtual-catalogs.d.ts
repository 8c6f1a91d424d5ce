// The catalogs as build/i18n-catalogs.ts serves them: parsed ICU messages by id.
declare module 'virtual:dockdesk-catalog/*' {
  const messages: Record<string, import('@formatjs/icu-messageformat-parser').MessageFormatElement[]>;
  export default messages;
}
