import type { Page } from '@playwright/test';
import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';
import { dateField, typeDate } from './date-fields.js';
import { typeDay } from './days.js';
import { openAddress } from './inventory-support.js';

/**
 * The kit's day-range field, driven by the keyboard alone in the receiving list:
 * one side typed into its segments, the other picked in the calendar; the list then shows exactly
 * the orders the emulator created on that day, and the range is in the address.
 */

const DAY_MS = 86_400_000;

async function pressTimes(page: Page, key: string, times: number) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a created-day range set with the keyboard, through the calendar, filters the WRO list to that day (${scheme})`, async ({ page, host }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(host.url);
    await signInThroughPopup(page);
    await page.keyboard.press('Alt+1');
    const table = page.getByRole('table', { name: 'Warehouse receiving orders' });
    await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible();

    // A day on which the emulator created orders, a week or more back (the page is in UTC, as the host).
    const orders = await host.core.emulator.control.data('receivingOrders');
    const today = new Date().toISOString().slice(0, 10);
    const days = [...new Set(orders.map((o) => o.insert_date.slice(0, 10)))].filter((d) => d <= today).sort();
    const day = days.find((d) => Date.parse(today) - Date.parse(d) >= 7 * DAY_MS) ?? days[0]!;
    const expected = orders.filter((o) => o.insert_date.slice(0, 10) === day).map((o) => String(o.id));
    expect(expected.length).toBeGreaterThan(0);

    await page.getByText('More filters').focus();
    await page.keyboard.press('Enter');
    // "From": typed into the segments.
    await typeDay(page, 'Created from', day);
    // "To": the calendar, opened with Alt+ArrowDown on the field; focus starts on today.
    await page.getByRole('group', { name: 'Created to', exact: true }).locator('[data-type="month"]').focus();
    await page.keyboard.press('Alt+ArrowDown');
    const calendar = page.getByRole('dialog', { name: 'Calendar for Created to' });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByRole('grid')).toBeVisible();
    await axeCheck(page, `day-range-calendar-${scheme}`);
    await pressTimes(page, 'ArrowLeft', Math.round((Date.parse(today) - Date.parse(day)) / DAY_MS));
    await page.keyboard.press('Enter');
    await expect(calendar).toHaveCount(0);

    await expect.poll(() => new URL(page.url()).hash).toContain(`in=${day}`);
    expect(new URL(page.url()).hash).toContain(`inTo=${day}`);
    await expect
      .poll(async () => (await table.locator('tbody tr[aria-rowindex] td:first-child').allInnerTexts()).map((t) => t.trim()).sort())
      .toEqual([...expected].sort());

    // "To" before "from" is marked and said in words.
    await typeDay(page, 'Created to', new Date(Date.parse(day) - DAY_MS).toISOString().slice(0, 10));
    await expect(page.getByRole('alert').filter({ hasText: 'The end is before the start.' })).toBeVisible();
    await axeCheck(page, `day-range-reversed-${scheme}`);
  });
}

test('an expected-arrival range filters the WRO list by each center’s own day, typed at the keyboard', async ({ page, host }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  const table = page.getByRole('table', { name: 'Warehouse receiving orders' });
  await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible();

  // The day each order is due as the dock's clock reads it; the busiest such day whose rows all fit on screen.
  const orders = await host.core.emulator.control.data('receivingOrders');
  const dueDay = (o: (typeof orders)[number]) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: o.fulfillment_center.timezone ?? undefined }).format(new Date(o.expected_arrival_date));
  const perDay = new Map<string, string[]>();
  for (const o of orders) perDay.set(dueDay(o), [...(perDay.get(dueDay(o)) ?? []), String(o.id)]);
  const [day, expected] = [...perDay.entries()].filter(([, ids]) => ids.length <= 8).sort((a, b) => b[1].length - a[1].length)[0]!;

  await page.getByText('More filters').focus();
  await page.keyboard.press('Enter');
  await typeDay(page, 'Expected from', day);
  await typeDay(page, 'Expected to', day);
  await expect.poll(() => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '').get('due')).toBe(day);
  await expect
    .poll(async () => (await table.locator('tbody tr[aria-rowindex] td:first-child').allInnerTexts()).map((t) => t.trim()).sort())
    .toEqual([...expected].sort());
});

test('every day-range field is the kit date field: days typed at 150 ms a key read back exactly, and reach the address', async ({ page, host }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' }).locator('tbody tr[aria-rowindex]').first()).toBeVisible();

  // Each side of each range: typed segment by segment at a person's pace, then read back from the
  // field itself (data-value: what the form holds) and from the address the filter writes.
  const check = async (label: string, day: string, param: string) => {
    const field = dateField(page, label);
    await typeDate(page, field, day, 150);
    await expect(field).toHaveAttribute('data-value', day);
    await expect.poll(() => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '').get(param)).toBe(day);
  };

  await page.getByText('More filters').focus();
  await page.keyboard.press('Enter');
  await check('Created from', '2026-01-12', 'in');
  await check('Created to', '2026-02-28', 'inTo');
  await check('Completed from', '2025-12-31', 'done');
  await check('Completed to', '2026-01-09', 'doneTo');
  await check('Expected from', '2026-03-02', 'due');
  await check('Expected to', '2026-03-04', 'dueTo');

  await page.keyboard.press('Alt+5');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  // The view has settled: focus is on its own control. Keys typed before that belong to that control,
  // not to a field the test moved focus to meanwhile.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const a = document.activeElement;
        return a !== null && a !== document.body && a.tagName !== 'H1' && a.closest('#content') !== null;
      }),
    )
    .toBe(true);
  await check('Created from', '2026-03-01', 'from');
  await check('Created to', '2026-03-10', 'to');

  // History keeps its days in the form until "Show history": read back from the fields.
  await openAddress(page, '/inventory/history');
  for (const [label, day] of [
    ['From day', '2026-01-05'],
    ['To day', '2026-02-14'],
  ] as const) {
    const field = dateField(page, label);
    await typeDate(page, field, day, 150);
    await expect(field).toHaveAttribute('data-value', day);
  }
  await axeCheck(page, 'day-range-history-typed');
});
