import { createRootRoute } from '@tanstack/react-router';
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { WroCandidate } from '../../areas/unidentified/common/ipc';
import type { UnidentifiedReceivingOrder } from '../../shared/schemas/uro';
import { LinkDialog } from '../../areas/unidentified/ui/LinkDialog';
import { fakeBridge, removeBridgeAfterEach, renderRoutes } from './support/fake-bridge';

/**
 * The link dialog's own behaviour, without the app: suggestions and a search over a small in-page
 * bridge. Linking for real (and what the service answers) is unidentified.spec.ts's; here: what the
 * clerk sees, what a choice allows, and where focus goes between the two steps.
 */
const RECEIPT: UnidentifiedReceivingOrder = {
  id: 41,
  barcode: 'URO-41',
  tracking_barcode: '1Z999AA10123456784',
  reason: 'No WRO on the label',
  comment: null,
  created_date: '2026-11-20T10:00:00Z',
  linked_wro_id: null,
  linked_wro_date: null,
  attachments: [],
};
const candidate = (id: number, status: WroCandidate['status'], refusal: WroCandidate['refusal']): WroCandidate => ({
  id,
  status,
  purchaseOrderNumber: `PO-${id}`,
  fulfillmentCenter: { id: 3, name: 'Wilkes-Barre (PA)', timezone: 'America/New_York' },
  expectedArrival: '2026-11-25T09:00:00Z',
  matchedTracking: [],
  reasons: ['same-center'],
  refusal,
});
const OPEN = candidate(5012, 'Awaiting', null);
const CLOSED = candidate(4990, 'Completed', { id: 'errors.unidentified.closedOrder', values: { id: 4990 } });

const bridge = () =>
  fakeBridge({
    'unidentified.candidates': (input) => ({
      candidates: input.query === undefined ? [OPEN, CLOSED] : input.query === 'PO-5012' ? [OPEN] : [],
      trackingChecked: { orders: 2, openOrders: 2 },
    }),
  });

removeBridgeAfterEach();

async function openDialog() {
  const root = createRootRoute({ component: () => <LinkDialog receipt={RECEIPT} onClose={() => {}} /> });
  await renderRoutes(bridge(), root);
  const dialog = page.getByRole('dialog', { name: 'Link receipt URO-41' });
  await expect.element(dialog).toBeVisible();
  return dialog;
}

const field = () => page.getByRole('searchbox', { name: 'Receiving order: id, PO or tracking number' });

test('the dialog opens on its search field with suggestions; a closed order is refused in words and cannot be linked', async () => {
  const dialog = await openDialog();
  await expect.element(field()).toHaveFocus();
  await expect.element(dialog.getByText('2 suggested receiving orders')).toBeVisible();
  // The expected arrival belongs to the center: its clock (09:00 UTC is 4 AM there) and its zone's short name.
  await expect.element(page.getByRole('option', { name: /^WRO 5012/ })).toHaveTextContent(/expected .*\b0?4[:.]00\b.* EST/);
  await userEvent.click(page.getByRole('option', { name: /^WRO 4990/ }));
  await expect
    .element(page.getByRole('alert'))
    .toHaveTextContent(
      'Cannot link to receiving order 4990: Receiving order 4990 is closed: a closed order cannot take more stock. Choose an open receiving order.',
    );
  await expect.element(dialog.getByRole('button', { name: 'Link to receiving order 4990…' })).toBeDisabled();
});

test('an open order leads to a confirmation with focus on Back, the safe choice; Back returns to the same search and choice', async () => {
  const dialog = await openDialog();
  await userEvent.keyboard('PO-5012');
  await expect.element(dialog.getByText('1 matching receiving order', { exact: true })).toBeVisible();
  await userEvent.click(page.getByRole('option', { name: /^WRO 5012/ }));
  await userEvent.click(dialog.getByRole('button', { name: 'Link to receiving order 5012…' }));
  await expect.element(dialog.getByText(/Link receipt URO-41 \(tracking 1Z999AA10123456784\) to receiving order 5012 \(Awaiting, PO PO-5012\)/)).toBeVisible();
  await expect.element(dialog.getByRole('button', { name: 'Back' })).toHaveFocus();
  await userEvent.click(dialog.getByRole('button', { name: 'Back' }));
  await expect.element(field()).toHaveValue('PO-5012');
  await expect.element(field()).toHaveFocus();
  await expect.element(dialog.getByRole('button', { name: 'Link to receiving order 5012…' })).toBeEnabled();
});

test('typing a new search drops the choice made on the last one', async () => {
  const dialog = await openDialog();
  await userEvent.click(page.getByRole('option', { name: /^WRO 5012/ }));
  await expect.element(dialog.getByRole('button', { name: 'Link to receiving order 5012…' })).toBeEnabled();
  await userEvent.click(field());
  await userEvent.keyboard('X');
  await expect.element(dialog.getByRole('button', { name: 'Choose a receiving order' })).toBeDisabled();
});
