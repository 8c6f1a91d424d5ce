import { useState } from 'react';
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ConfirmDialog } from '../../renderer/src/ui/ConfirmDialog';

function Asking({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'Asking' : 'Closed'}</p>
      <ConfirmDialog
        title="Discard this draft?"
        isOpen={open}
        onClose={() => setOpen(false)}
        confirmLabel="Discard"
        dismissLabel="Keep the draft"
        onConfirm={onConfirm}
      >
        The 3 lines typed so far are lost.
      </ConfirmDialog>
    </>
  );
}

test('a destructive question opens on the safe choice: a stray Enter keeps the draft', async () => {
  let confirmed = 0;
  await render(<Asking onConfirm={() => confirmed++} />);
  const dialog = page.getByRole('dialog', { name: 'Discard this draft?' });
  await expect.element(dialog).toBeVisible();
  await expect.element(dialog.getByText('The 3 lines typed so far are lost.')).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Keep the draft' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Closed')).toBeVisible();
  expect(confirmed).toBe(0);
});

test('Escape backs out without change', async () => {
  let confirmed = 0;
  await render(<Asking onConfirm={() => confirmed++} />);
  await expect.element(page.getByRole('button', { name: 'Keep the draft' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  await expect.element(page.getByText('Closed')).toBeVisible();
  expect(confirmed).toBe(0);
});

test('confirming takes Shift+Tab to the action, then Enter', async () => {
  let confirmed = 0;
  await render(<Asking onConfirm={() => confirmed++} />);
  await expect.element(page.getByRole('button', { name: 'Keep the draft' })).toHaveFocus();
  await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
  await expect.element(page.getByRole('button', { name: 'Discard', exact: true })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(confirmed).toBe(1);
});
