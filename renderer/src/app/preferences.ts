import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PREFERENCES, type Preferences, type ThemeChoice } from '../../../shared/schemas/preferences';
import { call } from '../bridge/dockdesk';

export const preferencesKey = ['app', 'preferences'] as const;

/** Light, dark or the OS's choice, as a data-theme attribute the stylesheet reads. */
export function applyTheme(theme: ThemeChoice): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

export function usePreferences() {
  return useQuery({ queryKey: preferencesKey, queryFn: () => call('app.preferences.get', {}), staleTime: Infinity, placeholderData: DEFAULT_PREFERENCES });
}

export function useSetPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<Preferences>) => call('app.preferences.set', change),
    onSuccess: (prefs) => {
      queryClient.setQueryData(preferencesKey, prefs);
      applyTheme(prefs.theme);
    },
  });
}
