import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
// @ts-expect-error: plain JavaScript without type declarations.
import { coreKit } from '../../build/area-lists.mjs';
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
    ['electron/core/receiving/handlers.ts', "import { EnvironmentManager } from '../environments/manager.js';\nexport const b = EnvironmentManager;"],
  ])('allows %s', async (file, code) => {
    expect(await violations(file, code)).toEqual([]);
  });
});

/**
 * Area zones: another area may import only an area's index. For each area, an import of the next
 * area's internals is refused and an import of its index allowed; the kit (shell, palette, core
 * services) may use an area's index too, never its internals. The areas are found on disk (every
 * workspace folder; every core folder with a contribution file that is not kit), not read from the
 * lint's own lists, so an area left out of the zones fails here.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const foldersIn = (dir: string): string[] =>
  readdirSync(join(repo, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const rendererAreas = foldersIn('renderer/src/workspaces');
const coreAreas = foldersIn('electron/core').filter(
  (dir) => !(coreKit as string[]).includes(dir) && readdirSync(join(repo, 'electron/core', dir)).some((f) => f.endsWith('.contribution.ts')),
);
const next = <T>(list: readonly T[], i: number): T => list[(i + 1) % list.length]!;
const rendererZones = rendererAreas.map((area, i) => [area, next(rendererAreas, i)] as const);
const coreZones = coreAreas.map((area, i) => [area, next(coreAreas, i)] as const);

describe('area zones', { timeout: 30_000 }, () => {
  it.each(rendererZones)('refuses renderer/src/workspaces/%s importing the internals of %s', async (area, other) => {
    expect(await violations(`renderer/src/workspaces/${area}/x.ts`, `import { a } from '../${other}/queries';\nexport const b = a;`)).not.toHaveLength(0);
    expect(
      await violations(`renderer/src/workspaces/${area}/deep/x.tsx`, `import { a } from '../../${other}/sub/View';\nexport const b = a;`),
    ).not.toHaveLength(0);
  });
  it.each(rendererZones)('allows renderer/src/workspaces/%s importing the index of %s', async (area, other) => {
    expect(await violations(`renderer/src/workspaces/${area}/x.ts`, `import { a } from '../${other}';\nexport const b = a;`)).toEqual([]);
    expect(await violations(`renderer/src/workspaces/${area}/x.ts`, `import { a } from '../${other}/index';\nexport const b = a;`)).toEqual([]);
    expect(await violations(`renderer/src/workspaces/${area}/x.ts`, `import { a } from './own/internal';\nexport const b = a;`)).toEqual([]);
  });
  it.each(coreZones)('refuses electron/core/%s importing the internals of %s', async (area, other) => {
    expect(await violations(`electron/core/${area}/x.ts`, `import { a } from '../${other}/resources.js';\nexport const b = a;`)).not.toHaveLength(0);
    expect(await violations(`electron/core/${area}/x.ts`, `import type { A } from '../${other}/desk.js';\nexport type B = A;`)).not.toHaveLength(0);
  });
  it.each(coreZones)('allows electron/core/%s importing the index of %s', async (area, other) => {
    expect(await violations(`electron/core/${area}/x.ts`, `import { a } from '../${other}/index.js';\nexport const b = a;`)).toEqual([]);
  });
  it("keeps the kit to the areas' indexes as well", async () => {
    expect(
      await violations('renderer/src/app/x.tsx', "import { OutboxSlot } from '../workspaces/returns/outbox/OutboxSlot';\nexport const b = OutboxSlot;"),
    ).not.toHaveLength(0);
    expect(await violations('renderer/src/scan/x.ts', "import { a } from '../workspaces/inventory/queries';\nexport const b = a;")).not.toHaveLength(0);
    expect(await violations('electron/core/api/x.ts', "import { a } from '../inventory/resources.js';\nexport const b = a;")).not.toHaveLength(0);
    expect(await violations('electron/core/drafts/x.ts', "import { a } from '../returns/desk.js';\nexport const b = a;")).not.toHaveLength(0);
    expect(await violations('renderer/src/app/x.tsx', "import { a } from '../workspaces/inventory';\nexport const b = a;")).toEqual([]);
    expect(await violations('electron/core/drafts/x.ts', "import { a } from '../lots/index.js';\nexport const b = a;")).toEqual([]);
    // shared/ is the kit, even where a folder there has an area's name.
    expect(await violations('renderer/src/workspaces/receiving/x.ts', "import { a } from '../../../../shared/lots/expiry';\nexport const b = a;")).toEqual([]);
    expect(await violations('electron/core/receiving/x.ts', "import { a } from '../../../shared/returns/rules.js';\nexport const b = a;")).toEqual([]);
  });
  it('keeps the layer rules inside a zone', async () => {
    expect(await violations('renderer/src/workspaces/lots/x.ts', "import { readFile } from 'node:fs';\nexport const b = readFile;")).not.toHaveLength(0);
    expect(await violations('electron/core/lots/x.ts', "import { a } from '../../../renderer/src/x.js';\nexport const b = a;")).not.toHaveLength(0);
    expect(
      await violations('electron/core/api/x.ts', "import { SessionService } from '../auth/session.js';\nexport const b = SessionService;"),
    ).not.toHaveLength(0);
  });
});

describe('import cycles', { timeout: 30_000 }, () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));

  it('finds none in the project', () => {
    const graph = readImportGraph(root, ['shared', 'electron', 'emulator', 'renderer/src', 'test', 'build']);
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycles(graph)).toEqual([]);
  });

  // Areas build on area.ts's names of services and app-core builds on the areas: the other way round,
  // even by type, would make each area's contract depend on the core's options again.
  it('keeps electron/core/area.ts out of every loop, type-only imports included', () => {
    const graph = readImportGraph(root, ['shared', 'electron'], { withTypes: true });
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
