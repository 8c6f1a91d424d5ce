import { call } from '../../../renderer/src/bridge/dockdesk';
import { currentWords, type Phrase } from '../../../renderer/src/i18n/useT';
import { matchesQuery, type PaletteItem } from '../../../renderer/src/palette/entries';
import { defineArea } from '../../../renderer/src/workspaces/area';
import { ClerkSlot } from './ClerkSlot';
import { ClerksPanel } from './ClerksPanel';
import { handBack, pickClerk, pickerOpen } from './turns';

const clerksTitle: Phrase = (t) => t('clerks.settings.title');

/** "<name> takes the turn" for each clerk the palette's text finds; picking one takes it (a PIN asked first). */
async function searchClerks(query: string, signal: AbortSignal): Promise<PaletteItem[]> {
  if (query.trim().length === 0) return [];
  const { t } = currentWords();
  const view = await call('clerks.get', {}, signal);
  return view.clerks
    .map((clerk): PaletteItem => ({
      id: `clerk:${clerk.id}`,
      label: t('clerks.palette.take', { name: clerk.name }),
      ...(view.current?.id === clerk.id ? { detail: t('clerks.picker.current') } : {}),
      keywords: t('clerks.palette.keywords'),
      run: () => void pickClerk(clerk.id),
    }))
    .filter((item) => matchesQuery(item, query));
}

/**
 * Clerks taking turns at the desk's one sign-in: no view of its own, so the clerk in the status bar
 * (a button that lists the clerks to pick from; it also takes badges scanned anywhere and hands an
 * idle desk back), the palette's lines to take a turn or hand it back, and Settings → Clerks.
 */
export const clerksArea = defineArea({
  id: 'clerks',
  settingsPanels: [{ id: 'clerks', title: clerksTitle, component: ClerksPanel }],
  statusItems: [{ slot: 'clerk', order: 5, component: ClerkSlot }],
  paletteSources: [{ id: 'take-turn', group: clerksTitle, search: searchClerks }],
  paletteActions: [
    { id: 'clerk-pick', label: (t) => t('clerks.palette.pick'), keywords: (t) => t('clerks.palette.keywords'), run: () => pickerOpen.set(true) },
    { id: 'clerk-hand-back', label: (t) => t('clerks.palette.handBack'), keywords: (t) => t('clerks.palette.keywords'), run: () => void handBack() },
  ],
});
