import type { Page } from '@playwright/test';
import { createIntl } from '@formatjs/intl';
import { compiled } from '../../build/i18n-catalogs.js';
import type { MessageArgs } from '../../shared/i18n/messages.generated.js';
import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';
import { openAddress, scan, waitForFirstSync } from './inventory-support.js';
import { clippedTexts, dataStrings, layoutFaults, untranslatedTexts } from './pseudo-check.js';
import { walkViews } from './walk-views.js';

/**
 * The desk in the pseudo-locale (Settings → Appearance → Pseudo): every view, dialog, popover and
 * notice of the screenshot set's walk, at 1280x800. On each, no visible text is left outside the
 * ⟦marks⟧ apart from data (names, codes, lots, numbers, what Intl writes), no argument inside them
 * is anything but data (a sentence main made in English would be), nothing the catalogs say
 * is cut off or spills out of its box with words about 40 % longer, and axe finds nothing serious.
 * Controls are found by their words in the pseudo-locale, read from the same catalogs the desk
 * builds, so a missing or untranslated word fails here as it would on screen.
 */
const pseudo = createIntl({ locale: 'en-XA', messages: compiled('pseudo') });
type Args<K extends keyof MessageArgs> = MessageArgs[K] extends undefined ? [] : [MessageArgs[K]];
function say<K extends keyof MessageArgs>(id: K, ...args: Args<K>): string {
  return pseudo.formatMessage({ id }, args[0] as Record<string, string | number> | undefined);
}

let data: string[] = [];

/** The page as it stands: nothing untranslated, nothing clipped, axe clean (the shot saved with DOCKDESK_SHOTS). */
async function check(page: Page, name: string): Promise<void> {
  await expect(page.locator('[data-loading]')).toHaveCount(0, { timeout: 30_000 });
  await page.mouse.move(0, 0);
  expect.soft(await untranslatedTexts(page, data), `${name}: text from no catalog`).toEqual([]);
  expect.soft(await clippedTexts(page), `${name}: words cut off`).toEqual([]);
  expect.soft(await layoutFaults(page), `${name}: layout at 1280x800`).toEqual([]);
  await axeCheck(page, `1280x800-pseudo-${name}`);
}

/** A view opened by its address, settled on its heading. */
async function view(page: Page, address: string): Promise<void> {
  await openAddress(page, address);
  await expect(page.locator('main h1')).toBeVisible({ timeout: 30_000 });
}

