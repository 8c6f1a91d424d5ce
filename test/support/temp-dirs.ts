import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Temporary folders for one test file: `make()` in a test, `removeAll()` in afterEach. */
export function tempDirs(prefix: string) {
  const made: string[] = [];
  return {
    async make(): Promise<string> {
      const dir = await mkdtemp(join(tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    removeAll: () => Promise.all(made.splice(0).map((d) => rm(d, { recursive: true, force: true }))),
  };
}
