import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CatalogName } from '../../../shared/i18n/locales';
import en from 'virtual:dockdesk-catalog/en';

/**
 * The catalogs, already parsed at build time (build/i18n-catalogs.ts). English is in the first
 * bundle (it is also what a message a catalog lacks reads as); each other language is a chunk of
 * its own, loaded when chosen, so a desk carries only the words it shows.
 */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

const loaders: Record<Exclude<CatalogName, 'en'>, () => Promise<{ default: CompiledMessages }>> = {
  es: () => import('virtual:dockdesk-catalog/es'),
  de: () => import('virtual:dockdesk-catalog/de'),
  pl: () => import('virtual:dockdesk-catalog/pl'),
  pseudo: () => import('virtual:dockdesk-catalog/pseudo'),
};

export const englishMessages: CompiledMessages = en;
const loaded = new Map<CatalogName, CompiledMessages>([['en', en]]);

/** The catalog's messages, English underneath for any it lacks. */
export async function loadMessages(name: CatalogName): Promise<CompiledMessages> {
  const known = loaded.get(name);
  if (known) return known;
  const own = (await loaders[name as Exclude<CatalogName, 'en'>]()).default;
  const messages = { ...en, ...own };
  loaded.set(name, messages);
  return messages;
}

/** Already loaded (English always is): the first paint need not wait. */
export function loadedMessages(name: CatalogName): CompiledMessages | undefined {
  return loaded.get(name);
}
