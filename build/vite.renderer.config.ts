import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { RENDERER_CSP } from '../electron/core/security/csp';

/** Puts the one CSP (electron/core/security/csp.ts) into index.html as a meta tag too. */
function cspMeta(): Plugin {
  return {
    name: 'dockdesk-csp-meta',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: RENDERER_CSP }, injectTo: 'head-prepend' }],
  };
}

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), cspMeta()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
  },
});
