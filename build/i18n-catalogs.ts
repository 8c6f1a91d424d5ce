import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { compileCatalog, pseudoCatalog, type Catalog, type CompiledCatalog } from '../shared/i18n/catalog.js';
import { LANGUAGES, PSEUDO, SOURCE_LANGUAGE } from '../shared/i18n/locales.js';

/**
 * The message catalogs as modules, compiled at build time: `import('virtual:dockdesk-catalog/de')`
 * gives German already parsed (so react-intl runs without its ICU parser, aliased away below), and
 * `…/pseudo` the pseudo-locale generated from English. A catalog that does not parse fails the build.
 */
export const CATALOG_PREFIX = 'virtual:dockdesk-catalog/';
const RESOLVED = '\0dockdesk-catalog/';
const SUPPORT = '\0dockdesk-catalog-support';
export const messagesDir = join(import.meta.dirname, '..', 'shared', 'i18n', 'messages');
export const areasDir = join(import.meta.dirname, '..', 'areas');

/**
 * A language's files: the kit's parts (shared/i18n/messages/<language>/<part>.json) in name order, then
 * each area's (areas/<id>/messages/<language>.json, where the area has words in that language) in the
 * order of the folders' names. `areas` null reads the kit's folder alone.
 */
export function catalogFiles(name: string, root = messagesDir, areas: string | null = root === messagesDir ? areasDir : null): string[] {
  const dir = join(root, name);
  const kit = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => join(dir, file));
  const own = areas
    ? readdirSync(areas, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => join(areas, d.name, 'messages', `${name}.json`))
        .filter((file) => existsSync(file))
        .sort()
    : [];
  return [...kit, ...own];
}

/**
 * A language's catalog: its parts merged. Parts keep each area's words beside each other (and apart
 * from the next area's), so an id in two parts is a mistake, refused with both files named.
 */
export function readCatalog(name: string, root = messagesDir, areas: string | null = root === messagesDir ? areasDir : null): Catalog {
  const catalog: Catalog = {};
  const from = new Map<string, string>();
  for (const file of catalogFiles(name, root, areas)) {
    const part = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
    for (const [id, message] of Object.entries(part)) {
      if (from.has(id)) throw new Error(`the message "${id}" is in both ${from.get(id)} and ${file}`);
      from.set(id, file);
      catalog[id] = message;
    }
  }
  return catalog;
}

export function compiled(name: string): CompiledCatalog {
  if (name === PSEUDO) return pseudoCatalog(compileCatalog(readCatalog(SOURCE_LANGUAGE), SOURCE_LANGUAGE));
  if (!Object.hasOwn(LANGUAGES, name)) throw new Error(`no catalog "${name}"`);
  return compileCatalog(readCatalog(name), name);
}

export function i18nCatalogs(): Plugin {
  return {
    name: 'dockdesk-i18n-catalogs',
    resolveId(id) {
      if (id === SUPPORT) return SUPPORT;
      return id.startsWith(CATALOG_PREFIX) ? RESOLVED + id.slice(CATALOG_PREFIX.length) : null;
    },
    load(id) {
      // Why the catalogs import anything: under the strict CSP ('strict-dynamic' on the entry's hash)
      // Chromium refuses a bare import() of a chunk; Vite loads a lazy chunk through <link
      // rel=modulepreload>, which the CSP allows, only when the chunk imports another chunk (not the entry).
      if (id === SUPPORT) return 'export const catalog = (messages) => messages;';
      if (!id.startsWith(RESOLVED)) return null;
      const name = id.slice(RESOLVED.length);
      for (const file of catalogFiles(name === PSEUDO ? SOURCE_LANGUAGE : name)) this.addWatchFile(file);
      const messages = JSON.stringify(compiled(name));
      // English is in the entry chunk (statically imported), so it needs no support chunk.
      if (name === SOURCE_LANGUAGE) return `export default ${messages};`;
      return `import { catalog } from ${JSON.stringify(SUPPORT)};\nexport default catalog(${messages});`;
    },
  };
}

/** react-intl's formatter with catalogs already parsed needs no parser: this swaps in the package's own stub. */
export const noIcuParser = { '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js' };
