import type { Phrase } from '../../../renderer/src/i18n/useT';
import { defineArea } from '../../../renderer/src/workspaces/area';
import { openSettingsSection } from '../../settings/ui';
import { PrintersPanel } from './PrintersPanel';
import { PrintQueueSlot } from './PrintQueue';

/**
 * What Printing adds to the desk: Settings → Printers (the desk's label printers, which prints what,
 * a test print each), the print queue in the status bar, and "Printers…" in the palette. The item
 * page's "Print item label…" comes from this area's index.
 */
const printersTitle: Phrase = (t) => t('printing.area.printers');

export const printingArea = defineArea({
  id: 'printing',
  settingsPanels: [{ id: 'printers', title: printersTitle, component: PrintersPanel }],
  statusItems: [{ slot: 'printing', order: 50, component: PrintQueueSlot }],
  paletteActions: [
    {
      id: 'printers',
      label: (t) => t('printing.area.printersLine'),
      detail: (t) => t('printing.area.printersDetail'),
      keywords: (t) => t('printing.area.printersKeywords'),
      run: (context) => openSettingsSection(printersTitle, context),
    },
  ],
});
