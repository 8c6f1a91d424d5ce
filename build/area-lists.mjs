// The feature areas and the kit, read by the lint's zones, `npm run -s code-shape` and `npm run areas`.
// An area is a folder of areas/ (areas/<id>/{common,core,ui,messages}) and a line of areas/manifest.ts;
// its layers are named by its subfolders, as VS Code names `common`, `node` and `browser`. The manifest
// is TypeScript and this file plain JavaScript (ESLint's config reads it), so it is read with
// TypeScript's parser.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The area ids of areas/manifest.ts, in its order. */
export function areaManifest(root = repoRoot) {
  const file = 'areas/manifest.ts';
  const sf = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name) || decl.name.text !== 'areaManifest' || !decl.initializer) continue;
      let init = decl.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
      if (!ts.isArrayLiteralExpression(init)) break;
      return init.elements.map((el) => {
        if (!ts.isStringLiteral(el)) throw new Error(`${file}: ${el.getText(sf)} is not an area id in quotes`);
        return el.text;
      });
    }
  }
  throw new Error(`${file}: no array named areaManifest`);
}

/** Every feature area's id, in the manifest's order. */
export const areaIds = areaManifest();

/** The kit folders of each layer: shared mechanisms every area may use; they are not zoned as areas. */
export const rendererKit = ['app', 'bridge', 'drafts', 'i18n', 'keyboard', 'palette', 'scan', 'session', 'ui', 'workspaces'];
export const coreKit = ['api', 'app', 'auth', 'data', 'drafts', 'environments', 'ipc', 'logging', 'mirror', 'scanner', 'secrets', 'security', 'settings'];

/**
 * The composition roots: they import every area's contribution file and stay outside the zones.
 */
export const compositionRoots = [
  'renderer/src/areas.ts',
  'renderer/src/areas.generated.ts',
  'renderer/src/router.tsx',
  'renderer/src/main.tsx',
  'electron/core/areas.ts',
  'electron/core/areas.generated.ts',
  'electron/core/app-core.ts',
  'electron/core/area.ts',
];
