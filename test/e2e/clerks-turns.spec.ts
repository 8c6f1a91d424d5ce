import type { Page } from '@playwright/test';
import type { JournalEntry } from '../../areas/journal/common/entry.js';
import { expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { keyPause, scanCode } from './scanner.js';
import { openIntake, sendOneReturn, tabTo } from './returns-support.js';
import { service } from './service.js';

/**
 * Two clerks take turns at one desk's one sign-in: each added in Settings → Clerks, each taking the
 * turn by scanning the badge the desk made (one with a PIN, asked in a small dialog), each sending a
 * return at the intake and cancelling a receiving order on its page. The journal names each return's clerk, through the app and on the return's
 * page, and the end of the shift counts each clerk's part as the service holds it; the scans of
 * badges typed into the intake's fields leave those fields as they were.
 */

const clerkButton = (page: Page) => page.getByTestId('status-clerk').getByRole('button');

async function addClerk(page: Page, name: string, pin: string | null): Promise<string> {
  await page.getByLabel("Clerk's name").fill(name);
  if (pin) await page.getByLabel('PIN (optional, 4 to 12 digits)').fill(pin);
  await page.getByRole('button', { name: 'Add clerk' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(pin ? 'Set' : 'None');
  return (await row.locator('code').textContent())!;
}

/** Cancels a receiving order from its page, keyboard only, as the clerk whose turn it is. */
async function cancelOrder(page: Page, origin: string, id: number) {
  await page.goto(`${origin}/#/receiving/${id}`);
  await expectViewFocus(page, `Receiving order ${id}`);
  await tabTo(page, 'Cancel order…');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('.facts .status').first()).toHaveText('Cancelled');
}

test("two clerks take turns by badge scan; the journal names the clerk of each one's returns and receiving orders", async ({ page, host }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.goto(`${host.origin}/#/settings`);
  await expect(page.getByRole('heading', { level: 2, name: 'Clerks' })).toBeVisible();
  const ana = await addClerk(page, 'Ana Ruiz', null);
  const ben = await addClerk(page, 'Ben Okafor', '4711');
  expect(ana).toMatch(/^DDCLERK-/);
  expect(ben).not.toBe(ana);
  // The PIN never reaches the page, not even as its hash.
  const seen = JSON.stringify(
    await page.evaluate(() => (window as unknown as { dockdesk: { invoke: (c: string, i: unknown) => Promise<unknown> } }).dockdesk.invoke('clerks.get', {})),
  );
  expect(seen).not.toContain('4711');
  expect(seen).not.toMatch(/salt|hash|scrypt/);
  await expect(clerkButton(page)).toHaveText('No clerk');

  // Ana's badge, scanned while focus is in the intake's tracking field: Ana has the turn, the field stays empty.
  await openIntake(page, host.url, false);
  await keyPause(page, 150);
  await scanCode(page, ana);
  await expect(clerkButton(page)).toHaveText('Clerk: Ana Ruiz');
  await expect(page.getByLabel('Tracking number')).toHaveValue('');
  await expect(page.getByLabel('Tracking number')).toBeFocused();
  const anas = await sendOneReturn(page, host, '1ZCLERKANA01');
  const { api } = await service(host.core.emulator.url);
  const [anasOrder, bensOrder] = await api.get<{ id: number }[]>('/2026-07/receiving?Statuses=Awaiting&Limit=2');
  await cancelOrder(page, host.origin, anasOrder!.id);

  // Ben's badge asks for his PIN, focus in its field; a wrong one is said, Escape leaves Ana's turn as it was.
  await keyPause(page, 150);
  await scanCode(page, ben);
  const pinDialog = page.getByRole('dialog', { name: 'PIN for Ben Okafor' });
  await expect(pinDialog.getByRole('textbox', { name: 'PIN' })).toBeFocused();
  await page.keyboard.type('1234');
  await page.keyboard.press('Enter');
  await expect(pinDialog.getByRole('alert')).toContainText('That PIN is not this clerk');
  await expect(pinDialog.getByRole('textbox', { name: 'PIN' })).toBeFocused();
  await expect(pinDialog.getByRole('textbox', { name: 'PIN' })).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(pinDialog).toBeHidden();
  await expect(clerkButton(page)).toHaveText('Clerk: Ana Ruiz');

  await keyPause(page, 150);
  await scanCode(page, ben);
  await expect(pinDialog.getByRole('textbox', { name: 'PIN' })).toBeFocused();
  await page.keyboard.type('4711');
  await page.keyboard.press('Enter');
  await expect(pinDialog).toBeHidden();
  await expect(clerkButton(page)).toHaveText('Clerk: Ben Okafor');
  await cancelOrder(page, host.origin, bensOrder!.id);
  await openIntake(page, host.url, false);
  const bens = await sendOneReturn(page, host, '1ZCLERKBEN01');

  // The journal, read through the app: each record's entry names the clerk who did it.
  const clerkOf = async (id: number, kind: 'return' | 'receiving' = 'return') => {
    const read = await host.core.dispatch('journal.forRecord', { kind, id: String(id) });
    if (!read.ok) throw new Error('the journal could not be read');
    const { entries } = read.value as { entries: JournalEntry[] };
    return entries.map((e) => [e.what.kind, e.clerk?.name ?? null]);
  };
  expect(await clerkOf(anas.id)).toEqual([['return.created', 'Ana Ruiz']]);
  expect(await clerkOf(bens.id)).toEqual([['return.created', 'Ben Okafor']]);
  expect(await clerkOf(anasOrder!.id, 'receiving')).toEqual([['receiving.cancelled', 'Ana Ruiz']]);
  expect(await clerkOf(bensOrder!.id, 'receiving')).toEqual([['receiving.cancelled', 'Ben Okafor']]);

  // And on each return's page, under Done at this desk.
  for (const [made, name] of [
    [anas, 'Ana Ruiz'],
    [bens, 'Ben Okafor'],
  ] as const) {
    await page.goto(`${host.origin}/#/returns/${made.id}`);
    // The return's write; the scans that made it read beside it.
    const entries = page.getByRole('region', { name: 'Done at this desk' }).getByRole('listitem').filter({ hasNotText: 'Scanned ' });
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(`Created with 1 unit on 1 line by ${name}`);
  }

  // The end of the shift counts each clerk's part as the service holds it: one return each with its
  // units, one receiving order cancelled each.
  await page.goto(`${host.origin}/#/shift`);
  await expectViewFocus(page, 'End of shift');
  for (const [made, name] of [
    [anas, 'Ana Ruiz'],
    [bens, 'Ben Okafor'],
  ] as const) {
    const part = page.getByRole('table', { name: `Clerk: ${name}` });
    const units = made.inventory.reduce((n, l) => n + l.quantity, 0);
    const count = (what: RegExp) => part.getByRole('row', { name: what }).getByRole('cell');
    await expect(count(/^Returns received/)).toHaveText('1');
    await expect(count(/^Units returned \d/)).toHaveText(String(units));
    await expect(count(/^Receiving orders cancelled/)).toHaveText('1');
  }
  await expect(
    page
      .getByRole('table', { name: 'All clerks together' })
      .getByRole('row', { name: /^Returns received/ })
      .getByRole('cell'),
  ).toHaveText('2');

  // Picking a name in the palette takes the turn too (Ana has no PIN: at once).
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Ana Ruiz', { delay: 20 });
  await expect(page.getByRole('menuitem', { name: /Ana Ruiz takes the turn/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(clerkButton(page)).toHaveText('Clerk: Ana Ruiz');

  // Picking from the status bar: "No clerk" hands the desk back.
  await clerkButton(page).click();
  await page.getByRole('dialog', { name: 'Who takes the turn?' }).getByRole('button', { name: 'No clerk: hand the desk back' }).click();
  await expect(clerkButton(page)).toHaveText('No clerk');
});
