import type { Page } from '@playwright/test';
import { expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { scanCode } from './scanner.js';
import { service } from './service.js';
import { openIntake, sendOneReturn, tabTo } from './returns-support.js';

/**
 * "Done at this desk" on a return's page: a return made at the intake and cancelled on its page,
 * keyboard only, reads on the page as this desk did it and as the service answered, newest first,
 * beside the service's status history. The journal is this desk's file: nothing is asked of the
 * service for it.
 */

const doneHere = (page: Page) => page.getByRole('region', { name: 'Done at this desk' });

test("a return created at the intake and cancelled on its page reads as this desk's record there, in the desk's words", async ({ page, host }) => {
  await openIntake(page, host.url);
  const made = await sendOneReturn(page, host, '1ZJOURNAL01');
  const reference = made.reference_id;

  // Its reference scanned from the returns list opens its page; focus goes where the page puts it, not to the section.
  await page.keyboard.press('Alt+5');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await scanCode(page, reference, { msPerKey: 5 });
  await expectViewFocus(page, `Return ${made.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Status history' })).toBeVisible();
  // The desk's writes to the return; the scans that made it (journal-scans.spec) read beside them.
  const entries = doneHere(page).getByRole('listitem').filter({ hasNotText: 'Scanned ' });
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Created with 1 unit on 1 line');
  await expect(entries.first()).toContainText('The service confirmed it.');
  expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="record-journal"]') !== null)).toBe(false);

  // Cancelled from its page: the new entry shows at the top without leaving the page.
  await tabTo(page, 'Cancel return…');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Cancel return ${reference}?` });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.locator('.facts .status')).toHaveText('Cancelled');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Cancelled');
  await expect(entries.first()).toContainText('The service confirmed it.');
  await expect(entries.nth(1)).toContainText('Created with 1 unit on 1 line');
});

test('a receiving order nothing was done to here says so; cancelled from its page, it reads as cancelled at this desk', async ({ page, host }) => {
  const { api } = await service(host.core.emulator.url);
  const awaiting = (await api.get<{ id: number }[]>('/2026-07/receiving?Statuses=Awaiting&Limit=1'))[0]!;
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.goto(`${host.origin}/#/receiving/${awaiting.id}`);
  await expectViewFocus(page, `Receiving order ${awaiting.id}`);
  await expect(doneHere(page)).toContainText('Nothing has been done at this desk for this record.');

  await tabTo(page, 'Cancel order…');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('.facts .status').first()).toHaveText('Cancelled');
  const entries = doneHere(page).getByRole('listitem');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Cancelled');
  await expect(entries.first()).toContainText('The service confirmed it.');
});
