import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { findCycles, importSpecifiers, readImportGraph } from '../support/import-graph.js';

/**
 * The layer rules of ARCHITECTURE.md are ESLint import restrictions (eslint.config.js). These cases
 * prove each rule fires on a violation and stays quiet on an allowed import.
 */
// The cases are files that exist in no tsconfig, so the type-checked rules (which need one) are off here.
const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });

async function violations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports' || m.ruleId === 'no-restricted-globals')
    .map((m) => m.message);
}

// ESLint's first run and the walk over the whole tree take seconds on a busy machine.
describe('layer rules', { timeout: 30_000 }, () => {
  it.each([
    ['shared/schemas/x.ts', "import { a } from '../../electron/core/app-core.js';\nexport const b = a;"],
    ['shared/x.ts', "import { a } from '../emulator/server.js';\nexport const b = a;"],
    ['renderer/src/x.ts', "import { a } from '../../electron/core/app-core.js';\nexport const b = a;"],
    ['renderer/src/x.ts', "import { a } from '../../emulator/server.js';\nexport const b = a;"],
    ['renderer/src/x.ts', "import { readFile } from 'node:fs';\nexport const b = readFile;"],
    ['renderer/src/x.ts', "import { ipcRenderer } from 'electron';\nexport const b = ipcRenderer;"],
    ['emulator/x.ts', "import { a } from '../electron/core/app-core.js';\nexport const b = a;"],
    ['electron/core/x.ts', "import { app } from 'electron';\nexport const b = app;"],
    ['electron/core/api/x.ts', "import { startEmulator } from '../../../emulator/server.js';\nexport const b = startEmulator;"],
    ['electron/core/x.ts', "import { a } from '../host/browser-host.js';\nexport const b = a;"],
    ['electron/host/x.ts', "import { BrowserWindow } from 'electron';\nexport const b = BrowserWindow;"],
    // Node-only packages stay out of the renderer.
    ['renderer/src/x.ts', "import { request } from 'undici';\nexport const b = request;"],
    ['renderer/src/x.tsx', "import Fastify from 'fastify';\nexport const b = Fastify;"],
    ['renderer/src/x.ts', "import staticFiles from '@fastify/static';\nexport const b = staticFiles;"],
    ['renderer/src/x.ts', "import keytar from '@github/keytar';\nexport const b = keytar;"],
    ['renderer/src/x.ts', "import Conf from 'conf';\nexport const b = Conf;"],
    ['renderer/src/x.ts', "import PDFDocument from 'pdfkit';\nexport const b = PDFDocument;"],
    ['renderer/src/x.ts', "import pino from 'pino';\nexport const b = pino;"],
    ['renderer/src/x.ts', "import writeFileAtomic from 'write-file-atomic';\nexport const b = writeFileAtomic;"],
    ['renderer/src/x.ts', "import { join } from 'node:path';\nexport const b = join;"],
    // The page's globals stay out of the core.
    ['electron/core/x.ts', 'export const title = () => document.title;'],
    ['electron/core/api/x.ts', 'export const width = () => window.innerWidth;'],
    // Inside the core: api below auth below environments, app-core above all.
    ['electron/core/api/x.ts', "import { SessionService } from '../auth/session.js';\nexport const b = SessionService;"],
    ['electron/core/api/x.ts', "import type { EnvironmentManager } from '../environments/manager.js';\nexport type B = EnvironmentManager;"],
    ['electron/core/auth/x.ts', "import { EnvironmentManager } from '../environments/manager.js';\nexport const b = EnvironmentManager;"],
    ['electron/core/environments/x.ts', "import { createAppCore } from '../app-core.js';\nexport const b = createAppCore;"],
    ['electron/core/environments/local-emulator.ts', "import { createAppCore } from '../app-core.js';\nexport const b = createAppCore;"],
  ])('refuses %s importing across a layer', async (file, code) => {
    expect(await violations(file, code)).not.toHaveLength(0);
  });

  it.each([
    ['renderer/src/x.ts', "import { AppError } from '../../shared/errors';\nexport type B = AppError;"],
    ['electron/core/x.ts', "import type { RunningEmulator } from '../../emulator/server.js';\nexport type B = RunningEmulator;"],
    ['electron/core/environments/local-emulator.ts', "import { startEmulator } from '../../../emulator/server.js';\nexport const b = startEmulator;"],
    ['electron/main.ts', "import { app } from 'electron';\nexport const b = app;"],
    ['emulator/x.ts', "import { Scope } from '../shared/schemas/channel.js';\nexport const b = Scope;"],
    ['renderer/src/x.tsx', "import { useQuery } from '@tanstack/react-query';\nexport const b = useQuery;"],
    ['renderer/src/x.ts', 'export const title = () => document.title;'],
    ['electron/core/auth/x.ts', "import { ApiClient } from '../api/api-client.js';\nexport const b = ApiClient;"],
    ['electron/core/auth/x.ts', "import { EnvironmentInput } from '../../../shared/schemas/environments.js';\nexport const b = EnvironmentInput;"],
    ['electron/core/environments/x.ts', "import { SessionService } from '../auth/session.js';\nexport const b = SessionService;"],
    [
      'areas/receiving/core/handlers.ts',
      "import { EnvironmentManager } from '../../../electron/core/environments/manager.js';\nexport const b = EnvironmentManager;",
    ],
  ])('allows %s', async (file, code) => {
    expect(await violations(file, code)).toEqual([]);
  });
});

