import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { i18nCatalogs } from './build/i18n-catalogs';

/**
 * The component tier runs views and hooks in a real Chromium page without the whole app: Debian's
 * Chromium (the same one the e2e tests drive), headless, with everything that would reach the network
 * on its own switched off, so a run is the same on a desk machine and in CI.
 */
const chromium = playwright({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
});

/** What both integration projects share: Node, and the emulator's real answers (slower than a unit's). */
const integration = { environment: 'node', testTimeout: 30_000, hookTimeout: 30_000 } as const;

export default defineConfig({
  test: {
    // Chromium reports a ResizeObserver whose callback resized what it observes as "loop completed with
    // undelivered notifications": the spec's benign case (they come next frame). Virtualized tables do
    // it while they settle, so it is not a test's failure; any other stray error still is.
    onUnhandledError: (error) => (/ResizeObserver loop/.test(error.message) ? false : undefined),
    projects: [
      // The catalogs' virtual modules, for the renderer code some unit tests import.
      { plugins: [i18nCatalogs()], test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        // The catalogs as the renderer's build serves them (parsed; the parser stays in for tests).
        plugins: [react(), i18nCatalogs()],
        // Bundled before the first test: found one by one, each would reload the page mid-run (and load React twice).
        optimizeDeps: {
          include: [
            'react',
            'react/jsx-dev-runtime',
            'react-dom/client',
            '@tanstack/react-query',
            '@tanstack/react-router',
            'react-aria-components',
            'vitest-browser-react',
          ],
        },
        test: {
          name: 'component',
          include: ['test/component/**/*.test.{ts,tsx}'],
          browser: { enabled: true, headless: true, provider: chromium, instances: [{ browser: 'chromium' }], screenshotFailures: false },
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/conformance/**/*.test.ts'],
          exclude: ['test/integration/**/*.alone.test.ts'],
          // Files side by side: the longest (the account mirror's, the request budget's) wait on the
          // emulator's request limit in real time, not on the CPU, so more workers than cores pay off.
          maxWorkers: 4,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...integration,
          // After the parallel files, one at a time: the keychain (the session's one store), and the
          // files that time the desk's answers while they load both cores themselves (a 5,000-line
          // import, a printer flood, four desks and a sync): four files beside them would time the
          // machine, not the desk.
          name: 'integration-alone',
          include: ['test/integration/**/*.alone.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
