import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import pkg from '../package.json' with { type: 'json' };

/**
 * Bundles electron/main.ts (and the core it imports) for Electron's main process, as ESM, plus the
 * inventory cache's worker-thread entry beside it (dist/electron/inventory-columns-worker.js, which
 * core/inventory/columns-in-worker.ts looks for next to the bundle).
 */
const external = ['electron', ...Object.keys(pkg.dependencies), ...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

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
      input: { main: 'electron/main.ts', 'inventory-columns-worker': 'electron/core/inventory/columns-worker.ts' },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
