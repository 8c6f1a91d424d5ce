import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import pkg from '../package.json' with { type: 'json' };

/**
 * Bundles electron/main.ts (and the core it imports) for Electron's main process, as ESM, plus the
 * inventory sync's, the built-in emulator's and the workbook reader's worker-thread entries beside it
 * (dist/electron/inventory-sync-worker.js, emulator-worker.js and import-workbook-worker.js, which
 * core/inventory/sync-in-worker.ts, core/environments/local-emulator.ts and core/receiving/import/workbook.ts
 * look for next to the bundle). esbuild stays outside: only runs
 * from source bundle the worker with it.
 */
const external = ['electron', 'esbuild', ...Object.keys(pkg.dependencies), ...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default defineConfig({
  build: {
    outDir: 'dist/electron',
    emptyOutDir: false,
    target: 'node22',
    ssr: true,
    sourcemap: false,
    minify: false,
    rollupOptions: {
      external: (id) => external.some((e) => id === e || id.startsWith(`${e}/`)),
      input: {
        main: 'electron/main.ts',
        'inventory-sync-worker': 'areas/inventory/core/sync-worker.ts',
        'emulator-worker': 'emulator/worker.ts',
        'import-workbook-worker': 'areas/receiving/core/import/workbook-worker.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
