import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) against the browser host, which
 * runs the real core and the real emulator on loopback. One worker: the tests share the keychain.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The screenshot set runs on its own (`npm run screenshots`, screens/playwright.config.ts).
  testIgnore: 'screens/**',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.DOCKDESK_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
