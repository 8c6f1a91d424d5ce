import { axeCheck, expect, signInThroughPopup, test } from '../fixtures.js';
import { SCREENSHOT_SIZES, shotWindow } from './matrix.js';
import { openAddress } from '../inventory-support.js';

const sizes = SCREENSHOT_SIZES;

for (const size of sizes) {
  for (const scheme of ['light', 'dark'] as const) {
    // Settings → Printers with a printer that works and one that cannot be reached, and the print queue
    // with a job printed and one kept; the status bar stays one line with the queue in it.
    test(`printers and the print queue at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      const tag = await shotWindow(page, size, scheme);
      await page.goto(host.url);
      await signInThroughPopup(page);

      const emulated = await host.core.dispatch('printing.emulatedPrinter', {});
      const printer = emulated.ok ? (emulated.value as { host: string; port: number }) : null;
      expect(printer).not.toBeNull();
      await host.core.dispatch('printing.profiles.save', { kind: 'network-label', name: 'Emulator label printer', host: printer!.host, port: printer!.port });
      // Nothing listens on port 9 of loopback: the connection is refused at once.
      await host.core.dispatch('printing.profiles.save', {
        kind: 'network-label',
        name: 'Bench 2 Zebra',
        host: '127.0.0.1',
        port: 9,
        dpi: 300,
        size: '4x3',
        darkness: 4,
      });

      await openAddress(page, '#/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      const panel = page.getByTestId('settings-printers');
      await panel.getByRole('button', { name: 'Test print on Emulator label printer' }).click();
      await expect(panel.getByRole('status')).toContainText('Test label printed');
      await panel.getByRole('button', { name: 'Test print on Bench 2 Zebra' }).click();
      await expect(panel.getByRole('alert')).toContainText('refused the connection');
      await panel.getByRole('heading', { name: 'Printers' }).scrollIntoViewIfNeeded();
      await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.mouse.move(0, 0);
      await axeCheck(page, `${tag}-30-settings-printers`);

      // The status bar: one line, the queue's item in it.
      const bar = page.getByRole('contentinfo', { name: 'Status' });
      await expect(page.getByTestId('status-printing')).toHaveText('Print queue · 1 kept');
      const oneLine = await bar.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const inside = [...el.querySelectorAll(':scope > *, .slot > *')].every((c) => {
          const r = c.getBoundingClientRect();
          return r.height === 0 || (r.top >= box.top - 1 && r.bottom <= box.bottom + 1);
        });
        return inside && el.scrollHeight <= el.clientHeight + 1;
      });
      expect(oneLine, 'the status bar keeps to one line').toBe(true);

      await page.getByTestId('status-printing').getByRole('button').click();
      await expect(page.getByRole('dialog', { name: 'Print queue' }).getByTestId('print-job')).toHaveCount(2);
      await axeCheck(page, `${tag}-31-print-queue`);
    });
  }
}

for (const size of sizes) {
  for (const scheme of ['light', 'dark'] as const) {
    // The printer form with the system kind, as the browser host shows it (the browser's own print
    // dialog said where the kind is chosen), its size "Other" in millimetres, beside a system printer saved.
    test(`the system printer form at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      const tag = await shotWindow(page, size, scheme);
      await page.goto(host.url);
      await signInThroughPopup(page);
      await host.core.dispatch('printing.profiles.save', { kind: 'system', name: 'Office laser', widthMm: 101.6, heightMm: 152.4 });

      await openAddress(page, '#/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      const panel = page.getByTestId('settings-printers');
      await panel.getByRole('button', { name: 'Add a system printer' }).click();
      const form = panel.getByRole('form', { name: 'Add a system printer' });
      await form.getByLabel('Name').fill('Bench 1 Dymo');
      await form.getByLabel('Label size').selectOption('other');
      await form.getByLabel('Width (mm)').fill('57');
      await form.getByLabel('Height (mm)').fill('32');
      await form.getByLabel('Name').focus();
      await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await form.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
      await page.mouse.move(0, 0);
      await axeCheck(page, `${tag}-32-settings-system-printer`);
    });
  }
}
