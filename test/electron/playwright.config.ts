import { defineConfig } from '@playwright/test';

/** Electron smoke tests; run through test/electron/run.mjs, which skips them (saying why) without a runtime. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  workers: 1,
  timeout: 60_000,
  reporter: [['list']],
});