/**
 * Feature areas: areas/<id>/{common,core,ui}, the folder naming the layer. For each area, an import of
 * the next area's core/ or ui/ internals is refused and one of its index allowed; its common/ is open
 * to every area. The areas are found on disk (every folder of areas/), not read from the lint's own
 * list, so an area left out of the zones fails here.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const areaIds = readdirSync(join(repo, 'areas'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const next = <T>(list: readonly T[], i: number): T => list[(i + 1) % list.length]!;
const zones = areaIds.map((area, i) => [area, next(areaIds, i)] as const);

describe('area layers and zones', { timeout: 30_000 }, () => {
  it.each(zones)('refuses areas/%s importing the core/ or ui/ internals of %s', async (area, other) => {
    expect(await violations(`areas/${area}/ui/x.ts`, `import { a } from '../../${other}/ui/queries';\nexport const b = a;`)).not.toHaveLength(0);
    expect(await violations(`areas/${area}/ui/deep/x.tsx`, `import { a } from '../../../${other}/ui/sub/View';\nexport const b = a;`)).not.toHaveLength(0);
    expect(await violations(`areas/${area}/core/x.ts`, `import { a } from '../../${other}/core/resources.js';\nexport const b = a;`)).not.toHaveLength(0);
    expect(await violations(`areas/${area}/core/x.ts`, `import type { A } from '../../${other}/core/desk.js';\nexport type B = A;`)).not.toHaveLength(0);
  });
  it.each(zones)('allows areas/%s importing the indexes and the common/ of %s, and its own files', async (area, other) => {
    expect(await violations(`areas/${area}/ui/x.ts`, `import { a } from '../../${other}/ui';\nexport const b = a;`)).toEqual([]);
    expect(await violations(`areas/${area}/ui/x.ts`, `import { a } from '../../${other}/ui/index';\nexport const b = a;`)).toEqual([]);
    expect(await violations(`areas/${area}/ui/x.ts`, `import { a } from './own/internal';\nexport const b = a;`)).toEqual([]);
    expect(await violations(`areas/${area}/core/x.ts`, `import { a } from '../../${other}/core/index.js';\nexport const b = a;`)).toEqual([]);
    expect(await violations(`areas/${area}/core/x.ts`, `import { a } from '../../${other}/common/ipc.js';\nexport const b = a;`)).toEqual([]);
    expect(await violations(`areas/${area}/ui/x.ts`, `import { a } from '../../${other}/common/ipc';\nexport const b = a;`)).toEqual([]);
    expect(await violations(`areas/${area}/common/x.ts`, `import { a } from '../../${other}/common/ipc.js';\nexport const b = a;`)).toEqual([]);
  });
  it('keeps each layer of an area to its own rule, named by its folder', async () => {
    // common/ is pure: no Node, no core, no ui, no page-only or Node-only package.
    expect(await violations('areas/lots/common/x.ts', "import { readFile } from 'node:fs';\nexport const b = readFile;")).not.toHaveLength(0);
    expect(await violations('areas/lots/common/x.ts', "import { a } from '../core/desk.js';\nexport const b = a;")).not.toHaveLength(0);
    expect(await violations('areas/lots/common/x.ts', "import { a } from '../ui/queries';\nexport const b = a;")).not.toHaveLength(0);
    expect(await violations('areas/lots/common/x.ts', "import pino from 'pino';\nexport const b = pino;")).not.toHaveLength(0);
    expect(await violations('areas/lots/common/x.ts', 'export const title = () => document.title;')).not.toHaveLength(0);
    expect(await violations('areas/lots/common/x.ts', "import { a } from '../../../shared/errors.js';\nexport const b = a;")).toEqual([]);
    // core/ is the core's: no page, no ui/, no renderer.
    expect(await violations('areas/lots/core/x.ts', "import { a } from '../ui/queries';\nexport const b = a;")).not.toHaveLength(0);
    expect(await violations('areas/lots/core/x.ts', "import { a } from '../../../renderer/src/x.js';\nexport const b = a;")).not.toHaveLength(0);
    expect(await violations('areas/lots/core/x.ts', 'export const title = () => document.title;')).not.toHaveLength(0);
    expect(await violations('areas/lots/core/x.ts', "import { app } from 'electron';\nexport const b = app;")).not.toHaveLength(0);
    expect(await violations('areas/lots/core/x.ts', "import { a } from '../../../electron/core/api/api-client.js';\nexport const b = a;")).toEqual([]);
    expect(await violations('areas/lots/core/x.ts', "import { readFile } from 'node:fs';\nexport const b = readFile;")).toEqual([]);
    // ui/ is the page's: no core/, no Node, no main.
    expect(await violations('areas/lots/ui/x.ts', "import { a } from '../core/desk.js';\nexport const b = a;")).not.toHaveLength(0);
    expect(await violations('areas/lots/ui/x.ts', "import { readFile } from 'node:fs';\nexport const b = readFile;")).not.toHaveLength(0);
    expect(await violations('areas/lots/ui/x.ts', "import { a } from '../../../electron/core/app-core.js';\nexport const b = a;")).not.toHaveLength(0);
    expect(await violations('areas/lots/ui/x.ts', "import { a } from '../../../renderer/src/ui/Button';\nexport const b = a;")).toEqual([]);
  });
  it("keeps the kit to the areas' indexes as well", async () => {
    expect(
      await violations('renderer/src/app/x.tsx', "import { OutboxSlot } from '../../../areas/returns/ui/outbox/OutboxSlot';\nexport const b = OutboxSlot;"),
    ).not.toHaveLength(0);
    expect(await violations('renderer/src/scan/x.ts', "import { a } from '../../../areas/inventory/ui/queries';\nexport const b = a;")).not.toHaveLength(0);
    expect(await violations('electron/core/api/x.ts', "import { a } from '../../../areas/inventory/core/resources.js';\nexport const b = a;")).not.toHaveLength(
      0,
    );
    expect(await violations('electron/core/drafts/x.ts', "import { a } from '../../../areas/returns/core/desk.js';\nexport const b = a;")).not.toHaveLength(0);
    expect(await violations('renderer/src/app/x.tsx', "import { a } from '../../../areas/inventory/ui';\nexport const b = a;")).toEqual([]);
    expect(await violations('electron/core/drafts/x.ts', "import { a } from '../../../areas/lots/core/index.js';\nexport const b = a;")).toEqual([]);
    expect(await violations('electron/core/drafts/x.ts', "import { a } from '../../../areas/returns/common/rules.js';\nexport const b = a;")).toEqual([]);
  });
  it('keeps the layer rules inside a zone', async () => {
    expect(
      await violations('electron/core/api/x.ts', "import { SessionService } from '../auth/session.js';\nexport const b = SessionService;"),
    ).not.toHaveLength(0);
  });
});

describe('import cycles', { timeout: 30_000 }, () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));

  it('finds none in the project', () => {
    const graph = readImportGraph(root, ['shared', 'areas', 'electron', 'emulator', 'renderer/src', 'test', 'build']);
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycles(graph)).toEqual([]);
  });

  // Areas build on area.ts's names of services and app-core builds on the areas: the other way round,
  // even by type, would make each area's contract depend on the core's options again.
  it('keeps electron/core/area.ts out of every loop, type-only imports included', () => {
    const graph = readImportGraph(root, ['shared', 'areas', 'electron'], { withTypes: true });
    expect(graph.get('electron/core/area.ts')).not.toContain('electron/core/app-core.ts');
    expect(findCycles(graph).filter((loop) => loop.includes('electron/core/area.ts'))).toEqual([]);
  });

  // The emulator must be able to run in a worker on its own: its modules form a tree even counting types.
  it('finds none inside emulator/, type-only imports included', () => {
    const graph = readImportGraph(root, ['emulator'], { withTypes: true });
    expect(graph.size).toBeGreaterThan(40);
    expect(findCycles(graph)).toEqual([]);
  });

  it('counts a loop of type-only imports when asked to', () => {
    const dir = mkdtempSync(join(tmpdir(), 'type-cycle-'));
    try {
      mkdirSync(join(dir, 'emulator'));
      writeFileSync(join(dir, 'emulator', 'a.ts'), "import type { B } from './b.js';\nexport interface A { b: B }\n");
      writeFileSync(join(dir, 'emulator', 'b.ts'), "import { type A } from './a.js';\nexport interface B { a: A }\n");
      expect(findCycles(readImportGraph(dir, ['emulator']))).toEqual([]);
      expect(findCycles(readImportGraph(dir, ['emulator'], { withTypes: true }))).toEqual([['emulator/a.ts', 'emulator/b.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds a loop of value imports, however long', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });

  it('reads value imports, re-exports and dynamic imports, not type-only ones', () => {
    const code = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "import { type C } from './c.js';",
      "import { type D, e } from './d.js';",
      "export { f } from './f.js';",
      "export type { G } from './g.js';",
      "import './h.css';",
      "const lazy = () => import('./i.js');",
    ].join('\n');
    expect(importSpecifiers('x.ts', code)).toEqual(['./a.js', './d.js', './f.js', './h.css', './i.js']);
  });
});
