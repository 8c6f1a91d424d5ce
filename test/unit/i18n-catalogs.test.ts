import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import * as prettier from 'prettier';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { compiled, readCatalog } from '../../build/i18n-catalogs.js';
import { generatedTypes, generatedTypesPath } from '../../build/i18n-types.js';
// @ts-expect-error: plain JavaScript without type declarations.
import { translatedFiles } from '../../build/i18n-migrated.mjs';
import { LANGUAGES, PSEUDO, SOURCE_LANGUAGE, type Language } from '../../shared/i18n/locales.js';

/**
 * The catalogs' checks (ARCHITECTURE.md, "Languages"): every message parses in every language, a
 * translation has exactly English's messages (one not yet complete: at least its `requiredPrefixes`) with
 * the same arguments, every id the code uses exists, every message is used, and the generated
 * argument types are current. The literal-text rule for the translated files is ESLint's; the last
 * cases prove it bites.
 */
const root = join(import.meta.dirname, '..', '..');
const english = readCatalog(SOURCE_LANGUAGE);
const languages = Object.keys(LANGUAGES) as Language[];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.generated.ts'))
    .map((e) => join(e.parentPath, e.name));
}
const code = ['renderer/src', 'areas', 'shared', 'electron'].flatMap(sourceFiles).map((file) => readFileSync(file, 'utf8'));

function argumentsOf(elements: readonly MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.pound || el.type === TYPE.literal) continue;
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) argumentsOf(o.value, into);
    if (el.type === TYPE.tag) argumentsOf(el.children, into);
  }
  return into;
}

