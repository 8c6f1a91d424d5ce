import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import envPaths from 'env-paths';

/** Where things live on disk, decided once. */
const here = dirname(fileURLToPath(import.meta.url));

/** The repository (or packaged app) root, found from this file in source or in a bundle. */
export function appRoot(): string {
  // electron/core/paths.ts in source; dist/electron/main.js when bundled: both are two levels down.
  return resolve(here, '..', '..');
}

export function rendererDir(): string {
  return join(appRoot(), 'dist', 'renderer');
}

/** The browser host's data folder: DOCKDESK_DATA_DIR, or the OS's per-user data folder. */
export function hostDataDir(): string {
  return process.env.DOCKDESK_DATA_DIR ?? envPaths('Dockdesk', { suffix: '' }).data;
}
