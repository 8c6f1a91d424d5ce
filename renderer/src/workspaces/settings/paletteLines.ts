import type { ThemeChoice } from '../../../../shared/schemas/preferences';
import { applyTheme, preferencesKey } from '../../app/preferences';
import { call, errorMessage } from '../../bridge/dockdesk';
import { isViewSettling } from '../../keyboard/viewFocus';
import type { PaletteContext, PaletteItem } from '../../palette/entries';
import { askSignOut } from '../../session/SignOut';
import { showToast } from '../../ui/Toasts';

/**
 * Settings' lines in the palette, offered on every view: sign out (through its confirmation), the
 * theme, and each section of Settings by its heading. These are the sections SettingsWorkspace draws
 * itself; each area's panel brings its own line with it (settingsSectionLine, added with the panel),
 * so a new area's section is offered without a list here to keep up.
 */
const OWN_SECTIONS = ['Environments', 'Account', 'Appearance', 'Scanner', 'Support'] as const;

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"]), a[href]';

/** Opens Settings and, once it has drawn and taken focus, moves to the section's first control. */
export function openSettingsSection(title: string, { navigate }: Pick<PaletteContext, 'navigate'>) {
  navigate('#/settings');
  const until = performance.now() + 3000;
  const find = () => {
    // A section whose heading is translated is found by its data-section (its English title).
    const heading = [...document.querySelectorAll<HTMLElement>('.workspace h2')].find(
      (h) => h.dataset.section === title || (h.textContent ?? '').startsWith(title),
    );
    if (!heading || isViewSettling()) {
      if (performance.now() < until) requestAnimationFrame(find);
      return;
    }
    const after = [...(heading.parentElement?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].find(
      (el) => heading.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING && !el.matches(':disabled'),
    );
    // A section that reads its settings first draws its controls a moment after its heading.
    if (!after && performance.now() < until) {
      requestAnimationFrame(find);
      return;
    }
    heading.scrollIntoView({ block: 'start' });
    after?.focus();
  };
  requestAnimationFrame(find);
}

/** The palette line that opens the Settings section headed `title`. */
export function settingsSectionLine(title: string): PaletteItem {
  return {
    id: `settings-${title.toLowerCase().replace(/\W+/g, '-')}`,
    label: `Settings: ${title}`,
    keywords: 'settings preferences options',
    run: (context: PaletteContext) => openSettingsSection(title, context),
  };
}

function setTheme(theme: ThemeChoice, { queryClient }: PaletteContext) {
  call('app.preferences.set', { theme })
    .then((prefs) => {
      queryClient.setQueryData(preferencesKey, prefs);
      applyTheme(prefs.theme);
    })
    .catch((error: unknown) => showToast({ title: 'The theme could not be saved', description: errorMessage(error), tone: 'error' }));
}

const THEMES: Array<[ThemeChoice, string]> = [
  ['light', 'Theme: light'],
  ['dark', 'Theme: dark'],
  ['system', 'Theme: as the system'],
];

export const settingsPaletteLines: PaletteItem[] = [
  { id: 'sign-out', label: 'Sign out', detail: 'Asks first', keywords: 'log out logout leave account session', run: () => askSignOut() },
  ...THEMES.map(([theme, label]) => ({
    id: `theme-${theme}`,
    label,
    detail: 'Appearance',
    keywords: 'theme appearance colour color dark light mode',
    run: (context: PaletteContext) => setTheme(theme, context),
  })),
  ...OWN_SECTIONS.map(settingsSectionLine),
];
