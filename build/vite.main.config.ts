import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import pkg from '../package.json' with { type: 'json' };

/** Bundles electron/main.ts (and the core it imports) for Electron's main process, as ESM. */
const external = ['electron', ...Object.keys(pkg.dependencies), ...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default defineConfig({
  build: {
    outDir: 'dist/electron',
    emptyOutDir: false,
    target: 'node22',
    ssr: 'electron/main.ts',
    sourcemap: false,
    minify: false,
    rollupOptions: {
      external: (id) => external.some((e) => id === e || id.startsWith(`${e}/`)),
      output: { format: 'es', entryFileNames: 'main.js' },
    },
  },
});
