// Electron-only tests (Playwright's _electron): they need the Electron runtime, which cannot be
// downloaded on every machine. Where it is missing they are skipped, and this says why.
import { spawnSync } from 'node:child_process';
import { findElectron } from '../../build/electron-runtime.mjs';

const electron = findElectron();
if ('missing' in electron) {
  console.log(`SKIPPED Electron tests (test/electron/*.spec.ts): ${electron.missing}. The same core and renderer are covered by the browser-host e2e tests.`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', '--config', 'test/electron/playwright.config.ts'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
