import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { StatusSlots, statusItems } from '../../renderer/src/ui/statusSlots';

test('the status bar shows what the areas contribute, slot by slot in the order each item carries, until an item is taken back', async () => {
  const screen = await render(
    <footer>
      <StatusSlots />
    </footer>,
  );
  const freshness = page.getByTestId('status-freshness');
  await expect.element(freshness).not.toBeInTheDocument();

  // Added outbox first: the bar still shows freshness (order 10) before the outbox (40), and a slot no
  // one named before (a new area's, order 25) between them.
  const outbox = statusItems.add('returns', { slot: 'outbox', order: 40, component: () => <span>2 returns waiting to be sent</span> });
  const fresh = statusItems.add('inventory', { slot: 'freshness', order: 10, component: () => <span>Inventory as of 14:02</span> });
  const counts = statusItems.add('counts', { slot: 'counts', order: 25, component: () => <span>Count 3 of 12</span> });
  await expect.element(freshness).toHaveTextContent('Inventory as of 14:02');
  await expect.element(page.getByTestId('status-outbox')).toHaveTextContent('2 returns waiting to be sent');
  const slots = [...screen.container.querySelectorAll('[data-testid^="status-"]')].map((e) => e.getAttribute('data-testid'));
  expect(slots).toEqual(['status-freshness', 'status-counts', 'status-outbox']);
  counts();

  fresh();
  await expect.element(freshness).not.toBeInTheDocument();
  await expect.element(page.getByTestId('status-outbox')).toBeInTheDocument();
  outbox();
  await expect.element(page.getByTestId('status-outbox')).not.toBeInTheDocument();
});
