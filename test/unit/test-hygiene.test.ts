import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Tests that wait a fixed time pass on a quiet machine and fail on a busy one, and are slow on both:
 * integration, unit and conformance tests (and the helpers they share) wait on the event, poll the
 * condition (`vi.waitFor`, `expect.poll`) or run on a fake clock. This scan keeps fixed sleeps out.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['test/integration', 'test/unit', 'test/conformance', 'test/support'];
const THIS_FILE = 'test/unit/test-hygiene.test.ts'; // holds the samples below

const SLEEPS: { pattern: RegExp; what: string }[] = [
  { pattern: /\bsetTimeout\(\s*(?:r|res|resolve|done|next)\s*[,)]/, what: 'a promise resolved by setTimeout' },
  { pattern: /new Promise\b[^;]*?\(\s*\(?\s*(\w+)[^=;]*?=>\s*\{?\s*setTimeout\(\s*\1\s*[,)]/, what: 'a promise resolved by setTimeout' },
  { pattern: /\bsetTimeout\b[^;]*\bfrom\s+['"](?:node:)?timers\/promises['"]/, what: "timers/promises' setTimeout" },
  { pattern: /(?<![.\w])(?:sleep|delay|pause)\s*\(/, what: 'a sleep() call' },
  { pattern: /\bwaitForTimeout\s*\(/, what: 'waitForTimeout' },
  { pattern: /\bAtomics\.wait\s*\(/, what: 'Atomics.wait' },
];

/** The fixed sleeps in one file's text, as `file:line what`. A file that installs fake timers runs its timers on them. */
function fixedSleeps(file: string, text: string): string[] {
  if (/\bvi\.useFakeTimers\(/.test(text)) return [];
  const found: string[] = [];
  // Multi-line imports are read as one line, so an import of timers/promises' setTimeout is seen whole.
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '').trim();
    if (code.startsWith('*') || code.startsWith('/*')) return;
    const statement = code.startsWith('import') && !code.includes(' from ') ? lines.slice(i, i + 12).join(' ') : code;
    for (const { pattern, what } of SLEEPS) {
      if (pattern.test(statement)) {
        found.push(`${file}:${i + 1} ${what}: ${line.trim()}`);
        break;
      }
    }
  });
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(?:ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('test hygiene', () => {
  it('no integration, unit or conformance test (nor their helpers) waits a fixed time', () => {
    const files = SCANNED.flatMap(filesUnder).filter((f) => f !== THIS_FILE);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => fixedSleeps(relative(repo, join(repo, file)), readFileSync(join(repo, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it.each([
    ['await new Promise((r) => setTimeout(r, 50));', 'a promise resolved by setTimeout'],
    ['await new Promise((resolve) => setTimeout(resolve, 100));', 'a promise resolved by setTimeout'],
    ['await new Promise<void>((wake) => { setTimeout(wake, 5); });', 'a promise resolved by setTimeout'],
    ['const settle = () => new Promise((done) => setTimeout(done));', 'a promise resolved by setTimeout'],
    ["import { setTimeout as sleep } from 'node:timers/promises';", "timers/promises' setTimeout"],
    ["import {\n  setImmediate,\n  setTimeout as wait,\n} from 'timers/promises';", "timers/promises' setTimeout"],
    ['    await sleep(3000); // longer than the probe', 'a sleep() call'],
    ['await delay(20);', 'a sleep() call'],
    ['await page.waitForTimeout(500);', 'waitForTimeout'],
  ])('catches %j', (sample, what) => {
    const [found] = fixedSleeps('test/integration/sample.test.ts', `const a = 1;\n${sample}\n`);
    expect(found).toMatch(new RegExp(`^test/integration/sample\\.test\\.ts:2 ${what.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:`));
  });

  it.each([
    'const timer = setTimeout(() => reject(new Error("timed out")), ms);',
    "Promise.race([work, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), ms))]);",
    'await vi.waitFor(() => expect(log).toHaveLength(2), { interval: 20 });',
    'await expect.poll(() => events).toContain("x");',
    '// the old code did await sleep(100) here',
    'const { retryDelay } = options; retryDelay(attempt);',
    "import { setImmediate } from 'node:timers/promises';",
  ])('leaves %j alone', (sample) => {
    expect(fixedSleeps('test/unit/sample.test.ts', sample)).toEqual([]);
  });

  it('e2e waits a fixed time only through the scan timing helper (a silence in the key stream)', () => {
    const files = filesUnder('test/e2e').filter((f) => f !== 'test/e2e/scanner.ts');
    expect(files.length).toBeGreaterThan(50);
    const found = files.filter((file) => /\bwaitForTimeout\(/.test(readFileSync(join(repo, file), 'utf8')));
    expect(found, 'use keyPause from test/e2e/scanner.ts, or wait on what the clerk would see').toEqual([]);
  });

  it('leaves a file on a fake clock alone', () => {
    expect(fixedSleeps('test/unit/x.test.ts', 'vi.useFakeTimers();\nawait new Promise((r) => setTimeout(r, 5));')).toEqual([]);
    expect(fixedSleeps('test/unit/y.test.ts', 'await new Promise((r) => setTimeout(r, 5));')).toHaveLength(1);
  });
});
