import type { Page } from '@playwright/test';
import { EmulatorClient } from '../support/emulator-client.js';
import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';
import { keyPause, scanCode } from './scanner.js';
import { wallTimeIn } from './date-fields.js';

type Inv = { inventory_id: number; sku: string; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean } };

/** A person typing: slower than the scanner threshold (keys closer than 100 ms ending in Tab or Enter are a scan). */
const HUMAN = { delay: 130 };

/** The moment between a person's last key and picking up the scanner: keys closer than that would join the scan. */
const scanPause = (page: Page) => keyPause(page, 250);

/** What has the keyboard focus: its role-ish tag and accessible name as a person would hear it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const labelled = el.getAttribute('aria-labelledby');
    const byIds = labelled
      ?.split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    // A date segment: its own name ("month,") and then the field's.
    if (el.getAttribute('role') === 'spinbutton') return `${el.getAttribute('aria-label') ?? ''} ${byIds ?? ''}`.trim();
    return (el.getAttribute('aria-label') ?? byIds ?? label ?? el.textContent ?? '').trim();
  });

/** Presses Tab (only Tab) until the focus is on the control named `name`; fails after `max` presses. */
async function tabTo(page: Page, name: string | RegExp, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    const now = await focused(page);
    if (typeof name === 'string' ? now === name : name.test(now)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${String(name)}" (last: "${await focused(page)}")`);
}

/** A date-time field, typed segment by segment as a person does (en-US: month, day, year, hour, minute, AM/PM). */
async function typeDateTime(page: Page, at: Date): Promise<void> {
  const p = (n: number) => String(n).padStart(2, '0');
  const h = at.getHours() % 12 || 12;
  // A full segment moves on by itself (the year after four digits): no arrow between date and time.
  await page.keyboard.type(`${p(at.getMonth() + 1)}${p(at.getDate())}${at.getFullYear()}`, HUMAN);
  await page.keyboard.type(`${p(h)}${p(at.getMinutes())}${at.getHours() < 12 ? 'A' : 'P'}`, HUMAN);
}

test('a receiving order created with the keyboard alone; the form passes axe empty, refused and filled', async ({ page, host }) => {
  test.setTimeout(90_000);
  const res = await fetch(`${host.core.emulator.url}/__emulator/pats`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"name":"kb"}',
  });
  const api = new EmulatorClient(host.core.emulator.url, ((await res.json()) as { token: string }).token);
  const { items } = await api.get<{ items: Inv[] }>('/2026-07/inventory?PageSize=500');
  const item = items.find((i) => !i.variant.is_bundle && !i.variant.is_digital && i.sku && !i.is_lot)!;
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' })).toBeVisible();

  await tabTo(page, 'New receiving order');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();
  await axeCheck(page, 'wro-create-empty');

  // Submitting an empty form: the keyboard lands on the first field to fix, which says why.
  await tabTo(page, 'Create receiving order');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Fulfillment center' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Fulfillment center' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('combobox', { name: 'Fulfillment center' })).toHaveAccessibleDescription(/Choose the fulfillment center/);
  // Focus alone does not open the center's list (which would hide the rest from assistive technology).
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Fulfillment center' })).toBeFocused();
  await axeCheck(page, 'wro-create-refused');

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // The first of its segments (month) carries the field's name after its own.
  await tabTo(page, /^month.*Expected arrival/);
  const arrival = new Date(Date.now() + 3 * 86400_000);
  arrival.setSeconds(0, 0);
  await typeDateTime(page, arrival);
  await tabTo(page, 'PO number');
  await page.keyboard.type('PO-KEYS-1', HUMAN);
  // The carrier label and the item are scanned (a keyboard-wedge scanner: keys 8 ms apart, then Enter).
  await tabTo(page, 'Box 1 tracking number');
  await scanPause(page);
  await scanCode(page, '1ZKEYS1', { msPerKey: 8 });
  await expect(page.getByLabel('Box 1 tracking number')).toHaveValue('1ZKEYS1');
  await tabTo(page, 'SKU, barcode or inventory id');
  await scanPause(page);
  await scanCode(page, item.sku, { msPerKey: 8 });
  await expect(page.getByRole('group', { name: 'Box 1 item 1' })).toContainText(item.sku);
  await tabTo(page, 'Quantity');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('7', HUMAN);
  await expect(page.getByTestId('draft-status')).toHaveAttribute('data-pending', 'false');
  await axeCheck(page, 'wro-create-filled');
  await tabTo(page, 'Create receiving order');
  await page.keyboard.press('Enter');

  const heading = page.getByRole('heading', { level: 1, name: /Receiving order \d+/ });
  await expect(heading).toBeVisible();
  const id = Number((await heading.textContent())!.replace(/\D+/g, ''));
  const made = await api.get<{
    id: number;
    expected_arrival_date: string;
    fulfillment_center: { timezone: string };
    inventory_quantities: { sku: string; expected_quantity: number }[];
  }>(`/2026-07/receiving/${id}`);
  // Entered as a time at the center: the service holds that wall-clock time in the center's zone.
  const p = (n: number) => String(n).padStart(2, '0');
  const typed = `${arrival.getFullYear()}-${p(arrival.getMonth() + 1)}-${p(arrival.getDate())}T${p(arrival.getHours())}:${p(arrival.getMinutes())}`;
  expect(wallTimeIn(made.expected_arrival_date, made.fulfillment_center.timezone)).toBe(typed);
  expect(made.inventory_quantities.map((q) => [q.sku, q.expected_quantity])).toEqual([[item.sku, 7]]);

  // Its labels print from a frame holding the PDF as a blob: URL: the policy the host sends admits
  // exactly that frame (print() itself is not run: headless Chromium cannot print a PDF frame).
  const csp = (await page.request.get(`${host.origin}/`)).headers()['content-security-policy'] ?? '';
  expect(csp.split(';').map((d) => d.trim())).toContain('frame-src blob:');
  await expect(page.getByRole('button', { name: 'Print labels' })).toBeEnabled();
});
