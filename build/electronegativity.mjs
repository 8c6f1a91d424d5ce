// Runs Electronegativity over the Electron code as written (electron/) and as shipped (dist/electron
// bundles plus the built renderer page, which carries the CSP meta tag), and fails on any finding.
// Excluded check, with its reason:
//   AvailableSecurityFixesGlobalCheck -- it downloads Electron's release list, and these machines reach no network beyond the package registries.
// Reviewed findings are disabled inline in electron/main.ts, on the line itself, each with its reason on
// the line above. The bundler moves comments off that line, so for the bundled main.js the same reviewed
// checks are disabled file-wide (Electronegativity's first-line form); the source scan stays precise.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const EXCLUDED = ['AvailableSecurityFixesGlobalCheck'];
const REVIEWED_IN_MAIN = ['PRELOAD_JS_CHECK', 'OPEN_EXTERNAL_JS_CHECK', 'PLUGINS_JS_CHECK'];
const ELECTRON_VERSION = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;

for (const required of ['dist/electron/main.js', 'dist/electron/preload.cjs', 'dist/renderer/index.html']) {
  if (!existsSync(required)) {
    console.error(`electronegativity: ${required} is missing; run "npm run build" first.`);
    process.exit(1);
  }
}

const stage = mkdtempSync(join(tmpdir(), 'dockdesk-eng-'));
let failed = false;
try {
  const targets = {
    // The CSP is written by the renderer build into the page, so the page goes with the source too.
    source: () => {
      cpSync('electron', join(stage, 'source'), { recursive: true });
      cpSync('dist/renderer/index.html', join(stage, 'source', 'index.html'));
    },
    bundles: () => {
      cpSync('dist/electron', join(stage, 'bundles'), { recursive: true });
      const main = join(stage, 'bundles', 'main.js');
      const reviewed = readFileSync('electron/main.ts', 'utf8');
      for (const check of REVIEWED_IN_MAIN) {
        if (!reviewed.includes(`eng-disable ${check}`)) throw new Error(`${check} is no longer disabled in electron/main.ts; drop it from REVIEWED_IN_MAIN`);
      }
      writeFileSync(main, `// eng-disable ${REVIEWED_IN_MAIN.join(' ')}\n${readFileSync(main, 'utf8')}`);
      cpSync('dist/renderer/index.html', join(stage, 'bundles', 'index.html'));
    },
  };
  for (const [name, copy] of Object.entries(targets)) {
    copy();
    const out = join(stage, `${name}.csv`);
    const log = execFileSync(
      process.execPath,
      ['node_modules/@doyensec/electronegativity/dist/index.js', '-i', join(stage, name), '-x', EXCLUDED.join(','), '-e', ELECTRON_VERSION, '-r', '-o', out],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    if (!existsSync(out)) {
      console.error(`electronegativity (${name}): no report was written.\n${log}`);
      failed = true;
      continue;
    }
    const rows = readFileSync(out, 'utf8').trim().split('\n').slice(1).filter(Boolean);
    if (/error|could not parse/i.test(log.replace(/Could not retrieve updated translations[^\n]*/g, ''))) {
      console.error(`electronegativity (${name}) reported a problem:\n${log}`);
      failed = true;
    }
    if (rows.length > 0) {
      console.error(`electronegativity (${name}): ${rows.length} finding(s):\n${rows.join('\n')}`);
      failed = true;
    } else {
      console.log(`electronegativity (${name}): no findings (excluded: ${EXCLUDED.join(', ')})`);
    }
  }
} finally {
  rmSync(stage, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
