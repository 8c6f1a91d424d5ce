import type { ThemeChoice } from '../../../shared/schemas/preferences';
import { applyTheme, preferencesKey } from '../../../renderer/src/app/preferences';
import { call, errorMessage } from '../../../renderer/src/bridge/dockdesk';
import { currentWords, type Phrase } from '../../../renderer/src/i18n/useT';
import { isViewSettling } from '../../../renderer/src/keyboard/viewFocus';
import { englishT } from '../../../renderer/src/palette/english';
import type { PaletteAction, PaletteContext } from '../../../renderer/src/palette/entries';
import { askSignOut } from '../../../renderer/src/session/SignOut';
import { showToast } from '../../../renderer/src/ui/Toasts';

/**
 * Settings' lines in the palette, offered on every view: sign out (through its confirmation), the
 * theme, and each section of Settings by its heading. These are the sections SettingsWorkspace draws
 * itself; each area's panel brings its own line with it (settingsSectionLine, added with the panel),
 * so a new area's section is offered without a list here to keep up.
 */
const OWN_SECTIONS: readonly Phrase[] = [
  (t) => t('settings.environments'),
  (t) => t('settings.section.account'),
  (t) => t('appearance.title'),
  (t) => t('scan.settings.title'),
  (t) => t('settings.support'),
];

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"]), a[href]';

/**
 * Opens Settings and, once it has drawn and taken focus, moves to the section's first control. The
 * section is named by its title (a Phrase; a plain string is its English title, as a view not yet
 * translated names it).
 */
export function openSettingsSection(title: Phrase | string, { navigate }: Pick<PaletteContext, 'navigate'>) {
  navigate('#/settings');
  const until = performance.now() + 3000;
  // A section is found by its data-section (its English title), or by its heading as drawn.
  const key = typeof title === 'string' ? title : title(englishT);
  const shown = typeof title === 'string' ? title : title(currentWords().t);
  const find = () => {
    const heading = [...document.querySelectorAll<HTMLElement>('.workspace h2')].find(
      (h) => h.dataset.section === key || (h.textContent ?? '').startsWith(shown),
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
    // A section's form that asks for it (data-focus-first-empty) opens at the first field still to fill.
    const form = after?.closest<HTMLElement>('[data-focus-first-empty]');
    const empty = form ? [...form.querySelectorAll<HTMLInputElement>('input')].find((f) => !f.disabled && f.value.trim() === '') : undefined;
    (empty ?? after)?.focus();
  };
  requestAnimationFrame(find);
}

/** The palette line that opens the Settings section headed `title`. */
export function settingsSectionLine(title: Phrase): PaletteAction {
  return {
    id: `settings-${title(englishT).toLowerCase().replace(/\W+/g, '-')}`,
    label: (t) => t('settings.palette.section', { title: title(t) }),
    keywords: (t) => t('settings.palette.sectionKeywords'),
    run: (context: PaletteContext) => openSettingsSection(title, context),
  };
}

function setTheme(theme: ThemeChoice, { queryClient }: PaletteContext) {
  call('app.preferences.set', { theme })
    .then((prefs) => {
      queryClient.setQueryData(preferencesKey, prefs);
      applyTheme(prefs.theme);
    })
    .catch((error: unknown) => showToast({ title: currentWords().t('appearance.theme.saveFailed'), description: errorMessage(error), tone: 'error' }));
}

const THEMES: ThemeChoice[] = ['light', 'dark', 'system'];

export const settingsPaletteLines: PaletteAction[] = [
  {
    id: 'sign-out',
    label: (t) => t('settings.palette.signOut'),
    detail: (t) => t('settings.palette.signOutDetail'),
    keywords: (t) => t('settings.palette.signOutKeywords'),
    run: () => askSignOut(),
  },
  ...THEMES.map((theme): PaletteAction => ({
    id: `theme-${theme}`,
    label: (t) => t('settings.palette.theme', { theme }),
    detail: (t) => t('appearance.title'),
    keywords: (t) => t('settings.palette.themeKeywords'),
    run: (context: PaletteContext) => setTheme(theme, context),
  })),
  ...OWN_SECTIONS.map(settingsSectionLine),
];
