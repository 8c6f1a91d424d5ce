import type { Page } from '@playwright/test';
import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';

/**
 * A system printer in the browser host, from the keyboard alone. The page cannot reach the system's
 * printers, which the form says where the kind is chosen; the profile is kept across a reload; and a
 * test print hands the label's PDF (the label's own size) to the browser's print dialog. Headless
 * Chromium crashes when asked to print a PDF, so the frame's print is stood in for here, at the one
 * place the page asks for it, and what it was asked to print is read back.
 */
async function standInForPrint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const asked: string[] = [];
    // The page's CSP keeps fetch from blob: URLs; the PDF is read from the Blob the URL was made of.
    const blobs = new Map<string, Blob>();
    Object.assign(window, { printed: asked, blobs });
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob) => {
      const url = createObjectURL(blob);
      blobs.set(url, blob);
      return url;
    };
    const own = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      configurable: true,
      get(this: HTMLIFrameElement) {
        if (!this.dataset.printJob) return own.get!.call(this) as Window | null;
        return { print: () => asked.push(this.src) };
      },
    });
  });
}

async function openPrinters(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Printers', { delay: 150 });
  await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('menuitem', { name: /^Printers…/ })).toHaveAttribute('data-focused', 'true');
  await page.keyboard.press('Enter');
}

test('a system printer added by keyboard in the browser host says the browser’s print dialog is used, survives a reload, and its test print goes to that dialog', async ({
  page,
  host,
}) => {
  await standInForPrint(page);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await openPrinters(page);
  await expect(page.getByRole('button', { name: 'Use the built-in emulator’s printer' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add a system printer' })).toBeFocused();
  await page.keyboard.press('Enter');

  const form = page.getByRole('form', { name: 'Add a system printer' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByRole('radio', { name: 'System printer' })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'System printer' })).toHaveAccessibleDescription(
    'In the browser, Dockdesk cannot reach this computer’s printers: each job opens the browser’s own print dialog, where you choose the printer and the paper. The desktop app prints to it directly, with no dialog.',
  );
  await expect(form).toContainText('Printer: chosen in the browser’s print dialog for each job.');
  await axeCheck(page, 'printing-system-form');

  await page.keyboard.type('Desk Dymo', { delay: 100 });
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Label size')).toBeFocused();
  await page.keyboard.press('End');
  await expect(form.getByLabel('Label size')).toHaveValue('other');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Width (mm)')).toBeFocused();
  await page.keyboard.type('57', { delay: 100 });
  await page.keyboard.press('Tab');
  await page.keyboard.type('3', { delay: 100 });
  await page.keyboard.press('Enter');
  // Too small: said beside the field, with focus there and nothing typed lost.
  await expect(form.getByLabel('Height (mm)')).toBeFocused();
  await expect(form.getByText("The label's height is at least 10 mm.")).toBeVisible();
  await expect(form.getByLabel('Width (mm)')).toHaveValue('57');
  await page.keyboard.type('2', { delay: 100 });
  await page.keyboard.press('Enter');

  const row = page.getByTestId('printer-Desk Dymo');
  await expect(row).toContainText('System printer: through the browser’s print dialog · 57 × 32 mm labels, no margins');
  await expect(row).toContainText('Prints item labels and box labels');
  await expect(row.getByRole('button', { name: 'Test print on Desk Dymo' })).toBeFocused();
  await expect(page.getByTestId('settings-printers')).toContainText('here in the browser, each of its jobs opens the browser’s own print dialog');

  // The test print: the label's PDF, its page 57 × 32 mm, handed to the browser's print dialog once.
  await page.keyboard.press('Enter');
  await expect(row.getByRole('status')).toHaveText(
    'Opened in the browser’s print dialog: choose the printer and paper of 57 × 32 mm there, margins none, then Print.',
  );
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed.length)).toBe(1);
  const mediaBox = await page.evaluate(async () => {
    const { printed, blobs } = window as unknown as { printed: string[]; blobs: Map<string, Blob> };
    const text = await blobs.get(printed[0]!)!.text();
    return /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(text)?.slice(1).map(Number);
  });
  expect(mediaBox![0]).toBeCloseTo((57 * 72) / 25.4, 2);
  expect(mediaBox![1]).toBeCloseTo((32 * 72) / 25.4, 2);
  await expect(page.getByTestId('status-printing')).toHaveText('Print queue · 1 to the print dialog');

  // Kept on this desk: after a reload the profile is there as it was saved.
  await page.reload();
  await expect(page.getByTestId('status-account')).toBeVisible();
  await openPrinters(page);
  await expect(page.getByTestId('printer-Desk Dymo')).toContainText('System printer: through the browser’s print dialog · 57 × 32 mm labels, no margins');
  const saved = await host.core.dispatch('printing.settings.get', {});
  expect(saved.ok && saved.value).toMatchObject({
    profiles: [{ kind: 'system', name: 'Desk Dymo', deviceName: null, widthMm: 57, heightMm: 32, timeoutSeconds: 30 }],
  });
});
