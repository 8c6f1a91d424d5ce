import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CSP_MANIFEST_FILE, rendererCsp } from '../electron/core/security/csp.js';

/**
 * Strict CSP at build time: hashes the entry chunk, marks its <script> with that SRI integrity,
 * puts the policy (electron/core/security/csp.ts) in a meta tag, and writes it to csp.json for the
 * shells to send as a header.
 */
function strictCsp(): Plugin {
  let policy: string | null = null;
  return {
    name: 'dockdesk-strict-csp',
    apply: 'build',
    writeBundle(options) {
      if (!policy || !options.dir) throw new Error('strict CSP: no policy was made for this build');
      writeFileSync(join(options.dir, CSP_MANIFEST_FILE), JSON.stringify({ policy }, null, 2));
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const hashes: string[] = [];
        const withIntegrity = html.replace(/<script type="module" crossorigin src="\.\/([^"]+)"><\/script>/g, (tag, fileName: string) => {
          const chunk = ctx.bundle?.[fileName];
          if (!chunk || chunk.type !== 'chunk') throw new Error(`strict CSP: no chunk for ${fileName}`);
          const hash = `sha384-${createHash('sha384').update(chunk.code).digest('base64')}`;
          hashes.push(hash);
          return tag.replace(' src=', ` integrity="${hash}" src=`);
        });
        if (hashes.length === 0) throw new Error('strict CSP: the page has no module script to hash');
        policy = rendererCsp(hashes);
        return { html: withIntegrity, tags: [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' }] };
      },
    },
  };
}

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), strictCsp()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
  },
});
