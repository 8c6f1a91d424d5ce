import type { Phrase } from '../../../renderer/src/i18n/useT';
import { defineArea } from '../../../renderer/src/workspaces/area';
import { SharedStorePanel } from './SharedStorePanel';
import { SharedStoreSlot } from './SharedStoreSlot';

const shareTitle: Phrase = (t) => t('desks.settings.title');

/**
 * What sharing a store with the warehouse's other desks adds to the desk: no view of its own (it is
 * a setting of this desk, and a state), so Settings → Share with other desks (with its palette line,
 * as every panel brings) and its state in the status bar, after the outbox it serves.
 */
export const desksArea = defineArea({
  id: 'desks',
  settingsPanels: [{ id: 'shared-store', title: shareTitle, component: SharedStorePanel }],
  statusItems: [{ slot: 'desks', order: 45, component: SharedStoreSlot }],
});
