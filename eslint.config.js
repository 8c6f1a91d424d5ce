// ESLint: TypeScript rules everywhere, React hooks rules in the renderer, and the layer rules of
// ARCHITECTURE.md, enforced as import restrictions per folder (test/unit/layers.test.ts proves they bite).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { areaIds, coreKit, rendererKit } from './build/area-lists.mjs';
import { dockdeskPlugin } from './build/eslint/no-literal-ui-text.mjs';
import { translatedFiles } from './build/i18n-migrated.mjs';

const electronModule = { name: 'electron', message: 'Only electron/main.ts and electron/preload.ts may import electron.' };
const nodeBuiltins = { group: ['node:*'], message: 'The renderer runs in a browser: no Node built-ins.' };
const layer = (folders, why) => ({ group: folders.flatMap((f) => [`**/${f}/**`, `**/${f}`]), message: why });

/** Packages that only run in Node: the renderer is a browser page and gets its data through window.dockdesk. */
export const nodeOnlyPackages = [
  'undici',
  'fastify',
  '@fastify/*',
  '@github/keytar',
  'conf',
  'electron-store',
  'env-paths',
  'open',
  'pdfkit',
  'pg',
  'pg-*',
  'pino',
  'pino-roll',
  'write-file-atomic',
];
const nodeOnly = {
  group: nodeOnlyPackages.flatMap((p) => [p, `${p}/**`]),
  message: 'A Node-only package: the renderer runs in a browser; ask main through window.dockdesk.',
};

/**
 * The core's inner order (ARCHITECTURE.md): api below auth below environments. A folder may import
 * those below it, never those above, so the API client cannot reach for a session manager and the
 * session cannot reach for the environment list. Area folders (receiving, ...) and app-core sit on top.
 */
const coreAbove = {
  api: ['auth', 'environments'],
  auth: ['environments'],
  environments: [],
};
const coreOrder = (folder) => ({
  group: [...coreAbove[folder].map((f) => `**/${f}/**`), '**/app-core*'],
  message: `Inside the core, api is below auth and auth below environments; electron/core/${folder} may not import ${[...coreAbove[folder], 'app-core'].join(' or ')}.`,
});

export const layerRules = {
  shared: {
    paths: [electronModule],
    patterns: [layer(['electron', 'emulator', 'renderer', 'core', 'ui'], "shared/ imports no project code outside shared/ and the areas' common/.")],
  },
  renderer: {
    paths: [electronModule],
    patterns: [
      layer(['electron', 'emulator'], 'The renderer imports only shared/ and talks to main through window.dockdesk.'),
      nodeBuiltins,
      nodeOnly,
      { group: ['**/shared/node/**'], message: 'shared/node is Node-only.' },
    ],
  },
  emulator: {
    paths: [electronModule],
    patterns: [layer(['electron', 'renderer'], 'The emulator imports only shared/: it must run on its own.')],
  },
  core: {
    paths: [electronModule],
    patterns: [
      layer(['renderer', 'host'], 'The core is shell-agnostic: it imports shared/ (and the emulator where the local environment starts).'),
      { group: ['**/emulator/**'], message: 'Only electron/core/environments/local-emulator.ts starts the emulator.', allowTypeImports: true },
    ],
  },
  host: {
    paths: [electronModule],
    patterns: [layer(['renderer'], 'The browser host serves the built renderer; it does not import it.')],
  },
};

const browserGlobals = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage'].map((name) => ({
  name,
  message: "electron/core runs in Node under both shells; the page's globals belong to the renderer.",
}));

export const maxFunctionLines = { max: 80, skipBlankLines: true, skipComments: true };

const restrict = (rules) => ({ '@typescript-eslint/no-restricted-imports': ['error', rules] });