test('the pseudo-locale: every view, dialog, popover and notice in catalog words, none cut off', async ({ page, host }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await host.core.dispatch('app.preferences.set', { language: 'pseudo' });
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  data = await dataStrings(host);
  await check(page, '01-sign-in');
  await signInThroughPopup(page, say('session.signIn.button'));
  await waitForFirstSync(host);

  const { views, receivingOrders, inventory, centers, wro } = await walkViews(host);
  for (const [name, address] of views) {
    await view(page, address);
    await check(page, name);
  }

  // The list remembers its filters (the filtered view above): cleared, as a clerk would.
  await view(page, '#/receiving');
  await page.getByRole('button', { name: say('receiving.filter.clear') }).click();
  await expect(page.locator('.data-table tbody tr[aria-rowindex]').first()).toBeVisible();

  // The command palette, with a record search under way and found.
  await view(page, '#/receiving');
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: say('palette.title') })).toBeVisible();
  await check(page, '20-palette');
  await page.keyboard.type(String(wro.id), { delay: 120 });
  await expect(page.getByRole('dialog').getByRole('menuitem').first()).toBeVisible();
  await expect(page.locator('.palette-foot')).not.toHaveText(say('palette.searchingRecords'), { timeout: 60_000 });
  await check(page, '20b-palette-found');
  await page.keyboard.press('Escape');

  // The keyboard shortcuts sheet, from "?" on a list.
  await page.locator('.data-table tbody tr[aria-rowindex]').first().focus();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, '21-shortcuts');
  await page.keyboard.press('Escape');

  // A popover: the receiving list's status filter, open, one status chosen.
  await view(page, '#/receiving');
  await page
    .locator('.filters')
    .getByRole('button', { name: new RegExp(`^${escape(say('receiving.filter.status'))}`) })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await check(page, '22-popover-status-filter');
  await page.keyboard.press('Escape');

  // A day range's calendar (Receiving's "Created to", More filters open by the address).
  await view(page, '#/receiving?in=2026-11-02&inTo=2026-11-20');
  await page.getByRole('button', { name: say('ui.date.calendarFor', { label: say('receiving.filter.createdTo') }) }).click();
  await expect(page.getByRole('dialog').getByRole('grid')).toBeVisible();
  await check(page, '23-calendar');
  await page.keyboard.press('Escape');

  // A confirmation: cancelling a receiving order still awaited.
  const awaited = receivingOrders.find((w) => w.status === 'Awaiting' && w.boxes.length >= 2) ?? receivingOrders.find((w) => w.status === 'Awaiting')!;
  await view(page, `#/receiving/${awaited.id}`);
  await page.getByRole('button', { name: say('receiving.cancel.button') }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: say('receiving.cancel.keep') })).toBeFocused();
  await check(page, '24-confirm-cancel-receiving');
  await page.keyboard.press('Escape');

  // A lot exclusion's confirmation.
  const exclusion = (await host.core.emulator.control.data('lotExclusions')).find((x) => !x.is_deleted)!;
  await view(page, `#/lots/${exclusion.inventory_id}`);
  await page
    .getByRole('button', { name: say('lots.deleteExclusionOf', { lot: exclusion.lot_number }) })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, '25-confirm-lot-exclusion');
  await page.keyboard.press('Escape');

  // The scan log (Alt+L) after a scan that found nothing: the chooser's notice and the log's line.
  await view(page, '#/receiving');
  await page.locator('.data-table tbody tr[aria-rowindex]').first().focus();
  // What this walk types or makes is data too: the scanned code, the tracking number and the draft below.
  data.push('NOSUCHCODE-0001', '1Z999AA10123456784');
  await scan(page, 'NOSUCHCODE-0001');
  // The lookup may wait its turn at the service's request limit, which this walk has used much of.
  await expect(page.getByText(say('scan.route.nothingCode', { code: 'NOSUCHCODE-0001' })).first()).toBeVisible({ timeout: 90_000 });
  await check(page, '26-scan-not-found');
  await page.keyboard.press('Alt+l');
  await expect(page.getByRole('dialog', { name: say('scan.log.title') })).toBeVisible();
  await check(page, '27-scan-log');
  await page.keyboard.press('Escape');

  // The returns outbox with a return that waits: the service answers every request with an error meanwhile.
  const item2 = inventory.find((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot)!;
  const saved = await host.core.dispatch('drafts.save', {
    kind: 'return-intake',
    value: {
      trackingNumber: '1Z999AA10123456784',
      fulfillmentCenter: { id: centers[0]!.id, name: centers[0]!.name },
      lines: [{ inventoryId: item2.inventory_id, sku: item2.sku, name: item2.name, quantity: 2 }],
    },
  });
  const draftId = (saved.ok && (saved.value as { id: string }).id) || '';
  data.push(draftId);
  // Intake with its line: the line's action list says its longest choice whole.
  await view(page, `#/returns/drafts/${draftId}`);
  await expect(page.getByRole('row').filter({ hasText: item2.sku })).toBeVisible();
  await check(page, '27b-return-intake-line');
  await view(page, '#/returns');
  await host.core.emulator.control.setFaults({ errorRate: 1 });
  try {
    const submitted = await host.core.dispatch('returns.submit', { draftId });
    expect(submitted.ok).toBe(true);
    // The outbox names the return by the reference the desk gave it: data as well.
    if (submitted.ok) data.push((submitted.value as { referenceId: string }).referenceId);
    await expect(page.getByTestId('status-outbox')).toContainText(/⟦/, { timeout: 30_000 });
    await page.getByTestId('status-outbox').getByRole('button').click();
    await expect(page.getByRole('dialog', { name: say('returns.outbox.title') })).toBeVisible();
    await check(page, '28-outbox');
    await page.keyboard.press('Escape');
    // A view whose service call failed: the desk's explanation, the service's words marked as its own.
    // An order the desk has never held (one it holds would open as held, the failure said beside it).
    const neverHeld = Math.max(...receivingOrders.map((w) => w.id)) + 1_000;
    await view(page, `#/receiving/${neverHeld}`);
    await expect(page.locator('.error-note').first()).toBeVisible({ timeout: 30_000 });
    await check(page, '29-service-error');
  } finally {
    await host.core.emulator.control.setFaults({});
  }

  // Scanner calibration with three scans recorded: the proposal and each scan's timing.
  await view(page, '#/settings');
  await page.getByRole('button', { name: say('scan.settings.calibrate') }).click();
  await expect(page.getByTestId('calibration-area')).toBeFocused();
  for (const code of ['5012', '5013', '5014']) await scan(page, code, 8);
  await expect(page.getByRole('table', { name: say('scan.calibration.scans') }).getByRole('row')).toHaveCount(4);
  await expect(page.locator('.calibration-result')).toBeVisible();
  await check(page, '30-calibration');
});

/** A string as a literal part of a regular expression. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
