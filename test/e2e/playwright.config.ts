import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) against the browser host, which
 * runs the real core and the real emulator on loopback. Two workers, a file each at a time: each test
 * has its own host, data folder, emulator and ports, and each worker its own keychain entry
 * (fixtures.ts, testKeychain); much of a test is waiting on the desk, so two share two cores well.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The screenshot set runs on its own (`npm run screenshots`, screens/playwright.config.ts).
  testIgnore: 'screens/**',
  projects: [
    { name: 'desk', testIgnore: ['screens/**', 'keys-soak.spec.ts'] },
    // The key soak keeps the cores busy on purpose: it runs after the rest, its two runs side by side.
    { name: 'soak', testMatch: 'keys-soak.spec.ts', dependencies: ['desk'] },
  ],
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A test that takes 50 s alone takes up to twice that beside another on two busy cores; a
  // longer one (a walk of every view, a mirror filled under the request limit) sets its own.
  timeout: 120_000,
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
