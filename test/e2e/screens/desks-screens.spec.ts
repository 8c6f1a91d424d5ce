import { postgresAvailability, startPostgres, type TestPostgres } from '../../support/postgres.js';
import { axeCheck, expect, signInThroughPopup, test } from '../fixtures.js';
import { openAddress } from '../inventory-support.js';
import { SCREENSHOT_SIZES, shotWindow } from './matrix.js';

/**
 * Settings → Share with other desks: shared with a real PostgreSQL (started for this file) and the
 * status bar saying so, then another server tried that does not answer, its sentence beside the form.
 */
const postgres = postgresAvailability();
if (!postgres.available) console.log(`desks-screens: skipped: ${postgres.reason}`);
let server: TestPostgres | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  if (postgres.available) server = await startPostgres();
});
test.afterAll(async () => {
  await server?.stop();
});

for (const size of SCREENSHOT_SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`Settings: Share with other desks at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      test.skip(!server, `PostgreSQL is not available: ${postgres.reason}`);
      const { host: storeHost, port, database, role, password } = server!.config;
      const tag = await shotWindow(page, size, scheme);
      await page.goto(host.url);
      await signInThroughPopup(page);
      const saved = await host.core.dispatch('desks.store.save', {
        connection: { host: storeHost, port, database, role },
        password,
        deskName: 'Returns bench 2',
      });
      expect(saved.ok).toBe(true);

      await openAddress(page, '#/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      const panel = page.getByTestId('settings-desks-store');
      await expect(panel.getByTestId('desks-store-state')).toHaveText(/^Connected to the shared store\./);
      await expect(page.getByTestId('status-desks')).toHaveText('Shared store: connected');
      await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.mouse.move(0, 0);
      await axeCheck(page, `${tag}-40-settings-desks-shared`);

      // Nothing listens on port 9 of loopback: the store "does not answer", said beside the form.
      await panel.getByLabel('Port').fill('9');
      await panel.getByRole('button', { name: 'Connect and share' }).click();
      await expect(panel.getByRole('alert')).toContainText('The shared store at that address does not answer', { timeout: 20_000 });
      await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.mouse.move(0, 0);
      await axeCheck(page, `${tag}-41-settings-desks-refused`);
    });
  }
}
