import { request as playwrightRequest } from '@playwright/test';
import { REFRESH_TOKEN_ACCOUNT } from '../../electron/core/auth/session.js';
import { LAUNCH_SECRET_HEADER } from '../../electron/host/browser-host.js';
import { cellUnder, expect, signInThroughPopup, test } from './fixtures.js';

test('signs in through the consent page in a popup, shows the seeded receiving orders, and stays signed in on reload', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.getByRole('heading', { name: 'Sign in to Local emulator' })).toBeVisible();
  // The launch secret leaves the address bar once read.
  expect(page.url()).not.toContain('launch=');

  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');

  // The newest seeded orders, as the emulator holds them, are the first rows.
  const seeded = [...(await host.core.emulator.control.data('receivingOrders'))].sort((a, b) => b.insert_date.localeCompare(a.insert_date) || b.id - a.id);
  const table = page.getByRole('table', { name: 'Warehouse receiving orders' });
  await expect(table).toHaveAttribute('aria-rowcount', String(seeded.length + 1)); // every order, plus the header row
  const first = seeded[0]!;
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow.getByRole('cell').nth(0)).toHaveText(String(first.id));
  await expect(firstRow.getByRole('cell').nth(2)).toHaveText(first.fulfillment_center.name);
  await expect(firstRow.getByRole('cell').nth(3)).toHaveText(first.purchase_order_number ?? '—');
  const expected = first.boxes.flatMap((b) => b.box_items).reduce((n, q) => n + q.quantity, 0);
  await expect(await cellUnder(table, firstRow, 'Expected')).toHaveText(expected.toLocaleString('en-US'));
  // One page of 100 holds them all (paging through pages: shell.spec.ts).
  await expect(page.getByText(`Page 1 of 1 · ${seeded.length} orders`)).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('status-account')).toHaveText('demo@dockdesk.test');
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' }).getByRole('row').nth(1).getByRole('cell').nth(0)).toHaveText(String(first.id));
  await expect(page.getByTestId('status-environment')).toHaveText('Local emulator');
  await expect(page.getByTestId('status-connectivity')).toHaveText('Online');
});

test('the access and refresh tokens never reach the renderer', async ({ page, host }) => {
  const ipcBodies: string[] = [];
  // Every answer and event main sends the page over its bridge socket.
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => ipcBodies.push(String(payload))));
  // Every event the host pushes, read from the same stream the page reads.
  const eventStream = fetch(`${host.origin}/events`, { headers: { [LAUNCH_SECRET_HEADER]: host.secret } });
  const streamed: string[] = [];
  void eventStream.then(async (res) => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      streamed.push(value);
    }
  });

  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' })).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByText('Dana Demo <demo@dockdesk.test>')).toBeVisible();

  const accessToken = await host.core.environments.active.session.getAccessToken();
  const refreshToken = await host.core.environments.active.secrets.get(REFRESH_TOKEN_ACCOUNT);
  expect(accessToken).toMatch(/^at_/);
  expect(refreshToken).toMatch(/^rt_/);

  const storage = await page.evaluate(() => ({
    dom: document.documentElement.outerHTML,
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
    cookies: document.cookie,
  }));
  const cookies = JSON.stringify(await page.context().cookies());
  expect(ipcBodies.length).toBeGreaterThan(3);
  expect(streamed.join('')).toContain('session.changed');
  for (const haystack of [storage.dom, storage.local, storage.session, storage.cookies, cookies, ...ipcBodies, streamed.join('')]) {
    expect(haystack).not.toContain(accessToken);
    expect(haystack).not.toContain(refreshToken!);
  }
});

test('the host refuses bridge requests without the launch secret, from another origin, or for another host', async ({ host }) => {
  const api = await playwrightRequest.newContext();
  const noSecret = await api.post(`${host.origin}/ipc/session.get`, { data: {}, headers: { origin: host.origin } });
  expect(noSecret.status()).toBe(401);
  expect(await noSecret.json()).toMatchObject({ ok: false, error: { code: 'unauthorized_sender' } });

  const wrongSecret = await api.post(`${host.origin}/ipc/auth.signIn`, { data: {}, headers: { origin: host.origin, [LAUNCH_SECRET_HEADER]: 'x'.repeat(43) } });
  expect(wrongSecret.status()).toBe(401);
  // Refused calls did nothing: no sign-in was started.
  expect(host.core.environments.active.session.getState().status).toBe('signed-out');
  expect(host.core.environments.active.session.pendingRedirectUri).toBeNull();

  const otherOrigin = await api.post(`${host.origin}/ipc/session.get`, {
    data: {},
    headers: { origin: 'http://evil.example', [LAUNCH_SECRET_HEADER]: host.secret },
  });
  expect(otherOrigin.status()).toBe(403);
  const noOrigin = await api.post(`${host.origin}/ipc/session.get`, { data: {}, headers: { [LAUNCH_SECRET_HEADER]: host.secret } });
  expect(noOrigin.status()).toBe(403);
  const rebinding = await api.post(`${host.origin}/ipc/session.get`, {
    data: {},
    headers: { host: 'attacker.example', origin: 'http://attacker.example', [LAUNCH_SECRET_HEADER]: host.secret },
  });
  expect(rebinding.status()).toBe(403);
  const events = await api.get(`${host.origin}/events`);
  expect(events.status()).toBe(401);

  const good = await api.post(`${host.origin}/ipc/session.get`, { data: {}, headers: { origin: host.origin, [LAUNCH_SECRET_HEADER]: host.secret } });
  expect(good.status()).toBe(200);
  expect(await good.json()).toMatchObject({ ok: true, value: { status: 'signed-out' } });
  await api.dispose();
});

test('a page opened without the launch key says what to do', async ({ page, host }) => {
  await page.goto(host.origin);
  await expect(page.getByRole('heading', { name: 'Dockdesk cannot reach its core' })).toBeVisible();
  await expect(page.getByText('Open the address that npm start printed')).toBeVisible();
});

test('the renderer is served with a strict Content-Security-Policy', async ({ page, host }) => {
  const response = await page.goto(host.url);
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toMatch(/script-src 'strict-dynamic' 'sha384-[A-Za-z0-9+/=]+'/);
  // The entry script carries the integrity the policy names.
  const integrity = await page.locator('script[type=module]').getAttribute('integrity');
  expect(csp).toContain(`'${integrity}'`);
  expect(csp).toContain("object-src 'none'");
  // The bridge socket is admitted by 'self' (own host and port), not by a ws: source.
  expect(csp).toContain("connect-src 'self';");
  expect(csp).not.toMatch(/wss?:/);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
});

test('the sign-in popup has no window.opener into Dockdesk, and the app pages send Cross-Origin-Opener-Policy (point 12)', async ({ page, host }) => {
  const response = await page.goto(host.url);
  expect(response!.headers()['cross-origin-opener-policy']).toBe('same-origin');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/connect\/authorize/);
  // The sign-in page cannot navigate or script the Dockdesk tab.
  expect(await popup.evaluate(() => window.opener === null)).toBe(true);
  await popup.close();
  await page.getByRole('button', { name: 'Cancel' }).click();
  // Sign-in itself still works through the popup.
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' })).toBeVisible();
});
