import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { EmulatorClient } from '../support/emulator-client.js';
import { dateField, typeDate } from './date-fields.js';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { startHostProcess } from './host-process.js';
import { emulatorControl, service } from './service.js';
import type { DockdeskBridge } from '../../shared/ipc/contract.js';
import { chooseFormCenter } from './receiving-form.js';

type Inv = { inventory_id: number; sku: string; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean } };

function localIn(hours: number): string {
  const d = new Date(Date.now() + hours * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

async function plainItem(api: EmulatorClient): Promise<Inv> {
  const { items } = await api.get<{ items: Inv[] }>('/2026-07/inventory?PageSize=500');
  return items.find((i) => !i.variant.is_bundle && !i.variant.is_digital && i.sku && !i.is_lot)!;
}

/** Fills a one-box form; the draft is on disk when the status says saved with nothing pending. */
async function fillForm(page: Page, po: string, sku: string) {
  await chooseFormCenter(page);
  await typeDate(page, dateField(page, 'Expected arrival'), localIn(48), 0);
  await page.getByLabel('PO number').fill(po);
  await page.getByLabel('Box 1 tracking number').fill(`1Z${po.replace(/\W/g, '')}`);
  const code = page.getByRole('group', { name: 'Box 1 item 1' }).getByLabel('SKU, barcode or inventory id');
  await code.fill(sku);
  await code.press('Enter');
  await expect(page.getByRole('group', { name: 'Box 1 item 1' })).toContainText(sku);
  await page.getByRole('group', { name: 'Box 1 item 1' }).getByLabel('Quantity').fill('6');
}

const draftSaved = async (page: Page) => {
  await expect(page.getByTestId('draft-status')).toHaveAttribute('data-pending', 'false');
  await expect(page.getByTestId('draft-status')).toContainText(/saved \d/);
};

/** The in-process emulator of the host the page talks to, found as the page would: the environment list. */
async function emulatorOf(page: Page): Promise<string> {
  const result = await page.evaluate(() => (window as unknown as { dockdesk: DockdeskBridge }).dockdesk.invoke('environments.list', {}));
  if (!result.ok) throw new Error(result.error.message);
  const local = result.value.items.find((e) => e.id === 'local');
  return new URL(local!.apiBaseUrl!).origin;
}

test('the create form survives the host being killed mid-form, and is reopened where it was', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-e2e-kill-'));
  let host = await startHostProcess(dataDir);
  try {
    await page.goto(host.url);
    await signInThroughPopup(page);
    const item = await plainItem((await service(await emulatorOf(page), 'e2e-drafts')).api);
    // A host of its own starts on the desk's start page (Today); the form is reached from Receiving.
    await page.goto(`${host.origin}/#/receiving`);
    await page.getByRole('link', { name: 'New receiving order' }).click();
    await expect(page.getByTestId('draft-status')).toContainText('Not saved yet');
    await fillForm(page, 'PO-KILL-1', item.sku);
    await draftSaved(page);
    await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(/^#\/receiving\/new\?draft=[A-Za-z0-9-]+$/);

    // A crash: no shutdown code runs. Then the app is started again on the same data folder.
    await host.kill();
    host = await startHostProcess(dataDir);
    await page.goto(host.url);
    // With no system keychain the sign-in lasted one run only; inside build/with-keyring.sh it survives.
    const signIn = page.getByRole('button', { name: 'Sign in' });
    const heading = page.getByRole('heading', { level: 1, name: 'New receiving order' });
    await expect(signIn.or(heading)).toBeVisible();
    if (await signIn.isVisible()) await signInThroughPopup(page);
    await expect(heading).toBeVisible();
    await expect(page.getByTestId('draft-status')).toContainText('Draft restored');
    await expect(page.getByLabel('PO number')).toHaveValue('PO-KILL-1');
    await expect(page.getByLabel('Box 1 tracking number')).toHaveValue('1ZPOKILL1');
    await expect(page.getByRole('group', { name: 'Box 1 item 1' }).getByLabel('Quantity')).toHaveValue('6');
    await expect(page.getByRole('group', { name: 'Box 1 item 1' })).toContainText(item.sku);

    // Created: the draft goes, and the next new order starts empty.
    await page.getByRole('button', { name: 'Create receiving order' }).click();
    // The order is sent, then its page opened, by a host process started a moment ago whose first
    // sync runs beside it: on a loaded CI machine that took longer than the 5 s default once.
    await expect(page.getByRole('heading', { level: 1, name: /Receiving order \d+/ })).toBeVisible({ timeout: 15_000 });
    const drafts = () => page.evaluate(() => (window as unknown as { dockdesk: DockdeskBridge }).dockdesk.invoke('drafts.list', { kind: 'wro-create' }));
    await expect
      .poll(async () => {
        const list = await drafts();
        return list.ok ? list.value.items.length : list.error.message;
      })
      .toBe(0);
    await page.goto(`${host.origin}/#/receiving/new`);
    await expect(page.getByTestId('draft-status')).toContainText('Not saved yet');
    await expect(page.getByLabel('PO number')).toHaveValue('');
  } finally {
    await host.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a create whose answer is lost after the service made the order leaves exactly one order, after a reload too', async ({ page, host }) => {
  const emulator = host.core.emulator.url;
  const { api } = await service(emulator, 'e2e-drafts');
  const item = await plainItem(api);
  const count = async () => (await api.get<{ id: number }[]>('/2026-07/receiving?PurchaseOrderNumbers=PO-LOST-1')).map((w) => w.id);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  await page.getByRole('link', { name: 'New receiving order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();
  await fillForm(page, 'PO-LOST-1', item.sku);
  await draftSaved(page);

  // Every answer from the service is lost on the way back; the service still acts on each request.
  await emulatorControl(emulator, 'PUT', '/faults', { dropResponseRate: 1, seed: 3 });
  try {
    await page.getByRole('button', { name: 'Create receiving order' }).click();
    await expect(page.locator('#wro-submit-error')).toContainText('could not yet check whether the order was made', { timeout: 60_000 });
  } finally {
    await emulatorControl(emulator, 'DELETE', '/faults');
  }
  const made = await count();
  expect(made).toHaveLength(1);

  // The page is reloaded (or the app restarted): the draft remembers that a submit went out.
  await page.reload();
  await expect(page.getByLabel('PO number')).toHaveValue('PO-LOST-1');
  await page.getByRole('button', { name: 'Create receiving order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${made[0]}` })).toBeVisible();
  await expect(page.getByText('nothing was created twice')).toBeVisible();
  expect(await count()).toEqual(made);
});
