import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { renderPdf } from '../support/pdf-render.js';
import { expect, expectViewFocus, test } from './fixtures.js';
import { openIntake, sendOneReturn, tabTo } from './returns-support.js';
import type { LabelPrinterJob } from '../../emulator/label-printer.js';
import { zplFieldTexts } from '../support/zpl-text.js';

/**
 * End of shift, keyboard only: opened from the palette, it counts the return the clerk just sent
 * (from this desk's journal), keeps the handover note typed into it through a reload, and saves the
 * report as a PDF that says the same counts and the note; the note then starts empty for the next shift.
 * Its short summary goes to the desk's label printer (the emulator's), the printer named by the button.
 */

async function openEndOfShift(page: Page) {
  await page.keyboard.press('Control+k');
  // Typed at a person's pace: this desk has just learned its scanner's, and a burst at that pace is a scan.
  await page.keyboard.type('end of shift', { delay: 90 });
  await expect(page.getByRole('menuitem', { name: /End of shift/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expectViewFocus(page, 'End of shift');
}

test('the shift’s return counted, the handover note kept through a reload, its summary on the label printer, and the report saved as a PDF that says both', async ({
  page,
  host,
}) => {
  const emulated = (await host.core.dispatch('printing.emulatedPrinter', {})) as { ok: true; value: { host: string; port: number } | null };
  if (!emulated.value) throw new Error('the local emulator runs no label printer');
  await host.core.dispatch('printing.profiles.save', { kind: 'network-label', name: 'Bench Zebra', host: emulated.value.host, port: emulated.value.port });
  await openIntake(page, host.url);
  await sendOneReturn(page, host, '1ZSHIFT0001');

  await openEndOfShift(page);
  const part = page.getByRole('table', { name: 'Clerk: No clerk' });
  await expect(part.getByRole('row', { name: /Returns received/ })).toContainText('1');
  await expect(part.getByRole('row', { name: /^Units returned\b/ }).first()).toContainText('1');
  await expect(page.getByText('Nothing waits in the outbox.')).toBeVisible();

  // The note is what the clerk writes here: focus is there, and what is typed is kept.
  const note = page.getByRole('textbox', { name: 'Handover note' });
  await expect(note).toBeFocused();
  await page.keyboard.type('Door 3 sticks. Pallet for Łódź waits.', { delay: 70 });
  await page.keyboard.press('Tab');
  await expect(page.getByText(/Note kept/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'End of shift' })).toBeVisible();
  await page.keyboard.press('Alt+0');
  await expectViewFocus(page, 'Today');
  await openEndOfShift(page);
  await expect(note).toHaveValue('Door 3 sticks. Pallet for Łódź waits.');

  // The summary on the label printer, keyboard only: the button says which printer.
  await expect(page.getByRole('button', { name: 'Print summary on label printer' })).toHaveAccessibleDescription('Prints on Bench Zebra (4x6 labels).');
  await tabTo(page, 'Print summary on label printer');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Summary printed on Bench Zebra.')).toBeVisible();
  const jobs = (await host.core.emulator.control.call<{ items: LabelPrinterJob[] }>('GET', '/label-printer/jobs')).items;
  expect(jobs).toHaveLength(1);
  expect(zplFieldTexts(jobs[0]!.zpl)).toEqual(
    expect.arrayContaining(['All clerks', 'Returns received: 1', 'Units returned: 1', 'Still in the outbox: 0', 'Door 3 sticks. Pallet for Łódź waits.']),
  );

  // Saved as a PDF, keyboard only.
  const download = page.waitForEvent('download');
  await tabTo(page, 'Save report as PDF');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^end-of-shift-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pages = await renderPdf(await readFile(await file.path()), 72);
  const text = pages.flatMap((p) => p.lines).join('\n');
  expect(text).toContain('End of shift');
  expect(text).toMatch(/Returns received\s+1\b/);
  expect(text).toContain('Door 3 sticks. Pallet for Łódź waits.');
  await expect(page.getByText(/Report saved/)).toBeVisible();
  await expect(note).toHaveValue('');
});
