// The feature areas and the kit, read by the lint's zones and `npm run -s code-shape`. An area is a folder
// of areas/ (areas/<id>/{common,core,ui}); its layers are named by its subfolders, as VS Code names
// `common`, `node` and `browser`. Adding a folder there zones it.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Every area's id: the folders of areas/, in name order. */
export const areaIds = readdirSync(path.join(root, 'areas'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

/** An area's layers: `common` (pure, both processes), `core` (Node), `ui` (the page). */
export const areaLayers = ['common', 'core', 'ui'];

/** The kit folders of each layer: shared mechanisms every area may use; they are not zoned as areas. */
export const rendererKit = ['app', 'bridge', 'drafts', 'i18n', 'keyboard', 'palette', 'scan', 'session', 'ui', 'workspaces'];
export const coreKit = ['api', 'app', 'auth', 'data', 'drafts', 'environments', 'ipc', 'logging', 'mirror', 'scanner', 'secrets', 'security', 'settings'];

/**
 * The composition roots: they import every area's contribution file and stay outside the zones.
 */
export const compositionRoots = [
  'renderer/src/areas.ts',
  'renderer/src/router.tsx',
  'renderer/src/main.tsx',
  'electron/core/areas.ts',
  'electron/core/app-core.ts',
  'electron/core/area.ts',
];
