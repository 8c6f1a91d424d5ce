import { paletteActions } from '../../../palette/entries';

/** Return intake in the command palette: "New return" opens the return in progress (or starts one). */
paletteActions.add('returns', {
  id: 'return-intake',
  label: 'New return (intake)',
  detail: 'Scan a returned box: the return in progress, or a new one',
  href: '#/returns/new',
  keywords: 'new return intake box scan',
});
