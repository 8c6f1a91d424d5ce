import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/**
 * An idle desk hands back to "No clerk": the page times the idle minutes (it alone hears keys, scans
 * and the pointer), so Playwright's clock runs the page's timers on instead of the test waiting minutes.
 * Input before the time is up starts the idle time again.
 */

const clerkButton = (page: Page) => page.getByTestId('status-clerk').getByRole('button');
/** Whose turn main holds, asked by the page on its own socket: after any hand-back the page sent before. */
const turnSeenByPage = (page: Page) =>
  page.evaluate(async () => {
    type Answer = { ok: boolean; value?: { current: { name: string } | null } };
    const bridge = (window as unknown as { dockdesk: { invoke: (c: string, i: unknown) => Promise<Answer> } }).dockdesk;
    const answer = await bridge.invoke('clerks.get', {});
    if (!answer.ok || !answer.value) throw new Error('clerks.get was refused');
    return answer.value.current?.name ?? null;
  });

test('a clerk’s turn ends after the set idle minutes without input, and input meanwhile starts them again', async ({ page, host }) => {
  await page.clock.install();
  const added = (await host.core.dispatch('clerks.add', { name: 'Ana Ruiz' })) as { ok: true; value: { clerks: { id: string; name: string }[] } };
  await host.core.dispatch('clerks.idle.set', { minutes: 2 });
  await page.goto(host.url);
  await expect(clerkButton(page)).toHaveText('No clerk');

  await host.core.dispatch('clerks.turn.take', { id: added.value.clerks[0]!.id });
  await expect(clerkButton(page)).toHaveText('Clerk: Ana Ruiz');

  // A minute and a half, then the pointer moves: the two minutes count from there.
  await page.clock.runFor(90_000);
  await page.mouse.move(200, 200);
  await page.mouse.move(240, 260);
  await page.clock.runFor(90_000);
  expect(await turnSeenByPage(page)).toBe('Ana Ruiz');
  await expect(clerkButton(page)).toHaveText('Clerk: Ana Ruiz');

  // Two minutes with nothing since: the desk is handed back, in the status bar and in main.
  await page.clock.runFor(31_000);
  await expect(clerkButton(page)).toHaveText('No clerk');
  const view = (await host.core.dispatch('clerks.get', {})) as { ok: true; value: { current: unknown } };
  expect(view.value.current).toBeNull();
});
