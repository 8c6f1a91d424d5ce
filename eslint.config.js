// ESLint: TypeScript rules everywhere, React hooks rules in the renderer, and the layer rules of
// ARCHITECTURE.md, enforced as import restrictions per folder (test/unit/layers.test.ts proves they bite).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electronModule = { name: 'electron', message: 'Only electron/main.ts and electron/preload.ts may import electron.' };
const nodeBuiltins = { group: ['node:*'], message: 'The renderer runs in a browser: no Node built-ins.' };
const layer = (folders, why) => ({ group: folders.flatMap((f) => [`**/${f}/**`, `**/${f}`]), message: why });

export const layerRules = {
  shared: {
    paths: [electronModule],
    patterns: [layer(['electron', 'emulator', 'renderer'], 'shared/ imports no project code outside shared/.')],
  },
  renderer: {
    paths: [electronModule],
    patterns: [layer(['electron', 'emulator'], 'The renderer imports only shared/ and talks to main through window.dockdesk.'), nodeBuiltins, { group: ['**/shared/node/**'], message: 'shared/node is Node-only.' }],
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

const restrict = (rules) => ({ '@typescript-eslint/no-restricted-imports': ['error', rules] });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...restrict(layerRules.renderer) },
  },
  { files: ['emulator/**/*.ts'], rules: restrict(layerRules.emulator) },
  { files: ['electron/core/**/*.ts'], ignores: ['electron/core/environments/local-emulator.ts'], rules: restrict(layerRules.core) },
  { files: ['electron/core/environments/local-emulator.ts'], rules: restrict({ ...layerRules.core, patterns: layerRules.core.patterns.slice(0, 1) }) },
  { files: ['electron/host/**/*.ts'], rules: restrict(layerRules.host) },
  { files: ['test/**/*.{ts,mjs}', 'build/**/*.{ts,mjs}'], rules: { 'no-console': 'off' } },
  { files: ['test/e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
);
