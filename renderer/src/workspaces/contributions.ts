import { paletteActions, paletteSources } from '../palette/entries';
import { scanResolvers } from '../scan/resolvers';
import { statusItems } from '../ui/statusSlots';
import type { Area } from './area';
import { sidebar } from './registry';
import { settingsPanels, settingsSectionLine } from '../../../areas/settings/ui';

/**
 * Adds each area's contributions to the shared mechanisms (sidebar, scan resolvers, palette,
 * Settings panels, status bar), in the list's order. Called once at start with renderer/src/areas.ts;
 * routes are not here: router.tsx builds its tree from the same list. Returns what takes them out again.
 */
export function installAreas(list: readonly Area[]): () => void {
  const removers = list.flatMap((area) => [
    ...(area.workspace ? [sidebar.add(area.id, { id: area.id, ...area.workspace })] : []),
    ...(area.scanResolvers ?? []).map((r) => scanResolvers.add(area.id, r)),
    ...(area.paletteSources ?? []).map((s) => paletteSources.add(area.id, s)),
    ...(area.paletteActions ?? []).map((a) => paletteActions.add(area.id, a)),
    ...(area.settingsPanels ?? []).map((p) => settingsPanels.add(area.id, p)),
    // Each panel is a section of Settings, and the palette offers every section: its line comes with it.
    ...(area.settingsPanels ?? []).map((p) => paletteActions.add('settings', settingsSectionLine(p.title))),
    ...(area.statusItems ?? []).map((i) => statusItems.add(area.id, i)),
  ]);
  return () => removers.forEach((remove) => remove());
}
