import { LANGUAGES, PSEUDO, resolveLocale, type Language, type LanguageChoice } from '../../../shared/i18n/locales';
import type { ThemeChoice } from '../../../shared/schemas/preferences';
import { usePreferences, useSetPreferences } from '../../../renderer/src/app/preferences';
import { systemLanguages } from '../../../renderer/src/i18n/I18nRoot';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { Select, type Choice } from '../../../renderer/src/ui/Select';

function themes(t: Translate): Choice<ThemeChoice>[] {
  return [
    { id: 'system', label: t('appearance.theme.system') },
    { id: 'light', label: t('appearance.theme.light') },
    { id: 'dark', label: t('appearance.theme.dark') },
  ];
}

/**
 * The languages by their own names ("Deutsch", never "German"), so a clerk finds theirs in any
 * language the desk is in; "System" says which one the system's settings give.
 */
function languages(t: Translate): Choice<LanguageChoice>[] {
  const system = resolveLocale('system', systemLanguages()).catalog as Language;
  return [
    { id: 'system', label: t('appearance.language.system', { language: LANGUAGES[system].name }) },
    ...Object.entries(LANGUAGES).map(([id, { name }]) => ({ id: id as Language, label: name })),
    { id: PSEUDO, label: t('appearance.language.pseudo') },
  ];
}

/** Light, dark, or whatever the operating system uses, and the desk's language; kept in the settings file, applied at once. */
export function Appearance() {
  const preferences = usePreferences();
  const set = useSetPreferences();
  const { t } = useT();
  const failed = set.error ? (set.variables && 'language' in set.variables ? t('appearance.language.saveFailed') : t('appearance.theme.saveFailed')) : null;
  return (
    <>
      {/* data-section: the palette's "Settings: Appearance" line finds the section in any language. */}
      <h2 data-section="Appearance">{t('appearance.title')}</h2>
      <Select
        label={t('appearance.theme')}
        value={preferences.data?.theme ?? 'system'}
        choices={themes(t)}
        onChange={(theme) => set.mutate({ theme })}
        className="inline"
      />
      <Select
        label={t('appearance.language')}
        value={preferences.data?.language ?? 'system'}
        choices={languages(t)}
        onChange={(language) => set.mutate({ language })}
        className="inline"
      />
      {set.error && failed && <ErrorNote error={set.error} prefix={failed} />}
    </>
  );
}
