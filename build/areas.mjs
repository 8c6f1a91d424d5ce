// Writes each layer's list of areas from the one manifest (areas/manifest.ts) and what each area's
// folder holds, so adding an area is its folder and one manifest line: `npm run areas`.
// test/unit/areas-manifest.test.ts fails while a written list is behind the manifest or the folders.
//
// Why written files, not lists built at run time: each layer's list is a tuple of the areas' own
// typed contributions (the IPC contract's channel names, the core's "every channel served" proof and
// the route tree's types come from it), and only a static import keeps those types; a run-time glob
// (Vite's import.meta.glob) would lose them and does not run in the core under tsx.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { areaManifest } from './area-lists.mjs';

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const camel = (id) => id.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/** Each area's parts, by the files its folder holds. */
export function areaParts(ids = areaManifest(), root = repoRoot) {
  return ids.map((id) => {
    const has = (rel) => existsSync(path.join(root, 'areas', id, rel));
    if (!existsSync(path.join(root, 'areas', id))) throw new Error(`areas/manifest.ts names "${id}", which has no folder areas/${id}/`);
    return {
      id,
      ipc: has('common/ipc.ts') ? `${camel(id)}Ipc` : null,
      core: has(`core/${id}.contribution.ts`) ? `${camel(id)}Area` : null,
      ui: has(`ui/${id}.contribution.tsx`) ? `${camel(id)}Area` : null,
    };
  });
}

const HEADER = "// Written by `npm run areas` from areas/manifest.ts and the areas' folders: do not edit.\n";

function listFile(parts, { layer, from, ext, name, doc }) {
  const used = parts.filter((p) => p[layer]);
  const imports = used.map((p) => {
    const file = layer === 'ipc' ? 'common/ipc' : `${layer}/${p.id}.contribution`;
    return `import { ${p[layer]} } from '${path.posix.relative(from, `areas/${p.id}/${file}`)}${ext}';`;
  });
  return `${HEADER}${imports.join('\n')}\n\n/** ${doc} */\nexport const ${name} = [${used.map((p) => p[layer]).join(', ')}] as const;\n`;
}

/** The written lists, by path: what `npm run areas` puts on disk (formatted as the repository formats). */
export async function generatedLists(root = repoRoot) {
  const parts = areaParts(areaManifest(root), root);
  const files = {
    'shared/ipc/areas.generated.ts': listFile(parts, {
      layer: 'ipc',
      from: 'shared/ipc',
      ext: '.js',
      name: 'featureIpcAreas',
      doc: "Each feature area's channels and events, in the manifest's order.",
    }),
    'electron/core/areas.generated.ts': listFile(parts, {
      layer: 'core',
      from: 'electron/core',
      ext: '.js',
      name: 'featureCoreAreas',
      doc: "Each feature area's part of the core, in the manifest's order.",
    }),
    'renderer/src/areas.generated.ts': listFile(parts, {
      layer: 'ui',
      from: 'renderer/src',
      ext: '',
      name: 'featureAreas',
      doc: "Each feature area's part of the page, in the manifest's order (the sidebar's).",
    }),
  };
  const out = {};
  for (const [file, text] of Object.entries(files)) {
    const options = (await prettier.resolveConfig(path.join(repoRoot, file))) ?? {};
    out[file] = await prettier.format(text, { ...options, filepath: path.join(repoRoot, file) });
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [file, text] of Object.entries(await generatedLists())) {
    const target = path.join(repoRoot, file);
    if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
    writeFileSync(target, text);
    console.log(`wrote ${file}`);
  }
}
