import { useState } from 'react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { keepFocusInView } from '../../renderer/src/keyboard/viewFocus';

/**
 * A control that has focus and goes away with what it did leaves the next key somewhere it acts:
 * next to it, or on the view's primary control once the view has reloaded, never on the page.
 */
let stop: () => void = () => undefined;
beforeEach(() => {
  stop = keepFocusInView();
});
afterEach(() => stop());

function Order() {
  const [cancelled, setCancelled] = useState(false);
  return (
    <main id="content">
      <section aria-labelledby="title">
        <h1 id="title" tabIndex={-1}>
          Receiving order 5000
        </h1>
        <button type="button">Print box labels</button>
        {!cancelled && (
          <button type="button" onClick={() => setCancelled(true)}>
            Cancel order…
          </button>
        )}
        <button type="button">Claim pack (PDF)</button>
      </section>
      {/* The notice the action leaves (an alertdialog, as React Aria's toasts are) stops nothing. */}
      {cancelled && (
        <div className="toasts">
          <div role="alertdialog" aria-label="Receiving order 5000 cancelled" />
        </div>
      )}
    </main>
  );
}

test('an action gone with what it did hands focus to the next action, not to the page', async () => {
  const screen = await render(<Order />);
  const cancel = screen.getByRole('button', { name: 'Cancel order…' });
  (cancel.element() as HTMLElement).focus();
  await userEvent.keyboard('{Enter}');
  await expect.element(cancel).not.toBeInTheDocument();
  await expect.element(screen.getByRole('button', { name: 'Claim pack (PDF)' })).toHaveFocus();
});

function List() {
  const [state, setState] = useState<'first' | 'loading' | 'again'>('first');
  const reload = () => {
    setState('loading');
    setTimeout(() => setState('again'), 300);
  };
  return (
    <main id="content">
      <section aria-labelledby="title">
        <h1 id="title" tabIndex={-1}>
          Returns
        </h1>
        <button type="button">Export CSV</button>
        {state === 'loading' ? (
          <p data-loading="">Loading…</p>
        ) : (
          <table className="data-table">
            <tbody>
              {[1, 2].map((n) => (
                // A refresh draws the rows anew (new keys): the focused one is gone.
                <tr key={`${state}-${n}`} tabIndex={n === 1 ? 0 : -1} aria-label={`Return ${n} (${state})`} onKeyDown={(e) => e.key === 'F5' && reload()}>
                  <td>{n}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}

test('a row redrawn by a reload: while the list loads nothing takes focus, then the current row does', async () => {
  const screen = await render(<List />);
  (screen.getByRole('row', { name: 'Return 1 (first)' }).element() as HTMLElement).focus();
  await userEvent.keyboard('{F5}');
  await expect.element(screen.getByText('Loading…')).toBeInTheDocument();
  // Not the first action of the view while its rows are on their way: the row about to come is the place.
  expect(document.activeElement?.textContent).not.toBe('Export CSV');
  await expect.element(screen.getByRole('row', { name: 'Return 1 (again)' })).toHaveFocus();
});
