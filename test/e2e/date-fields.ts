import type { Locator, Page } from '@playwright/test';

/**
 * The kit's date fields (renderer/src/ui/DateField.tsx) as a person uses them: keys into the
 * segments, the locale's order (en-US here: month, day, year, hour, minute, AM/PM). A full segment
 * moves on by itself. The form's value is read back from the field's `data-value`.
 */
export function dateField(scope: Page | Locator, name: string): Locator {
  // A `has` locator is relative to the field, so it is built from the page, not from the scope.
  const page = 'page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page);
  return scope.locator('.date-field').filter({ has: page.getByRole('group', { name, exact: true }) });
}

/** Types 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm' into the field from its first segment, `delay` ms a key. */
export async function typeDate(page: Page, field: Locator, value: string, delay = 150): Promise<void> {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value);
  if (!m) throw new Error(`not a date or date-time: ${value}`);
  const [, y, mo, d, h, mi] = m;
  await field.locator('[data-type="month"]').focus();
  await page.keyboard.type(`${mo}${d}${y}`, { delay });
  if (h !== undefined && mi !== undefined) {
    const hour = Number(h) % 12 || 12;
    await page.keyboard.type(`${String(hour).padStart(2, '0')}${mi}${Number(h) < 12 ? 'A' : 'P'}`, { delay });
  }
}

/** The wall-clock time of an instant in a zone, as the field holds it ('YYYY-MM-DDTHH:mm'). */
export function wallTimeIn(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
