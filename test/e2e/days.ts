import { expect, type Page } from '@playwright/test';

/**
 * Types a day ('YYYY-MM-DD') into a date field of the kit (React Aria date segments), with real key
 * events: the first segment gets focus, then each segment's digits in the order the locale shows
 * them (a full segment moves on by itself).
 */
export async function typeDay(page: Page, label: string, day: string): Promise<void> {
  const [year, month, dayOfMonth] = day.split('-');
  const group = page.getByRole('group', { name: label, exact: true });
  const segments = group.locator('[data-type="month"], [data-type="day"], [data-type="year"]');
  await expect(segments).toHaveCount(3);
  const order = await segments.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-type')));
  await segments.first().focus();
  for (const type of order) await page.keyboard.type(type === 'year' ? year! : type === 'month' ? month! : dayOfMonth!, { delay: 40 });
}
