import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CSP_MANIFEST_FILE, rendererCsp } from '../electron/core/security/csp.js';
import { i18nCatalogs, noIcuParser } from './i18n-catalogs.js';

/**
 * Strict CSP at build time: marks the entry <script> with its SRI integrity, puts the policy
 * (electron/core/security/csp.ts) in a meta tag, and writes it to csp.json for the shells to send as
 * a header. The hash is taken from the file as written: with lazy views (dynamic imports) the entry
 * chunk's code is still rewritten after index.html is transformed, so the HTML gets placeholders
 * that are filled in once the bundle is on disk.
 */
const INTEGRITY_MARK = '__DOCKDESK_INTEGRITY__';
const POLICY_MARK = '__DOCKDESK_CSP__';

function strictCsp(): Plugin {
  return {
    name: 'dockdesk-strict-csp',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir) throw new Error('strict CSP: the build has no output folder');
      const htmlPath = join(options.dir, 'index.html');
      const hashes: string[] = [];
      const html = readFileSync(htmlPath, 'utf8').replace(new RegExp(`integrity="${INTEGRITY_MARK}" src="\\./([^"]+)"`, 'g'), (_tag, fileName: string) => {
        if (!bundle[fileName]) throw new Error(`strict CSP: no chunk for ${fileName}`);
        const hash = `sha384-${createHash('sha384')
          .update(readFileSync(join(options.dir!, fileName)))
          .digest('base64')}`;
        hashes.push(hash);
        return `integrity="${hash}" src="./${fileName}"`;
      });
      if (hashes.length === 0) throw new Error('strict CSP: the page has no module script to hash');
      const policy = rendererCsp(hashes);
      writeFileSync(htmlPath, html.replace(POLICY_MARK, policy));
      writeFileSync(join(options.dir, CSP_MANIFEST_FILE), JSON.stringify({ policy }, null, 2));
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const marked = html.replace(/<script type="module" crossorigin src="\.\/([^"]+)"><\/script>/g, (tag) =>
          tag.replace(' src=', ` integrity="${INTEGRITY_MARK}" src=`),
        );
        if (!marked.includes(INTEGRITY_MARK)) throw new Error('strict CSP: the page has no module script to hash');
        return { html: marked, tags: [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: POLICY_MARK }, injectTo: 'head-prepend' }] };
      },
    },
  };
}

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), strictCsp(), i18nCatalogs()],
  // The catalogs come parsed (i18nCatalogs): react-intl's ICU parser is left out of the bundle.
  resolve: { alias: Object.entries(noIcuParser).map(([name, stub]) => ({ find: new RegExp(`^${name}$`), replacement: stub })) },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
  },
});
