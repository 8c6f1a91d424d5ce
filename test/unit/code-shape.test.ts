import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The tree's shape as `npm run -s code-shape` reads it: no area imports another's internals (the lint
 * refuses each one; this reads the whole tree at once, the written lists included), no area imports
 * app-core (where the core's options are: an area gets only the services it declared), no function
 * over 80 lines, no comment citing an issue number instead of saying why.
 */
describe('the code-shape report', { timeout: 60_000 }, () => {
  it('finds no import of internals across areas, no area reading the core, no overlong function', () => {
    const repo = fileURLToPath(new URL('../..', import.meta.url));
    const report = JSON.parse(execFileSync('node', ['build/code-shape.mjs'], { cwd: repo, encoding: 'utf8' })) as Record<
      string,
      { count: number; list: string[] }
    >;
    expect(report.crossAreaImports!.list).toEqual([]);
    expect(report.areaImportsOfAppCore!.list).toEqual([]);
    expect(report.functionsOver80!.list).toEqual([]);
    expect(report.issueNumberComments!.list).toEqual([]);
    expect((report as unknown as { files: number }).files).toBeGreaterThan(400);
  });
});
