import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript without type declarations.
import { areaManifest } from '../../build/area-lists.mjs';
// @ts-expect-error: plain JavaScript without type declarations.
import { areaParts, generatedLists } from '../../build/areas.mjs';

/**
 * One manifest (areas/manifest.ts) lists the feature areas; each layer's list is written from it.
 * These cases hold the written lists to the manifest and the manifest to the folders, so an area
 * added by a folder and a manifest line is in every list once `npm run areas` has run, and a list
 * left behind fails here rather than in a desk that lacks the area.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const manifest = areaManifest() as string[];

describe('the areas manifest', { timeout: 30_000 }, () => {
  it('names every folder of areas/ once, and nothing else', () => {
    const folders = readdirSync(join(repo, 'areas'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect([...manifest].sort()).toEqual(folders.sort());
    expect(new Set(manifest).size).toBe(manifest.length);
  });

  it('is what the written lists say: `npm run areas` has run since the last change', async () => {
    const lists = (await generatedLists()) as Record<string, string>;
    for (const [file, text] of Object.entries(lists)) expect(readFileSync(join(repo, file), 'utf8'), `${file} is behind: npm run areas`).toBe(text);
  });

  it('finds each layer of an area by its files, and leaves out a layer an area does not have', () => {
    const parts = areaParts() as { id: string; ipc: string | null; core: string | null; ui: string | null }[];
    expect(parts.find((p) => p.id === 'receiving')).toEqual({ id: 'receiving', ipc: 'receivingIpc', core: 'receivingArea', ui: 'receivingArea' });
    // Settings is views over the kit's channels: no channels or core of its own.
    expect(parts.find((p) => p.id === 'settings')).toEqual({ id: 'settings', ipc: null, core: null, ui: 'settingsArea' });
    // Desks sharing a store: channels, a core part, and a ui part with no view of its own (a Settings panel, a status bar item).
    expect(parts.find((p) => p.id === 'desks')).toEqual({ id: 'desks', ipc: 'desksIpc', core: 'desksArea', ui: 'desksArea' });
  });

  it('refuses a manifest line with no folder, naming it', () => {
    expect(() => areaParts([...manifest, 'counts'])).toThrow('areas/manifest.ts names "counts", which has no folder areas/counts/');
  });
});

/**
 * A new area is one folder and one manifest line: a copy of the areas with one more area and its
 * manifest line gets the area in every written list of a layer it has, in the manifest's place.
 */
describe('an area added by a folder and a manifest line', { timeout: 30_000 }, () => {
  it('is in the written list of each layer it has', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'areas-manifest-'));
    try {
      for (const id of manifest) cpSync(join(repo, 'areas', id), join(dir, 'areas', id), { recursive: true });
      // an area with channels and a core, and no views yet (its id in two words, as a file name says it)
      mkdirSync(join(dir, 'areas/cycle-counts/common'), { recursive: true });
      mkdirSync(join(dir, 'areas/cycle-counts/core'), { recursive: true });
      writeFileSync(join(dir, 'areas/cycle-counts/common/ipc.ts'), '');
      writeFileSync(join(dir, 'areas/cycle-counts/core/cycle-counts.contribution.ts'), '');
      const text = readFileSync(join(repo, 'areas/manifest.ts'), 'utf8').replace(/'printing',\s*/, "'printing', 'cycle-counts', ");
      writeFileSync(join(dir, 'areas/manifest.ts'), text);
      const lists = (await generatedLists(dir)) as Record<string, string>;
      expect(lists['shared/ipc/areas.generated.ts']).toContain("import { cycleCountsIpc } from '../../areas/cycle-counts/common/ipc.js';");
      expect(lists['shared/ipc/areas.generated.ts']).toMatch(/printingIpc,\s*cycleCountsIpc\b/);
      expect(lists['electron/core/areas.generated.ts']).toContain(
        "import { cycleCountsArea } from '../../areas/cycle-counts/core/cycle-counts.contribution.js';",
      );
      expect(lists['electron/core/areas.generated.ts']).toMatch(/printingArea,\s*cycleCountsArea\b/);
      // No ui/ folder: the page's list leaves it out rather than naming a file that is not there.
      expect(lists['renderer/src/areas.generated.ts']).not.toContain('cycle');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
