import type { ThemeChoice } from '../../../../shared/schemas/preferences';
import { usePreferences, useSetPreferences } from '../../app/preferences';
import { ErrorNote } from '../../ui/ErrorNote';
import { Select, type Choice } from '../../ui/Select';

const themes: Choice<ThemeChoice>[] = [
  { id: 'system', label: 'Follow the system' },
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
];

/** Light, dark, or whatever the operating system uses; kept in the settings file. */
export function Appearance() {
  const preferences = usePreferences();
  const set = useSetPreferences();
  return (
    <>
      <h2>Appearance</h2>
      <Select label="Theme" value={preferences.data?.theme ?? 'system'} choices={themes} onChange={(theme) => set.mutate({ theme })} className="inline" />
      {set.error && <ErrorNote error={set.error} prefix="The theme could not be saved" />}
    </>
  );
}
