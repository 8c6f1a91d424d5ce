import { defineArea } from '../area';
import { openSettingsSection } from '../settings';
import { PrintersPanel } from './PrintersPanel';
import { PrintQueueSlot } from './PrintQueue';

/**
 * What Printing adds to the desk: Settings → Printers (the desk's label printers, which prints what,
 * a test print each), the print queue in the status bar, and "Printers…" in the palette. The item
 * page's "Print item label…" comes from this area's index.
 */
export const printingArea = defineArea({
  id: 'printing',
  settingsPanels: [{ id: 'printers', title: 'Printers', component: PrintersPanel }],
  statusItems: [{ slot: 'printing', component: PrintQueueSlot }],
  paletteActions: [
    {
      id: 'printers',
      label: 'Printers…',
      detail: 'Settings → Printers: label printers, test print, which prints item and box labels',
      keywords: 'printer printers label zebra zpl test print settings',
      run: (context) => openSettingsSection('Printers', context),
    },
  ],
});
