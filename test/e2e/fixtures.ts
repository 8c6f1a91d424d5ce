import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { DEMO_USER } from '../../emulator/auth/registry.js';
import signInDe from '../../shared/i18n/messages/de/signin.json' with { type: 'json' };
import signInEn from '../../shared/i18n/messages/en/signin.json' with { type: 'json' };
import signInEs from '../../shared/i18n/messages/es/signin.json' with { type: 'json' };
import signInPl from '../../shared/i18n/messages/pl/signin.json' with { type: 'json' };
import { startBrowserHost, type BrowserHost, type BrowserHostOptions } from '../../electron/host/browser-host.js';
import { openSecretStore } from '../../electron/core/secrets/secret-store.js';
import { rendererDir } from '../../electron/core/paths.js';
import type { LocalEmulatorOptions } from '../../electron/core/environments/local-emulator.js';

/**
 * The keychain a test's browser host uses. Inside build/with-keyring.sh the real keychain, in an
 * entry of the test worker's own (tests run in two workers at once, and every local emulator is the
 * environment "local"); elsewhere memory, and the UI says so.
 */
export function testKeychain(): Pick<BrowserHostOptions, 'keychain' | 'openSecrets'> {
  if (!process.env.DOCKDESK_IN_KEYRING) return { keychain: 'memory' };
  const worker = test.info().parallelIndex;
  return { keychain: 'auto', openSecrets: (environmentId) => openSecretStore(`${environmentId} e2e worker ${worker}`) };
}

/** A fresh browser host (own data folder, own emulator) per test. */
export const test = base.extend<{ host: BrowserHost; emulatorSeed: LocalEmulatorOptions; startPage: string | null }>({
  emulatorSeed: [{}, { option: true }],
  // Where the desk opens (Settings → Today → Start page): null, the desk's own default (Today), as
  // a clerk's first start; a spec opens the view it needs itself (its shortcut, as Alt+1 for
  // Receiving, or its address). A path is for a spec of the start page setting itself.
  startPage: [null, { option: true }],
  host: async ({ emulatorSeed, startPage }, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-e2e-'));
    const host = await startBrowserHost({
      rendererDir: rendererDir(),
      dataDir,
      version: '0.0.0-e2e',
      ...testKeychain(),
      log: () => {},
      localEmulator: emulatorSeed,
    });
    if (startPage) await host.core.dispatch('today.settings.set', { startPage });
    await use(host);
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  },
});
export { expect };

/** The sign-in receiver's page words per language, as the desk's catalogs give them. */
const SIGN_IN_PAGE = { en: signInEn, de: signInDe, es: signInEs, pl: signInPl };

/**
 * Clicks the sign-in panel's button ("Sign in", or its words in the desk's language: "Anmelden"),
 * approves in the emulator's page in the popup (the service's own, in English), and waits for the
 * app to show it.
 */
export async function signInThroughPopup(page: Page, button = 'Sign in'): Promise<void> {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: button, exact: true }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/connect\/authorize/);
  await expect(popup.getByRole('heading', { name: 'Sign in to the fulfillment service' })).toBeVisible();
  await popup.getByLabel('Email').fill(DEMO_USER.email);
  await popup.getByLabel('Password').fill(DEMO_USER.password);
  await popup.getByRole('button', { name: 'Approve' }).click();
  // The desk's own page that receives the answer, in the desk's language (its <html lang>).
  await expect(popup.getByRole('heading', { level: 1, name: /./ })).toBeVisible();
  const lang = ((await popup.locator('html').getAttribute('lang')) ?? 'en').split('-')[0]!;
  const words = SIGN_IN_PAGE[lang as keyof typeof SIGN_IN_PAGE] ?? SIGN_IN_PAGE.en;
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(words['signin.page.success.title']);
  await expect(popup.getByText(words['signin.page.success.text'])).toBeVisible();
  await popup.close();
  await expect(page.getByTestId('status-account')).toHaveText(DEMO_USER.email);
}

/**
 * axe (WCAG 2.2 AA and best practice) on the page as it is: no serious or critical violation. With
 * DOCKDESK_SHOTS=<folder> the state is also saved as <name>.png, for a person to look at.
 */
export async function axeCheck(page: Page, name: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${name}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const shots = process.env.DOCKDESK_SHOTS;
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, `${name}.png`) });
  }
}

/**
 * The view titled `name` has opened and the shell's focus model has put focus on one of its controls
 * (its primary control: a row, a field, an action), not on the heading, the sidebar or nowhere.
 */
export async function expectViewFocus(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const a = document.activeElement;
        return a !== null && a.tagName !== 'H1' && a.closest('#content') !== null;
      }),
    )
    .toBe(true);
}

/**
 * The cell of `row` under the column headed `header`, found by the header's place among the columns
 * shown, since a narrow window hides some columns and a fixed index would then read another one.
 */
export async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  const names = (await table.getByRole('columnheader').allInnerTexts()).map((t) => t.trim());
  const index = names.findIndex((n) => n === header);
  if (index < 0) throw new Error(`no column headed "${header}" is shown; the columns are: ${names.join(', ')}`);
  return row.getByRole('cell').nth(index);
}
