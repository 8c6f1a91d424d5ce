import type { Locator, Page } from '@playwright/test';
import { expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';
import { keyPause, scanCode } from './scanner.js';

/**
 * Where keys go, with real key events only: after each view shortcut the first key acts on the new
 * view's primary control; keys typed while a view opens reach it in order; `/` then letters keeps
 * every letter; scans typed right after a shortcut arrive whole.
 */

const rows = (page: Page) => page.locator('tbody tr[aria-rowindex]');
const focusedRow = (page: Page) => page.locator('tbody tr:focus');
const searchField = (page: Page) => page.getByRole('searchbox', { name: 'Item' });
const address = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));

test.describe('focus and keys', () => {
  test.beforeEach(async ({ page, host }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(host.url);
    await signInThroughPopup(page);
    await page.keyboard.press('Alt+1');
    await expect(rows(page).first()).toBeVisible();
  });

  test('each view shortcut puts focus on the primary control, says the title, and the very next key acts there', async ({ page }) => {
    // A list: its first row; ArrowDown sent with no pause after the shortcut moves at once.
    await page.keyboard.press('Alt+6');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('ArrowDown');
    await expect(focusedRow(page)).toHaveAttribute('aria-rowindex', '3');
    await expect(page.getByTestId('view-announcer')).toHaveText('Receiving');

    // A search view: its field; letters typed at once after the shortcut, at a person's pace, are
    // all in it. (At a machine's pace they would be a scan's start, held for the rest of it.)
    await page.keyboard.press('Alt+3');
    await page.keyboard.type('mug', { delay: 60 });
    await expect(searchField(page)).toBeFocused();
    await expect(searchField(page)).toHaveValue('mug');
    await expect(page.getByTestId('view-announcer')).toHaveText('Inventory');

    // Every other view: focus is inside the view, never left on the heading or the sidebar.
    for (const [key, name] of [
      ['Alt+2', 'Unidentified receipts'],
      ['Alt+4', 'Lot exclusions'],
      ['Alt+5', 'Returns'],
      ['Alt+6', 'Settings'],
    ] as const) {
      await page.keyboard.press(key);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect
        .poll(() =>
          page.evaluate(() => {
            const a = document.activeElement;
            return a !== null && a !== document.body && a.tagName !== 'H1' && a.closest('#content') !== null;
          }),
        )
        .toBe(true);
    }
  });

  test('the shortcut of the view on screen puts focus back on its primary control, every time', async ({ page }) => {
    const main = page.getByRole('main');
    // What a clerk expects each shortcut to land on: Today's first tile, a list's current row, a
    // search view's field, Settings' Add an environment (its first section's own action).
    const views: [key: string, title: string, control: () => Locator][] = [
      ['Alt+0', 'Today', () => main.getByRole('link', { name: /^Expected today/ })],
      ['Alt+1', 'Receiving', () => main.locator('tbody tr[aria-rowindex="2"]')],
      ['Alt+2', 'Unidentified receipts', () => main.getByRole('searchbox', { name: 'Barcode or tracking' })],
      ['Alt+3', 'Inventory', () => main.getByRole('searchbox', { name: 'Item' })],
      ['Alt+4', 'Lot exclusions', () => main.getByRole('searchbox', { name: 'Item' })],
      ['Alt+5', 'Returns', () => main.locator('tbody tr[aria-rowindex="2"]')],
      ['Alt+6', 'Settings', () => main.getByRole('button', { name: 'Add an environment' })],
    ];
    for (const [key, title, control] of views) {
      await page.keyboard.press(key);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(control(), `${key} opens ${title} on its primary control`).toBeFocused();
      for (let i = 0; i < 2; i++) {
        // Focus away from the view (the sidebar, the page's heading), then the view's own shortcut.
        if (i === 0) await page.getByRole('link', { name: title === 'Settings' ? 'Receiving' : 'Settings' }).focus();
        else await page.locator('#content h1').focus();
        await page.keyboard.press(key);
        await expect(control(), `${key} again on ${title}, time ${i + 1}`).toBeFocused();
      }
    }
    // On a list the row is live for keys at once.
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('ArrowDown');
    await expect(focusedRow(page)).toHaveAttribute('aria-rowindex', '3');
    await page.getByRole('link', { name: 'Settings' }).focus();
    await page.keyboard.press('Alt+1');
    await expect(focusedRow(page), 'the row the clerk was on, not the first').toHaveAttribute('aria-rowindex', '3');
  });

  test('one highlight per list: the focused row, also under a resting pointer', async ({ page }) => {
    await page.keyboard.press('Alt+1');
    await rows(page).nth(4).hover();
    await page.keyboard.press('ArrowDown');
    await expect(focusedRow(page)).toHaveAttribute('aria-rowindex', '3');
    const highlighted = await rows(page).evaluateAll((trs) =>
      trs.filter((tr) => getComputedStyle(tr).backgroundColor !== 'rgba(0, 0, 0, 0)').map((tr) => tr.getAttribute('aria-rowindex')),
    );
    expect(highlighted).toEqual(['3']);
  });

  test('a confirmation opens on the safe choice; closed, focus is back on what opened it, or next to it when that is gone', async ({ page, host }) => {
    const wro = (await host.core.emulator.control.data('receivingOrders')).find((w) => w.status === 'Awaiting')!;
    await page.goto(`${host.origin}/#/receiving/${wro.id}`);
    const cancel = page.getByRole('button', { name: 'Cancel order…' });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Cancel receiving order ${wro.id}?` });
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();
    // Confirmed, the button is gone with the order's cancellation: focus lands in the view, not on the page.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel the order' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(cancel).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement?.closest('#content') !== null)).toBe(true);
  });

  test('the palette, the scan log and the sign-out question, closed, leave focus where it was before they opened', async ({ page }) => {
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    // From a list's row: the palette (Ctrl+K, Escape), then the scan log (Alt+L, Escape).
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('ArrowDown');
    await expect(focusedRow(page)).toHaveAttribute('aria-rowindex', '3');
    await page.keyboard.press('Control+k');
    await expect(palette.getByRole('textbox', { name: 'Search views, actions and records' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expect(page.locator('tbody tr[aria-rowindex="3"]'), 'the row after the palette').toBeFocused();
    await page.keyboard.press('Alt+l');
    const log = page.getByRole('dialog', { name: 'Scan log' });
    await expect(log).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();
    await expect(page.locator('tbody tr[aria-rowindex="3"]'), 'the row after the scan log').toBeFocused();

    // From a search field with text in it: the palette closed, the field has focus and its text.
    await page.keyboard.press('Alt+3');
    await expect(searchField(page)).toBeFocused();
    await scanCode(page, 'mug', { msPerKey: 150, terminator: null });
    await page.keyboard.press('Control+k');
    await expect(palette).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expect(searchField(page), 'the search field after the palette').toBeFocused();
    await expect(searchField(page)).toHaveValue('mug');

    // Sign out asks first; Stay signed in (Escape, or Enter on it) goes back to the sign-out button.
    await page.keyboard.press('Alt+6');
    // The view has settled (it moves focus to its primary control); then to the button.
    await expectViewFocus(page, 'Settings');
    const signOut = page.getByRole('button', { name: /^Sign out of / });
    await signOut.focus();
    const ask = page.getByRole('dialog', { name: /^Sign out/ });
    for (const close of ['Escape', 'Enter']) {
      await page.keyboard.press('Enter');
      await expect(ask.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
      await page.keyboard.press(close);
      await expect(ask).toHaveCount(0);
      await expect(signOut, `the sign-out button after ${close} on Stay signed in`).toBeFocused();
    }
    await expect(page.getByTestId('status-account')).not.toHaveText('');
  });

  test('the new receiving order’s discard question and import dialog, closed, leave focus on what opened them', async ({ page }) => {
    await openAddress(page, '/receiving/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();
    const po = page.getByLabel('PO number', { exact: true });
    await po.click();
    await scanCode(page, 'PO-FOCUS', { msPerKey: 150, terminator: null });

    // Alt+F from the PO field: the import dialog; Escape: back in the field, its text kept.
    await page.keyboard.press('Alt+f');
    const importing = page.getByRole('dialog', { name: 'Import from a spreadsheet' });
    await expect(importing).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(importing).toBeHidden();
    await expect(po, 'the PO field after Alt+F, Escape').toBeFocused();
    await expect(po).toHaveValue('PO-FOCUS');
    // The same dialog from its button: back on the button.
    const importButton = page.getByRole('button', { name: 'Import from file…' });
    await importButton.focus();
    await page.keyboard.press('Enter');
    await expect(importing).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(importing).toBeHidden();
    await expect(importButton, 'the import button after Escape').toBeFocused();

    // Discard draft asks first; kept (Escape or Enter on Keep the draft), focus is on Discard draft again.
    const discardButton = page.getByRole('button', { name: 'Discard draft' });
    await expect(discardButton).toBeVisible();
    const discard = page.getByRole('dialog', { name: 'Discard this draft?' });
    for (const close of ['Escape', 'Enter']) {
      await discardButton.focus();
      await page.keyboard.press('Enter');
      await expect(discard.getByRole('button', { name: 'Keep the draft' })).toBeFocused();
      await page.keyboard.press(close);
      await expect(discard).toHaveCount(0);
      await expect(discardButton, `Discard draft after ${close} on Keep the draft`).toBeFocused();
    }
    await expect(po).toHaveValue('PO-FOCUS');
  });

  test('back to a list puts focus on the row the user left', async ({ page }) => {
    await page.keyboard.press('Alt+6');
    await page.keyboard.press('Alt+1');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    await expect(focusedRow(page)).toHaveAttribute('aria-rowindex', '6');
    const id = (await focusedRow(page).locator('td').first().textContent())!.trim();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${id}` })).toBeVisible();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect(focusedRow(page)).toHaveAttribute('aria-rowindex', '6');
    await expect(focusedRow(page).locator('td').first()).toHaveText(id);
    // Enter opens it again: the row is live for keys at once.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${id}` })).toBeVisible();
  });

  for (const delay of [0, 5]) {
    test(`"/" then letters ${delay} ms apart keeps every letter and no slash`, async ({ page }) => {
      await page.keyboard.press('Alt+3');
      await expect(searchField(page)).toBeFocused();
      // Out of the field, onto the page: `/` is the way back in.
      await page.locator('#content h1').focus();
      await page.keyboard.type('/mug', { delay });
      await expect(searchField(page)).toBeFocused();
      await expect(searchField(page)).toHaveValue('mug');
      await expect.poll(() => address(page)).toBe('/inventory?q=mug');
      // Again from a row of the results, with the earlier text replaced.
      await page.locator('#content h1').focus();
      await page.keyboard.type('/box', { delay });
      await expect(searchField(page)).toHaveValue('box');
    });
  }

  test('a scan typed 0, 20 or 50 ms after a view shortcut, at 2 to 90 ms a key, with an AIM prefix and GS, arrives whole and opens its item; so with the palette open', async ({
    page,
    host,
  }) => {
    test.setTimeout(180_000);
    await waitForFirstSync(host);
    const item = (await host.core.emulator.control.data('inventory')).find((i) => i.is_active && !i.is_digital && !i.is_bundle && /^\d{13}$/.test(i.barcode))!;
    const gtin = item.barcode.padStart(14, '0');
    // A GS1 element string: GTIN (AI 01), lot (AI 10) ended by GS, expiry (AI 17). The lot differs
    // per case, so a lost or reordered key shows in the address.
    const GS = '\x1d';
    const cases = [2, 10, 40, 90].flatMap((ms) => [0, 20, 50].map((after) => ({ ms, after })));
    for (const [n, { ms, after }] of cases.entries()) {
      const lot = `L${ms}X${after}`;
      const aim = n % 2 === 0 ? ']C1' : ']d2';
      await page.keyboard.press(n % 2 === 0 ? 'Alt+1' : 'Alt+6');
      if (after > 0) await keyPause(page, after);
      await scanCode(page, `${aim}01${gtin}10${lot}${GS}17261231`, { msPerKey: ms });
      await expect
        .poll(() => address(page), { message: `${ms} ms a key, ${after} ms after the shortcut` })
        .toBe(`/inventory/items/${item.inventory_id}?lot=${lot}`);
    }
    // The palette open: the scan is not typed into its field; it opens the item.
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    await scanCode(page, `]C101${gtin}10LPAL${GS}17261231`, { msPerKey: 10 });
    await expect.poll(() => address(page)).toBe(`/inventory/items/${item.inventory_id}?lot=LPAL`);
  });

  test('letters typed at once after Ctrl+K, at a person’s pace, all land in the palette’s field, in order; on a desk PC four times slower too', async ({
    page,
  }) => {
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const field = palette.getByRole('textbox', { name: 'Search views, actions and records' });
    const cdp = await page.context().newCDPSession(page);
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      try {
        for (const ms of [25, 60, 120]) {
          // From a list's row, where letters are no field's; the words differ per case, so a lost or
          // reordered key shows in the field.
          await page.keyboard.press('Alt+1');
          await expect(focusedRow(page)).toHaveCount(1);
          await page.keyboard.press('Control+k');
          const words = `theme dark ${rate}x${ms}`;
          // Sent in one go with the keys' own timestamps, as the keyboard hands them to the page.
          await scanCode(page, words, { msPerKey: ms, terminator: null });
          await expect(field, `${ms} ms a key, at once after Ctrl+K, CPU ${rate}x slower`).toHaveValue(words);
          await expect(field).toBeFocused();
          await page.keyboard.press('Escape');
          await expect(palette).toBeHidden();
        }
      } finally {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      }
    }
  });

  test('on a desk PC four times slower, arrows after a list shortcut and scans after a view shortcut still arrive whole', async ({ page, host }) => {
    test.setTimeout(180_000);
    await waitForFirstSync(host);
    const item = (await host.core.emulator.control.data('inventory')).find((i) => i.is_active && !i.is_digital && !i.is_bundle && /^\d{13}$/.test(i.barcode))!;
    const gtin = item.barcode.padStart(14, '0');
    // Chromium runs the page's main thread four times slower: each view now takes several frames to
    // draw, so keys sent right after a shortcut reach the page while the new view is still mounting.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      await page.keyboard.press('Alt+6');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await page.keyboard.press('Alt+1');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(focusedRow(page)).toHaveAttribute('aria-rowindex', '4');

      const GS = '\x1d';
      for (const [n, ms] of [2, 10, 40].entries()) {
        const lot = `SLOW${ms}`;
        await page.keyboard.press(n % 2 === 0 ? 'Alt+6' : 'Alt+1');
        await scanCode(page, `]d201${gtin}10${lot}${GS}17261231`, { msPerKey: ms });
        await expect
          .poll(() => address(page), { message: `${ms} ms a key, at once after the shortcut` })
          .toBe(`/inventory/items/${item.inventory_id}?lot=${lot}`);
      }
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
  });
});
