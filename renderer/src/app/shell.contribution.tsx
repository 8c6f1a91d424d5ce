import { defineArea } from '../workspaces/area';
import { ClerkWaitNotice } from './RequestBudgetViews';

/** What the shell itself adds beside the frame: the request budget's wait in the status bar. */
export const shellArea = defineArea({
  id: 'shell',
  statusItems: [{ slot: 'budget', component: ClerkWaitNotice }],
});