describe('message catalogs', () => {
  it.each([...languages, PSEUDO])('%s: every message compiles', (name) => {
    expect(() => compiled(name)).not.toThrow();
  });

  it("a language is its kit files and its areas' files merged; an id in two of them is refused, naming both files", () => {
    const dir = mkdtempSync(join(tmpdir(), 'dockdesk-catalog-'));
    try {
      mkdirSync(join(dir, 'xx'));
      writeFileSync(join(dir, 'xx', 'a.json'), JSON.stringify({ 'a.one': 'One', 'a.two': 'Two' }));
      writeFileSync(join(dir, 'xx', 'b.json'), JSON.stringify({ 'b.one': 'Uno' }));
      expect(readCatalog('xx', dir)).toEqual({ 'a.one': 'One', 'a.two': 'Two', 'b.one': 'Uno' });
      writeFileSync(join(dir, 'xx', 'c.json'), JSON.stringify({ 'a.two': 'Again' }));
      expect(() => readCatalog('xx', dir)).toThrow(/"a\.two" is in both .*a\.json and .*c\.json/);
      rmSync(join(dir, 'xx', 'c.json'));
      // An area's words are in its own folder (areas/<id>/messages/<language>.json), merged the same way.
      mkdirSync(join(dir, 'areas', 'counts', 'messages'), { recursive: true });
      mkdirSync(join(dir, 'areas', 'quiet'), { recursive: true });
      writeFileSync(join(dir, 'areas', 'counts', 'messages', 'xx.json'), JSON.stringify({ 'counts.title': 'Counts' }));
      expect(readCatalog('xx', dir, join(dir, 'areas'))).toEqual({ 'a.one': 'One', 'a.two': 'Two', 'b.one': 'Uno', 'counts.title': 'Counts' });
      writeFileSync(join(dir, 'areas', 'counts', 'messages', 'xx.json'), JSON.stringify({ 'b.one': 'Again' }));
      expect(() => readCatalog('xx', dir, join(dir, 'areas'))).toThrow(/"b\.one" is in both .*b\.json and .*counts\/messages\/xx\.json/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a message that does not compile fails, naming the language and the id', () => {
    expect(() => parse('{count, plural, one {# box}')).toThrow();
  });

  it.each(languages.filter((l) => l !== SOURCE_LANGUAGE))('%s: has the messages it must, no others, with English’s arguments', (language) => {
    const catalog = readCatalog(language);
    const info = LANGUAGES[language] as { complete: boolean; requiredPrefixes?: readonly string[] };
    const required = Object.keys(english).filter((id) => info.complete || (info.requiredPrefixes ?? []).some((p) => id.startsWith(p)));
    expect(
      required.filter((id) => !(id in catalog)),
      'missing',
    ).toEqual([]);
    expect(
      Object.keys(catalog).filter((id) => !(id in english)),
      'not in English',
    ).toEqual([]);
    for (const [id, message] of Object.entries(catalog)) {
      expect([...argumentsOf(parse(message))].sort(), `${language} ${id}`).toEqual([...argumentsOf(parse(english[id]!))].sort());
    }
  });

  it('every message id the code uses is in English', () => {
    const used = code.flatMap((text) => [...text.matchAll(/\b(?:t|rich)\(\s*'([^']+)'/g)].map((m) => m[1]!));
    expect(used.length).toBeGreaterThan(20);
    expect([...new Set(used.filter((id) => !(id in english)))]).toEqual([]);
  });

  it('every message in English is used', () => {
    const unused = Object.keys(english).filter((id) => !code.some((text) => text.includes(`'${id}'`)));
    expect(unused).toEqual([]);
  });

  it('the generated argument types are current (npm run i18n:types)', async () => {
    const options = (await prettier.resolveConfig(generatedTypesPath)) ?? {};
    const expected = await prettier.format(generatedTypes(), { ...options, filepath: generatedTypesPath });
    expect(readFileSync(generatedTypesPath, 'utf8')).toBe(expected);
  });
});

// The cases are files in no tsconfig, so the type-checked rules are off here (as in layers.test.ts).
const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });
async function literalText(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'dockdesk/no-literal-ui-text').map((m) => m.message);
}

describe('no literal text in the translated files', { timeout: 30_000 }, () => {
  it("lists its files in one place: the whole renderer, the areas' ui/ included", () => {
    expect(translatedFiles).toEqual(['renderer/src/**/*.{ts,tsx}', 'areas/*/ui/**/*.{ts,tsx}']);
  });

  it.each([
    ['text between tags', 'export const A = () => <p>Signed out</p>;'],
    ['a shown attribute', 'export const A = () => <button aria-label="Dismiss this notice" />;'],
    ['a string child', "export const A = ({ x }: { x: boolean }) => <p>{x ? 'Online' : 'Offline'}</p>;"],
    ['a template child', 'export const A = ({ n }: { n: string }) => <p>{`Channel: ${n}`}</p>;'],
    ['a sentence put together in a template, wherever it is shown', 'export const failed = (what: string) => `${what} could not be loaded`;'],
  ])('fails on %s', async (_what, source) => {
    expect(await literalText('renderer/src/StatusBar.tsx', source)).toHaveLength(1);
  });

  it('passes class lists, keys and developer logs built in templates', async () => {
    const source = [
      'export const a = (kind: string, id: number) => [`status status-${kind}`, `#/returns/${id}`, `Alt+${kind}`];',
      'export const b = (name: string) => console.error(`The ${name} catalog did not load:`, name);',
    ].join('\n');
    expect(await literalText('renderer/src/StatusBar.tsx', source)).toEqual([]);
  });

  it('passes catalog words, data and symbols', async () => {
    const source = "export const A = ({ t, sku }: { t: (id: string) => string; sku: string }) => <p className=\"x\" title={t('a')}>{t('b')} {sku} × 2 —</p>;";
    expect(await literalText('renderer/src/StatusBar.tsx', source)).toEqual([]);
  });

  it.each([
    ['a palette line’s label', "export const a = { id: 'print', label: 'Print this view' };"],
    ['a toast’s title in a template', 'export const a = (code: string) => ({ title: `Could not look up ${code}` });'],
    ['a shortcut’s description', "export const a = { keys: 'Alt+L', description: 'Show the scan log' };"],
    ['a group heading behind a condition', "export const a = (x: boolean) => ({ group: x ? 'Items' : 'Returns' });"],
    ['keywords', "export const a = { keywords: 'scanner barcode history' };"],
    ['a Phrase that answers a literal', "export const a = { label: () => 'Inventory', purpose: (t: (id: string) => string) => t('x') };"],
    ['a quoted property name', "export const a = { 'placeholder': 'Scan here' };"],
    ['new Error', "export function a() { throw new Error('The draft could not be saved'); }"],
    [
      'a thrown error of its own class',
      'class ScanError extends Error {}\nexport function a(code: string) { throw new ScanError(`Nothing matches ${code}`); }',
    ],
    [
      'appError’s message',
      "declare const appError: (code: string, message: string) => Error;\nexport const a = () => appError('validation', 'Not sent: scan at least one item');",
    ],
  ])('fails on %s', async (_what, source) => {
    expect(await literalText('renderer/src/palette/entries.ts', source)).toHaveLength(1);
  });

  it('passes ids, keys, classes, message ids and words said with t()', async () => {
    const source = [
      'declare const t: (id: string, v?: object) => string;',
      'declare const appError: (code: string, message: string) => Error;',
      "export const line = { id: 'scan-log', href: '#/settings', keys: 'Alt+L', className: 'palette-item', slot: 'sync', kind: 'item-code' };",
      "export const shown = { label: (tr: typeof t) => tr('scan.key.log'), detail: () => LOG_KEYS, title: t('scan.log.title'), keywords: t('scan.palette.logKeywords') };",
      "export const table = [{ key: 'onHand', label: 'inventory.qty.onHand' }];",
      'export const data = (sku: string, name: string) => ({ label: sku, detail: name, text: `${sku} × 2` });',
      "export const err = (e: Error) => appError('validation', e.message);",
      'export function f(message: string) { throw new Error(message); }',
      "export const typed = new TypeError(t('scan.route.nothing'));",
      "const LOG_KEYS = 'Alt+L';",
    ].join('\n');
    expect(await literalText('renderer/src/palette/entries.ts', source)).toEqual([]);
  });

  it('holds the contribution files, the palette, the scan router and Settings’ palette lines to it', async () => {
    for (const file of [
      'areas/inventory/ui/inventory.contribution.tsx',
      'areas/receiving/ui/receiving.contribution.tsx',
      'areas/settings/ui/paletteLines.ts',
      'renderer/src/scan/ScanProvider.tsx',
      'renderer/src/workspaces/registry.ts',
    ])
      expect(await literalText(file, "export const a = { label: 'Receiving' };"), file).toHaveLength(1);
  });

  it('leaves files outside the list alone (the emulator speaks for the service, in its own words)', async () => {
    expect(await literalText('emulator/auth/X.tsx', 'export const A = () => <p>Signed out</p>;')).toEqual([]);
    expect(await literalText('emulator/auth/X.ts', "export const a = { label: 'Receiving' };")).toEqual([]);
  });
});
