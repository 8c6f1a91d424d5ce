import { defineConfig } from 'vite';

/** The preload runs sandboxed, so it is one CommonJS file with everything but `electron` inlined. */
export default defineConfig({
  build: {
    outDir: 'dist/electron',
    emptyOutDir: false,
    target: 'node22',
    ssr: 'electron/preload.ts',
    ssrEmitAssets: false,
    sourcemap: false,
    minify: false,
    rollupOptions: {
      external: ['electron'],
      output: { format: 'cjs', entryFileNames: 'preload.cjs' },
    },
  },
  ssr: { noExternal: true },
});
