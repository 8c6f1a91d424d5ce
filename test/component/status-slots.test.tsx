import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { fillStatusSlot, StatusSlots } from '../../renderer/src/ui/statusSlots';

test('the status bar shows the newest content of each slot, and the one before when it goes', async () => {
  await render(
    <footer>
      <StatusSlots />
    </footer>,
  );
  const freshness = page.getByTestId('status-freshness');
  await expect.element(freshness).not.toBeInTheDocument();

  const older = fillStatusSlot('freshness', 'Inventory as of 14:02');
  await expect.element(freshness).toHaveTextContent('Inventory as of 14:02');
  const newer = fillStatusSlot('freshness', 'Inventory as of 14:30');
  const outbox = fillStatusSlot('outbox', '2 returns waiting to be sent');
  await expect.element(freshness).toHaveTextContent('Inventory as of 14:30');
  await expect.element(page.getByTestId('status-outbox')).toHaveTextContent('2 returns waiting to be sent');

  newer();
  await expect.element(freshness).toHaveTextContent('Inventory as of 14:02');
  older();
  outbox();
  await expect.element(freshness).not.toBeInTheDocument();
  await expect.element(page.getByTestId('status-outbox')).not.toBeInTheDocument();
});
