import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COUNT_UNITS, countOf, unitWord } from '../../shared/counts.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const plurals = [...new Set(Object.values(COUNT_UNITS).map(([, other]) => other))].join('|');
/** A ternary on 1 choosing words: `n === 1 ? 'item' : 'items'`, `n === 1 ? '' : 's'`. */
const onOne = /[!=]==\s*1\s*\?\s*['"`]/;
/**
 * A value followed by a plural unit in a template or in JSX: `${n} orders`, `{formatCount(n)} items`.
 * A constant in capitals (`${HISTORY_MAX_DAYS} days`) is never 1 and may stay; `days={days}` is a prop.
 */
const countThenUnit = new RegExp(`\\$?\\{(?![A-Z_]+(?:\\.\\w+)*\\})[^{}]+\\}\\s+(?:${plurals})\\b(?!\\s*=)`);

describe('counts', () => {
  it('words one and many through English plural rules, with the number grouped', () => {
    expect(countOf(1, 'order')).toBe('1 order');
    expect(countOf(0, 'order')).toBe('0 orders');
    expect(countOf(2, 'box')).toBe('2 boxes');
    expect(countOf(12345, 'item')).toBe(`${new Intl.NumberFormat().format(12345)} items`);
    expect(unitWord(1, 'match')).toBe('match');
  });

  it('recognises the hand-made forms it refuses', () => {
    for (const line of ["n === 1 ? 'item' : 'items'", "`${n} box${n === 1 ? '' : 'es'}`", '`${rows.length} orders`', '{formatCount(n)} items match']) {
      expect(onOne.test(line) || countThenUnit.test(line), line).toBe(true);
    }
    for (const line of ['`at most ${HISTORY_MAX_DAYS} days`', '<Form days={days} />', "countOf(n, 'order')"]) {
      expect(onOne.test(line) || countThenUnit.test(line), line).toBe(false);
    }
  });

  it('is the only place the app joins a count to its unit', () => {
    const found: string[] = [];
    for (const file of ['renderer/src', 'areas', 'electron/core', 'shared'].flatMap(sources)) {
      if (file.endsWith(join('shared', 'counts.ts'))) continue;
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
          if (onOne.test(line) || countThenUnit.test(line)) found.push(`${relative(root, join(root, file))}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
