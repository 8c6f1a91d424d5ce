import { createRootRoute } from '@tanstack/react-router';
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { CachedItem } from '../../shared/schemas/inventory-cache';
import { ReturnIntake } from '../../areas/returns/ui/intake/ReturnIntake';
import { fakeBridge, removeBridgeAfterEach, renderRoutes } from './support/fake-bridge';

/**
 * Return intake's own behaviour, without the app: the intake over a small in-page bridge that knows
 * one draft and one item. What the service and the cache really answer (and what reaches the
 * service) is the e2e tests' (returns-intake.spec.ts); here: what the clerk sees and where focus goes.
 */
const TEA: CachedItem = {
  inventoryId: 7001,
  sku: 'ORG-TEA-1',
  name: 'Green tea',
  flags: { lot: false, digital: false, bundle: false, case: false, active: true, hazmat: false },
  dimensions: null,
  weight: null,
  codes: {
    inventoryBarcode: null,
    variantId: null,
    gtin: '0012345678905',
    upc: null,
    barcodes: [],
    returnPreference: { primaryAction: 'Dispose', backupAction: 'Quarantine', instructions: null },
  },
  levels: [],
  lots: [],
};
const FRESHNESS = {
  syncedAt: '2026-11-23T06:00:00Z',
  parts: { items: '2026-11-23T06:00:00Z', levels: '2026-11-23T06:00:00Z', lots: '2026-11-23T06:00:00Z', codes: '2026-11-23T06:00:00Z' },
  connectivity: 'online',
  stale: false,
  syncing: false,
};

/** One draft (its revision counts the saves) and one item, answered from the cache. */
function intakeBridge() {
  let revision = 1;
  return fakeBridge({
    'drafts.get': () => ({
      id: 'd1',
      kind: 'return-intake',
      value: { referenceId: 'RMA-1', trackingNumber: 'TRK-1' },
      createdAt: FRESHNESS.syncedAt,
      updatedAt: FRESHNESS.syncedAt,
      revision,
    }),
    'drafts.save': (input) => {
      revision += 1;
      return { id: 'd1', kind: 'return-intake', value: input.value, createdAt: FRESHNESS.syncedAt, updatedAt: FRESHNESS.syncedAt, revision };
    },
    'inventory.lookup': (input) => ({
      code: input.code,
      lookedUp: input.code,
      scan: null,
      matches: input.code === TEA.codes.gtin ? [{ item: TEA, matchedBy: ['gtin'] }] : [],
      source: 'cache',
      online: null,
      freshness: FRESHNESS,
    }),
    'inventory.syncStatus': () => ({ state: 'idle', revision: 1, freshness: FRESHNESS, progress: {}, lastError: null, lastCompletedAt: FRESHNESS.syncedAt }),
    'inventory.centers': () => ({ items: [{ id: 3, name: 'Wilkes-Barre (PA)', timeZone: 'America/New_York' }] }),
  });
}

removeBridgeAfterEach();

async function openIntake() {
  const root = createRootRoute({ component: () => <ReturnIntake draftId="d1" /> });
  await renderRoutes(intakeBridge(), root);
  await expect.element(page.getByRole('heading', { level: 1, name: 'Return intake' })).toBeVisible();
  // The tracking number is there, so the item scan field has focus.
  await expect.element(page.getByLabelText('Scan items')).toHaveFocus();
}

test('a code typed into the item field and Enter adds a line, and the field is ready for the next', async () => {
  await openIntake();
  await userEvent.keyboard('0012345678905{Enter}');
  const line = page.getByTestId('intake-line-0');
  await expect.element(line).toHaveTextContent('ORG-TEA-1');
  // Answered from the cache, the line still names what Default will do: the item's own preference.
  await expect.element(line.getByRole('combobox')).toHaveDisplayValue('Dispose (item’s preference)');
  await expect.element(page.getByTestId('intake-last-scan')).toHaveTextContent('Accepted: Green tea (ORG-TEA-1) added as line 1.');
  await expect.element(page.getByLabelText('Scan items')).toHaveValue('');
  await expect.element(page.getByLabelText('Scan items')).toHaveFocus();
  await expect.element(page.getByText('1 item, 1 unit')).toBeVisible();
  // The same item again: the line's quantity grows, no second line.
  await userEvent.keyboard('0012345678905{Enter}');
  await expect.element(page.getByTestId('intake-last-scan')).toHaveTextContent('quantity 2 on line 1');
  await expect.element(page.getByTestId('intake-line-1')).not.toBeInTheDocument();
});

test('a code that names no item is refused with the reason, and adds nothing', async () => {
  await openIntake();
  await userEvent.keyboard('4006381333931{Enter}');
  await expect.element(page.getByTestId('intake-last-scan')).toHaveTextContent('Refused: No item matches 4006381333931.');
  await expect.element(page.getByText('No items yet: scan the first item.')).toBeVisible();
  await expect.element(page.getByLabelText('Scan items')).toHaveFocus();
});

test('a quantity typed and Enter sends focus back to the item field for the next scan', async () => {
  await openIntake();
  await userEvent.keyboard('0012345678905{Enter}');
  const quantity = page.getByLabelText('Quantity of Green tea (ORG-TEA-1)');
  await userEvent.click(quantity);
  await userEvent.keyboard('{Control>}a{/Control}4{Enter}');
  await expect.element(page.getByLabelText('Scan items')).toHaveFocus();
  await expect.element(page.getByText('1 item, 4 units')).toBeVisible();
});
