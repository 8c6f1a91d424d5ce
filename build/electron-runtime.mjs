// Where the Electron binary is, or why there is none. Shared by `npm start` and the Electron tests.
// Mirrors how the electron package resolves its binary (path.txt, dist/, ELECTRON_OVERRIDE_DIST_PATH)
// without its side effect: requiring it starts a download when the binary is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('electron/package.json'));

function installedBinary() {
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return join(override, relative ?? 'electron');
  if (!relative) return null;
  const full = join(packageDir, 'dist', relative);
  return existsSync(full) ? full : null;
}

/**
 * @param {{ download?: boolean }} options download: try the electron package's own installer once when the binary is missing
 * @returns {{ path: string } | { missing: string, why: 'notInstalled' | 'noDisplay' }} missing: the reason in English; why: its kind
 */
export function findElectron(options = {}) {
  let path = installedBinary();
  if (!path && options.download) {
    console.log('Fetching the Electron runtime (first start only)…');
    const result = spawnSync(process.execPath, [join(packageDir, 'install.js')], { stdio: 'pipe', timeout: 10 * 60_000 });
    if (result.status === 0) path = installedBinary();
  }
  if (!path) return { missing: 'the Electron runtime is not installed and its download is not reachable from this machine', why: 'notInstalled' };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return { missing: 'there is no display to open a window on', why: 'noDisplay' };
  return { path };
}
