import { useState } from 'react';
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { CenterFilter } from '../../renderer/src/ui/CenterFilter';

/** The lists' center filter on its own: a list narrowed to one center by name, or to none (all). */
const CENTERS = [
  { id: 3, name: 'Wilkes-Barre (PA)' },
  { id: 7, name: null },
];

function Filtered({ initial }: { initial?: number }) {
  const [fc, setFc] = useState<number | undefined>(initial);
  return (
    <>
      <p data-testid="fc">{fc === undefined ? 'all' : `fc ${fc}`}</p>
      <CenterFilter centers={CENTERS} value={fc} onChange={setFc} />
    </>
  );
}

test('no center chosen: the empty field says every center; a center is picked by name and given by its id', async () => {
  await render(<Filtered />);
  const field = page.getByRole('combobox', { name: 'Fulfillment center' });
  await expect.element(field).toHaveValue('');
  await expect.element(field).toHaveAttribute('placeholder', 'All centers');
  await userEvent.click(field);
  await userEvent.keyboard('Wilk');
  await userEvent.click(page.getByRole('option', { name: 'Wilkes-Barre (PA)' }));
  await expect.element(page.getByTestId('fc')).toHaveTextContent('fc 3');
  await expect.element(field).toHaveValue('Wilkes-Barre (PA)');
});

test('a center without a name reads as its id in words; emptying the field lists every center again', async () => {
  await render(<Filtered initial={7} />);
  const field = page.getByRole('combobox', { name: 'Fulfillment center' });
  await expect.element(field).toHaveValue('Center 7');
  await userEvent.clear(field);
  await userEvent.tab();
  await expect.element(page.getByTestId('fc')).toHaveTextContent('all');
  await expect.element(field).toHaveValue('');
});
