import { createRootRoute, createRoute, Outlet } from '@tanstack/react-router';
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { ResolvedItem } from '../../areas/receiving/common/ipc';
import { fakeBridge, removeBridgeAfterEach, renderRoutes } from './support/fake-bridge';
import { ReceivingCreate } from '../../areas/receiving/ui/create/ReceivingCreate';

/**
 * The create form's own behaviour, without the app: the form over a small in-page bridge that knows
 * two item codes and no stored draft. What the service answers and what reaches it is the e2e tests'
 * (receiving-create-*.spec.ts, forms-scan-rhythm.spec.ts); here: what the clerk sees and where focus goes.
 */
const MUG: ResolvedItem = { inventory_id: 7001, sku: 'MUG-1', name: 'Blue mug', is_lot: false, matched: 'barcode' };
const TEA: ResolvedItem = { inventory_id: 7002, sku: 'TEA-1', name: 'Green tea', is_lot: true, matched: 'sku' };
const AT = '2026-11-23T06:00:00Z';

const bridge = () =>
  fakeBridge({
    'drafts.list': () => ({ items: [] }),
    'drafts.save': (input) => ({ id: 'draft-0001', kind: 'wro-create', value: input.value, createdAt: AT, updatedAt: AT, revision: 1 }),
    'inventory.centers': () => ({ items: [] }),
    'receiving.resolveItem': (input) => ({ item: input.code === '0012345678905' ? MUG : input.code === 'TEA-1' ? TEA : null }),
  });

removeBridgeAfterEach();

async function openForm() {
  const root = createRootRoute({ component: Outlet });
  const create = createRoute({
    getParentRoute: () => root,
    path: '/receiving/new',
    validateSearch: (raw: Record<string, unknown>): { draft?: string } => (typeof raw.draft === 'string' ? { draft: raw.draft } : {}),
    component: ReceivingCreate,
  });
  await renderRoutes(bridge(), root.addChildren([create]), '/receiving/new');
  const scan = page.getByLabelText('Scan an item into box 1');
  await expect.element(scan).toBeVisible();
  await userEvent.click(scan);
  return scan;
}

const line = (b: number, i: number) => page.getByRole('group', { name: `Box ${b} item ${i}` });

test('a code typed into the box’s scan field and Enter fills a line; the same code again counts one more; focus stays for the next', async () => {
  const scan = await openForm();
  await userEvent.keyboard('0012345678905{Enter}');
  await expect.element(line(1, 1)).toHaveTextContent('Blue mug (MUG-1)');
  await expect.element(scan).toHaveValue('');
  await expect.element(scan).toHaveFocus();
  await userEvent.keyboard('0012345678905{Enter}');
  await expect.element(line(1, 1).getByLabelText('Quantity')).toHaveValue(2);
  await expect.element(line(1, 2)).not.toBeInTheDocument();
  // A lot item gets its own line, with its lot fields.
  await userEvent.keyboard('TEA-1{Enter}');
  await expect.element(line(1, 2)).toHaveTextContent('Green tea (TEA-1) · lot item');
  await expect.element(line(1, 2).getByLabelText('Lot number')).toBeVisible();
});

test('a code that names no item is told under the scan field, kept there to fix, and adds nothing', async () => {
  const scan = await openForm();
  await userEvent.keyboard('NOPE-9{Enter}');
  await expect.element(page.getByText('No item found for "NOPE-9".')).toBeVisible();
  await expect.element(scan).toHaveValue('NOPE-9');
  await expect.element(scan).toHaveAttribute('aria-invalid', 'true');
  await expect.element(line(1, 1).getByLabelText('SKU, barcode or inventory id')).toHaveValue('');
});

test('a quantity typed and Enter sends focus back to the box’s scan field', async () => {
  const scan = await openForm();
  await userEvent.keyboard('0012345678905{Enter}');
  await userEvent.click(line(1, 1).getByLabelText('Quantity'));
  await userEvent.keyboard('{Control>}a{/Control}12{Enter}');
  await expect.element(scan).toHaveFocus();
  await expect.element(line(1, 1).getByLabelText('Quantity')).toHaveValue(12);
});

test('“Add item” puts focus on the new line’s code; removing a line with an item asks first, then focus goes back to the scan field', async () => {
  const scan = await openForm();
  await userEvent.keyboard('0012345678905{Enter}');
  // The first change is saved after the typing pause: the note (and its Discard button) appear, moving the form.
  await expect.element(page.getByTestId('draft-status')).toHaveTextContent('Draft saved');
  await userEvent.click(page.getByRole('button', { name: 'Add item to box 1' }));
  await expect.element(line(1, 2).getByLabelText('SKU, barcode or inventory id')).toHaveFocus();
  // An empty line goes without a question.
  await userEvent.click(page.getByRole('button', { name: 'Remove box 1 item 2' }));
  await expect.element(line(1, 2)).not.toBeInTheDocument();
  await userEvent.click(page.getByRole('button', { name: 'Remove box 1 item 1' }));
  const dialog = page.getByRole('dialog', { name: 'Remove item 1 from box 1?' });
  await expect.element(dialog).toHaveTextContent('Blue mug (MUG-1), quantity 1.');
  await userEvent.click(dialog.getByRole('button', { name: 'Remove the item' }));
  await expect.element(dialog).not.toBeInTheDocument();
  await expect.element(line(1, 1)).not.toBeInTheDocument();
  await expect.element(scan).toHaveFocus();
});

test('Create on an incomplete form names what is missing and puts focus on the first field to fix', async () => {
  await openForm();
  await userEvent.click(page.getByRole('button', { name: 'Create receiving order' }));
  await expect.element(page.getByText('Choose the fulfillment center that receives this order.')).toBeVisible();
  await expect.element(page.getByText('Give the expected arrival date and time.')).toBeVisible();
  await expect.element(page.getByRole('combobox', { name: 'Fulfillment center' })).toHaveFocus();
});
