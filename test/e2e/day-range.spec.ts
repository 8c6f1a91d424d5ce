import type { Page } from '@playwright/test';
import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';
import { typeDay } from './days.js';

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
