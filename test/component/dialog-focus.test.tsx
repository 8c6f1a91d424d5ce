import { useState } from 'react';
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ConfirmDialog } from '../../renderer/src/ui/ConfirmDialog';
import { Dialog } from '../../renderer/src/ui/Dialog';

/**
 * A dialog opened by a click with no pointer (the palette's "On this view" lines press a button that
 * way; a screen reader does too) while something on the page is still in a CSS transition: the keys
 * the clerk presses as it appears are the dialog's.
 */
function Opener({ confirm }: { confirm?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div data-testid="fading" style={{ opacity: 1, transition: 'opacity 4s linear' }} />
      <button type="button" onClick={() => setOpen(true)}>
        Keyboard shortcuts
      </button>
      <p>{open ? 'Open' : 'Closed'}</p>
      {confirm ? (
        <ConfirmDialog
          title="Delete this printer?"
          isOpen={open}
          onClose={() => setOpen(false)}
          confirmLabel="Delete"
          dismissLabel="Keep it"
          onConfirm={() => undefined}
        >
          Labels stop going to it.
        </ConfirmDialog>
      ) : (
        <Dialog title="Keyboard shortcuts" isOpen={open} onOpenChange={setOpen}>
          <p>Escape closes this.</p>
        </Dialog>
      )}
    </>
  );
}

/** Starts a 4 s transition on the page and waits until the browser has said it runs. */
async function transitionRunning(): Promise<void> {
  const fading = document.querySelector<HTMLElement>('[data-testid="fading"]')!;
  const running = new Promise<void>((resolve) => fading.addEventListener('transitionrun', () => resolve(), { once: true }));
  // Read first, so that the change below is a change from 1 the browser transitions.
  expect(getComputedStyle(fading).opacity).toBe('1');
  fading.style.opacity = '0';
  await running;
}

/** The button pressed as the palette presses it: `click()`, no pointer, no key. */
function pressWithoutPointer(name: string): void {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
  button.focus();
  button.click();
}

test('a dialog opened by a click with no pointer during a transition has focus at once, and the first Escape closes it', async () => {
  await render(<Opener />);
  await transitionRunning();
  pressWithoutPointer('Keyboard shortcuts');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect.element(dialog).toBeVisible();
  expect(document.activeElement?.closest('[role="dialog"]'), 'focus inside the dialog as it appears').not.toBeNull();
  await userEvent.keyboard('{Escape}');
  // Well inside the 4 s the transition runs: the Escape was the dialog's, not the page's.
  await expect.element(page.getByText('Closed'), { timeout: 1500 }).toBeVisible();
});

test('opened the same way, a question still starts on its safe choice', async () => {
  await render(<Opener confirm />);
  await transitionRunning();
  pressWithoutPointer('Keyboard shortcuts');
  await expect.element(page.getByRole('dialog', { name: 'Delete this printer?' })).toBeVisible();
  expect(document.activeElement?.textContent).toBe('Keep it');
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Closed'), { timeout: 1500 }).toBeVisible();
});
