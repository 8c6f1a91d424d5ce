import { expect, test } from '@playwright/test';
import { startLoopbackReceiver } from '../../electron/core/auth/loopback-receiver.js';

test('the loopback receiver relays a fragment-mode callback from a real browser, under its CSP', async ({ page }) => {
  const receiver = await startLoopbackReceiver({ expectedState: 'state-from-the-app', timeoutMs: 20_000 });
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  try {
    const loading = page.goto(`${receiver.redirectUri}#code=code-from-fragment&state=state-from-the-app&scope=openid`);
    await expect(receiver.result).resolves.toMatchObject({ code: 'code-from-fragment', scope: 'openid' });
    // The page waits for the app's code exchange and token checks before it says anything.
    receiver.reportOutcome(true);
    await loading;
    await expect(page.getByRole('heading', { name: 'Sign-in complete' })).toBeVisible();
    expect(violations).toEqual([]);
  } finally {
    receiver.cancel();
    await receiver.closed;
  }
});
