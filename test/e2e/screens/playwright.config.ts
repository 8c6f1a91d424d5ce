import { defineConfig } from '@playwright/test';
import base from '../playwright.config.js';

/**
 * `npm run screenshots`: every view at 1280x800 and 1920x1080, light and dark, saved under
 * `screenshots/` (git ignores it) for a person to look at, with axe run on each. Not part of
 * `npm test`: the e2e config leaves this folder out.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testIgnore: [],
  // The base's projects leave this folder out: one project of its own.
  projects: [{ name: 'screens' }],
  timeout: 600_000,
});
