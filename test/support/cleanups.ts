import { afterEach } from 'vitest';

/** What a test started and must stop: each test's list runs after it, newest first. */
export function cleanupsAfterEach(): (() => Promise<unknown>)[] {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  return cleanups;
}
