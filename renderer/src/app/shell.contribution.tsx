import { defineArea } from '../workspaces/area';
import { ClerkWaitNotice } from './RequestBudgetViews';

/** What the shell itself adds beside the frame: the request budget's wait in the status bar, printing the view. */
export const shellArea = defineArea({
  id: 'shell',
  statusItems: [{ slot: 'budget', order: 30, component: ClerkWaitNotice }],
  // After the palette has closed, so that the view is printed and not the palette over it.
  paletteActions: [
    {
      id: 'print',
      label: (t) => t('shell.palette.print'),
      keywords: (t) => t('shell.palette.printKeywords'),
      run: () => requestAnimationFrame(() => requestAnimationFrame(() => window.print())),
    },
  ],
});
