import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScannerSettings } from '../../../shared/schemas/scanner';
import { call } from '../bridge/dockdesk';

/** Not account data: the scanner belongs to this desk, whatever environment is in use. */
export const scannerSettingsKey = ['scanner', 'settings'] as const;

export function useScannerSettings() {
  return useQuery({ queryKey: scannerSettingsKey, queryFn: ({ signal }) => call('scanner.settings.get', {}, signal), staleTime: Infinity });
}

export function useSaveScannerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<ScannerSettings>) => call('scanner.settings.set', change),
    onSuccess: (saved) => queryClient.setQueryData(scannerSettingsKey, saved),
  });
}
