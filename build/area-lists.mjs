// The lists of areas, read from the one place each layer keeps them: `electron/core/areas.ts` and
// `renderer/src/areas.ts` (the lists the core's dispatch and the route tree are built from). The lint's
// zones and `npm run -s code-shape` read them here, so adding an area to its layer's list zones it too.
// The lists are TypeScript, and ESLint's config and the build scripts are plain JavaScript, so the
// files are read with TypeScript's parser: each list entry is an identifier imported from a
// contribution file, whose folder is the area's folder.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/**
 * The folders (relative to the list file's folder) of the entries of `listName`, in list order.
 * Throws when the list or an entry's import cannot be found: a zone silently missing is worse.
 */
export function areaFoldersOf(listFile, listName) {
  const text = readFileSync(path.join(root, listFile), 'utf8');
  const sf = ts.createSourceFile(listFile, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const importedFrom = new Map();
  let entries = null;
  for (const statement of sf.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      for (const el of statement.importClause?.namedBindings && ts.isNamedImports(statement.importClause.namedBindings)
        ? statement.importClause.namedBindings.elements
        : []) {
        importedFrom.set(el.name.text, statement.moduleSpecifier.text);
      }
    }
    if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        if (!ts.isIdentifier(decl.name) || decl.name.text !== listName || !decl.initializer) continue;
        let init = decl.initializer;
        while (ts.isSatisfiesExpression(init) || ts.isAsExpression(init)) init = init.expression;
        if (ts.isArrayLiteralExpression(init)) entries = init.elements;
      }
    }
  }
  if (!entries) throw new Error(`${listFile}: no array named ${listName}`);
  return entries.map((el) => {
    const spec = ts.isIdentifier(el) ? importedFrom.get(el.text) : undefined;
    if (!spec) throw new Error(`${listFile}: ${el.getText(sf)} in ${listName} is not an imported contribution`);
    return path.posix.dirname(spec).replace(/^\.\//, '');
  });
}

/** The kit folders of each layer: shared mechanisms every area may use; they are not zoned as areas. */
export const rendererKit = ['app', 'bridge', 'keyboard', 'palette', 'scan', 'session', 'ui'];
export const coreKit = ['api', 'app', 'auth', 'data', 'drafts', 'environments', 'ipc', 'logging', 'scanner', 'secrets', 'security', 'settings'];

/** The renderer's areas: the workspaces of `renderer/src/areas.ts` (the shell's own entry is kit). */
export const rendererAreas = areaFoldersOf('renderer/src/areas.ts', 'areas')
  .filter((dir) => dir.startsWith('workspaces/'))
  .map((dir) => dir.slice('workspaces/'.length));

/** The core's areas: the entries of `electron/core/areas.ts` that are not kit. */
export const coreAreas = areaFoldersOf('electron/core/areas.ts', 'coreAreas').filter((dir) => !coreKit.includes(dir));

/**
 * The composition roots: they import every area's contribution file and stay outside the zones.
 */
export const compositionRoots = [
  'renderer/src/areas.ts',
  'renderer/src/router.tsx',
  'renderer/src/main.tsx',
  'electron/core/areas.ts',
  'electron/core/app-core.ts',
  'electron/core/area.ts',
];