// ------------------------------------------------------------------------------------------------
// Feature areas (ARCHITECTURE.md, "Areas"): areas/<id>/{common,core,ui}. The folder names the layer, one
// rule for every area: common/ is pure (both processes import it: no Node, no page, no core, no ui),
// core/ runs in Node under both shells (the core's rules, and no ui/), ui/ is the page (the renderer's
// rules, and no core/). Another area's common/ is its published contract, open to all; its core/ and
// ui/ are open only through their index.ts. The kit (renderer/src/<kit>/, electron/core/<kit>/) is held
// to the indexes too. The composition roots (renderer/src/areas.ts, router.tsx, main.tsx;
// electron/core/areas.ts, app-core.ts, area.ts) list the areas' contribution files and stay outside.
// test/unit/layers.test.ts proves each rule fires on a violation and stays quiet on what is allowed.
export { areaIds };
const internalsOf = (area) => ({
  group: [`**/${area}/core/*`, `**/${area}/ui/*`, `!**/${area}/*/index`, `!**/${area}/*/index.js`],
  message: `Another area's internals: import what ${area} offers from its index (areas/${area}/core/index.ts or areas/${area}/ui/index.ts), or add it there.`,
});
const withZones = (base, own) => ({ ...base, patterns: [...base.patterns, ...areaIds.filter((a) => a !== own).map(internalsOf)] });
export const areaLayerRules = {
  common: {
    paths: [electronModule],
    patterns: [
      layer(['electron', 'emulator', 'renderer', 'core', 'ui'], "An area's common/ is pure: it imports shared/ and other areas' common/ only."),
      nodeBuiltins,
      nodeOnly,
      { group: ['**/shared/node/**'], message: 'shared/node is Node-only.' },
    ],
  },
  core: { ...layerRules.core, patterns: [...layerRules.core.patterns, layer(['ui'], "An area's core/ runs in Node: the page's ui/ is not its to import.")] },
  ui: {
    ...layerRules.renderer,
    patterns: [...layerRules.renderer.patterns, layer(['core'], "An area's ui/ is the page: it asks its core/ through window.dockdesk.")],
  },
};
const areaZones = [
  ...areaIds.flatMap((area) => [
    { files: [`areas/${area}/common/**/*.ts`], rules: restrict(areaLayerRules.common) },
    { files: [`areas/${area}/core/**/*.ts`], rules: restrict(withZones(areaLayerRules.core, area)) },
    { files: [`areas/${area}/ui/**/*.{ts,tsx}`], rules: restrict(withZones(areaLayerRules.ui, area)) },
  ]),
  { files: rendererKit.map((folder) => `renderer/src/${folder}/**/*.{ts,tsx}`), rules: restrict(withZones(layerRules.renderer, null)) },
  // The core's kit below the areas; api, auth and environments keep their inner order as well.
  ...coreKit.map((folder) => {
    const base = folder in coreAbove ? { ...layerRules.core, patterns: [...layerRules.core.patterns, coreOrder(folder)] } : layerRules.core;
    return {
      files: [`electron/core/${folder}/**/*.ts`],
      ignores: folder === 'environments' ? ['electron/core/environments/local-emulator.ts'] : [],
      rules: restrict(withZones(base, null)),
    };
  }),
];
// ------------------------------------------------------------------------------------------------

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  // --- Type-checked lint: typescript-eslint's recommendedTypeChecked over every tsconfig of the repo
  // (the project service finds the nearest one: tsconfig.json, renderer/, test/e2e/, test/electron/).
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its error: await it, or .catch it and report. `void p` stays
      // allowed (ignoreVoid) for fire-and-forget with its own error path, and carries a comment saying so.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Off: IPC handlers, the secret store and the emulator's control routes are async by contract even
      // when one answers synchronously: the caller gets a promise either way, and a throw inside becomes
      // a rejection the caller's error path handles, not an exception thrown past it. Dropping `async`
      // from them to satisfy this rule would change that.
      '@typescript-eslint/require-await': 'off',
      // TanStack Router's redirects are thrown from beforeLoad, as the router expects.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] }],
    },
  },
  // An area's ui/ belongs to the renderer's program (DOM, no Node), which its nearest tsconfig (the
  // root's, for Node) leaves out: the project service would find no program for it.
  {
    files: ['areas/*/ui/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false, project: './renderer/tsconfig.json', tsconfigRootDir: import.meta.dirname } },
  },
  // The plain JS files (this config, build scripts, the Electron test runner) are in no tsconfig.
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Off in tests: Vitest's asymmetric matchers (expect.any, expect.objectContaining) and a fetch
      // Response's json() are typed `any` by their libraries, and the assertion that follows checks the
      // value; typing each one would add casts, not safety.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Off in tests: the test helpers hand out closures in objects (`const { control } = await
      // service(...)`, Playwright's locator functions) and destructuring them reads no `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  // --- end of type-checked lint
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  { files: ['shared/**/*.ts'], rules: restrict(layerRules.shared) },
  {
    files: ['renderer/**/*.{ts,tsx}', 'areas/*/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...restrict(layerRules.renderer) },
  },
  { files: ['emulator/**/*.ts'], rules: restrict(layerRules.emulator) },
  { files: ['electron/core/**/*.ts'], ignores: ['electron/core/environments/local-emulator.ts'], rules: restrict(layerRules.core) },
  {
    files: ['electron/core/environments/local-emulator.ts'],
    rules: restrict({ ...layerRules.core, patterns: [...layerRules.core.patterns.slice(0, 1), coreOrder('environments')] }),
  },
  ...Object.keys(coreAbove).map((folder) => ({
    files: [`electron/core/${folder}/**/*.ts`],
    ignores: folder === 'environments' ? ['electron/core/environments/local-emulator.ts'] : [],
    rules: restrict({ ...layerRules.core, patterns: [...layerRules.core.patterns, coreOrder(folder)] }),
  })),
  // The core runs in Node under both shells: a browser global there is a bug waiting for a shell without one.
  { files: ['electron/core/**/*.ts', 'areas/*/core/**/*.ts', 'areas/*/common/**/*.ts'], rules: { 'no-restricted-globals': ['error', ...browserGlobals] } },
  { files: ['electron/host/**/*.ts'], rules: restrict(layerRules.host) },
  ...areaZones,
  { files: ['test/**/*.{ts,mjs}', 'build/**/*.{ts,mjs}'], rules: { 'no-console': 'off' } },
  { files: ['test/e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  // --- Languages (ARCHITECTURE.md): in the files whose words come from the catalogs, no literal text in JSX.
  { files: translatedFiles, plugins: { dockdesk: dockdeskPlugin }, rules: { 'dockdesk/no-literal-ui-text': 'error' } },
  // --- Function length: no source function over 80 lines (blank and comment lines not counted), so each
  // reads on one screen; `npm run -s code-shape` lists the longest. Tests are left out: a describe body
  // is a list of cases, not a function anyone navigates.
  {
    files: ['electron/**/*.ts', 'emulator/**/*.ts', 'renderer/src/**/*.{ts,tsx}', 'shared/**/*.ts', 'areas/**/*.{ts,tsx}', 'build/**/*.{ts,mjs}'],
    rules: { 'max-lines-per-function': ['error', maxFunctionLines] },
  },
  // --- end of function length
);
