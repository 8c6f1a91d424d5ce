import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { SharedStoreView } from '../../areas/desks/common/ipc';
import { SharedStorePanel } from '../../areas/desks/ui/SharedStorePanel';
import { SharedStoreSlot } from '../../areas/desks/ui/SharedStoreSlot';
import type { DockdeskBridge } from '../../shared/ipc/contract';
import { removeBridgeAfterEach } from './support/fake-bridge';

/**
 * Settings → Share with other desks and its status bar line, over a small in-page bridge standing in
 * for main's link to the store: one password is right, any other is refused as main refuses it. What
 * a real server does is the e2e test's (desks-store.spec.ts); here: what the clerk sees, and where focus goes.
 */
const ALONE: SharedStoreView = { connection: null, deskName: 'Bench 1', state: 'off', said: null, sharing: true };

function storeBridge(start: SharedStoreView = ALONE) {
  let view = start;
  const saves: Record<string, unknown>[] = [];
  const listeners = new Set<(payload: unknown) => void>();
  const bridge: DockdeskBridge = {
    invoke: (channel, input) => {
      if (channel === 'desks.store.get') return Promise.resolve({ ok: true, value: view as never });
      if (channel !== 'desks.store.save')
        return Promise.resolve({ ok: false, error: { code: 'internal', message: `no fake for ${channel}`, retryable: false } });
      const change = input as { connection: SharedStoreView['connection']; password?: string; deskName?: string };
      saves.push(change);
      if (change.connection && change.password !== 'right') {
        const said = { id: 'errors.desks.authFailed' };
        return Promise.resolve({ ok: false, error: { code: 'invalid_input', message: 'refused', said, retryable: false } });
      }
      view = {
        connection: change.connection,
        deskName: change.deskName ?? view.deskName,
        state: change.connection ? 'connected' : 'off',
        said: null,
        sharing: view.sharing,
      };
      return Promise.resolve({ ok: true, value: view as never });
    },
    on: (event, listener) => {
      if (event !== 'desks.store.changed') return () => {};
      const l = listener as (payload: unknown) => void;
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  /** main's `desks.store.changed`: the store stopped answering, or answers again. */
  const emit = (next: SharedStoreView) => {
    view = next;
    for (const l of listeners) l(next);
  };
  return { bridge, saves, emit };
}

removeBridgeAfterEach();

async function showPanel(bridge: DockdeskBridge) {
  window.dockdesk = bridge;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await render(
    <QueryClientProvider client={client}>
      <main>
        <SharedStorePanel />
      </main>
      <footer data-testid="bar">
        <SharedStoreSlot />
      </footer>
    </QueryClientProvider>,
  );
  await expect.element(page.getByRole('heading', { level: 2, name: 'Share with other desks' })).toBeVisible();
}

const state = () => page.getByTestId('desks-store-state');

test('a desk alone says so, and its status bar says nothing; a refused password is said and nothing typed is lost', async () => {
  const { bridge, saves } = storeBridge();
  await showPanel(bridge);
  await expect.element(state()).toHaveTextContent('Not shared: this desk works alone.');
  await expect.element(page.getByTestId('bar')).toHaveTextContent('');
  await expect.element(page.getByLabelText('Port')).toHaveValue('5432');
  await expect.element(page.getByLabelText("This desk's name")).toHaveValue('Bench 1');

  await page.getByLabelText('Server').fill('db.warehouse.local');
  await page.getByLabelText('Database').fill('dockdesk');
  await page.getByLabelText('Role').fill('dockdesk');
  await page.getByLabelText('Password').fill('wrong');
  await page.getByRole('button', { name: 'Connect and share' }).click();
  await expect.element(page.getByRole('alert')).toHaveTextContent('The shared store refused the role or the password: check both in Settings.');
  expect(saves).toEqual([
    { connection: { host: 'db.warehouse.local', port: 5432, database: 'dockdesk', role: 'dockdesk' }, deskName: 'Bench 1', password: 'wrong' },
  ]);
  await expect.element(page.getByLabelText('Server')).toHaveValue('db.warehouse.local');
  await expect.element(page.getByLabelText('Password')).toHaveValue('wrong');
  await expect.element(state()).toHaveTextContent('Not shared: this desk works alone.');
});

test('a field left wrong is said beside it, with focus on it, and nothing is sent', async () => {
  const { bridge, saves } = storeBridge();
  await showPanel(bridge);
  await page.getByLabelText('Server').fill('postgres://db:5432');
  await page.getByLabelText('Port').fill('70000');
  await page.getByRole('button', { name: 'Connect and share' }).click();
  await expect.element(page.getByLabelText('Server')).toHaveFocus();
  await expect.element(page.getByLabelText('Server')).toHaveAccessibleDescription("Type the server's name or address, without http:// or a port.");
  await expect.element(page.getByText('The port is a whole number from 1 to 65535.')).toBeVisible();
  await expect.element(page.getByText("Type the database's name (at most 63 characters).")).toBeVisible();
  expect(saves).toEqual([]);
});

test('connected: the panel and the status bar say so, the password is kept out of sight; a store that stops answering shows as a warning', async () => {
  const { bridge, emit } = storeBridge();
  await showPanel(bridge);
  await page.getByLabelText('Server').fill('127.0.0.1');
  await page.getByLabelText('Database').fill('dockdesk');
  await page.getByLabelText('Role').fill('dockdesk');
  await page.getByLabelText('Password').fill('right');
  await page.getByRole('button', { name: 'Connect and share' }).click();
  await expect.element(state()).toHaveTextContent('Shared with other desks.');
  await expect.element(page.getByTestId('bar')).toHaveTextContent('Shared store: connected');
  await expect.element(page.getByLabelText('Password')).toHaveValue('');
  await expect.element(page.getByLabelText('Password')).toHaveAccessibleDescription('Kept in the keychain. Type it only to change it.');

  const connection = { host: '127.0.0.1', port: 5432, database: 'dockdesk', role: 'dockdesk' };
  emit({ connection, deskName: 'Bench 1', state: 'unreachable', said: [{ id: 'errors.desks.unreachable' }], sharing: true });
  await expect.element(state()).toHaveTextContent('Working alone: the shared store does not answer.');
  const line = page.getByTestId('bar').getByText('Working alone: shared store away');
  await expect.element(line).toBeVisible();
  await expect.element(line).toHaveAttribute('title', 'The shared store does not answer: this desk works alone and catches up when it answers again.');
});

test('connected while on the built-in emulator: the panel does not claim to share, and says why nothing is', async () => {
  const connection = { host: '127.0.0.1', port: 5432, database: 'dockdesk', role: 'dockdesk' };
  const { bridge, emit } = storeBridge({ connection, deskName: 'Bench 1', state: 'connected', said: null, sharing: false });
  await showPanel(bridge);
  await expect
    .element(state())
    .toHaveTextContent('Connected to the shared store. Nothing is shared while this desk is on the built-in emulator or nobody is signed in.');
  // Signed in to the warehouse's service: the same connection now shares.
  emit({ connection, deskName: 'Bench 1', state: 'connected', said: null, sharing: true });
  await expect.element(state()).toHaveTextContent('Shared with other desks.');
});

test('"Stop sharing" asks first with "Keep sharing" focused; confirmed, the desk works alone and focus goes to the first field to fill', async () => {
  const connection = { host: '127.0.0.1', port: 5432, database: 'dockdesk', role: 'dockdesk' };
  const { bridge, saves } = storeBridge({ connection, deskName: 'Bench 1', state: 'connected', said: null, sharing: true });
  await showPanel(bridge);
  await expect.element(page.getByLabelText('Server')).toHaveValue('127.0.0.1');
  await page.getByRole('button', { name: 'Stop sharing', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Stop sharing with other desks?' });
  await expect.element(dialog).toBeVisible();
  await expect.element(dialog.getByRole('button', { name: 'Keep sharing' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await expect.element(dialog).not.toBeInTheDocument();
  expect(saves).toEqual([]);

  await page.getByRole('button', { name: 'Stop sharing', exact: true }).click();
  await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
  await expect.element(dialog.getByRole('button', { name: 'Stop sharing', exact: true })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await expect.element(state()).toHaveTextContent('Not shared: this desk works alone.');
  expect(saves).toEqual([{ connection: null }]);
  await expect.element(page.getByRole('button', { name: 'Stop sharing', exact: true })).not.toBeInTheDocument();
  await expect.element(page.getByLabelText('Server')).toHaveFocus();
  await expect.element(page.getByTestId('bar')).toHaveTextContent('');
});
