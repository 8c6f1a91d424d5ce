import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ChannelInput } from '../../../shared/ipc/contract';
import type { PrintingSettings, PrintJob } from '../common/ipc';
import { call, useDockdeskEvent } from '../../../renderer/src/bridge/dockdesk';

/**
 * The desk's printers and print queue as main keeps them. Per desk, not per account: the keys do not
 * start with the account, and a sign-out leaves them (the printers are the bench's, whoever signs in).
 */
export const printingKeys = {
  settings: ['printing', 'settings'] as const,
  emulated: ['printing', 'emulated-printer'] as const,
  systemPrinters: ['printing', 'system-printers'] as const,
  jobs: ['printing', 'jobs'] as const,
};

export function usePrintingSettings() {
  return useQuery({ queryKey: printingKeys.settings, queryFn: () => call('printing.settings.get', {}), staleTime: Infinity });
}

/** The built-in emulator's label printer (loopback host and port), or null when it runs none. */
export function useEmulatedPrinter() {
  return useQuery({ queryKey: printingKeys.emulated, queryFn: () => call('printing.emulatedPrinter', {}), staleTime: Infinity });
}

/** The system's printers (Electron), or why they cannot be listed (the browser host); read afresh each time a form asks, since printers come and go. */
export function useSystemPrinters() {
  return useQuery({ queryKey: printingKeys.systemPrinters, queryFn: () => call('printing.systemPrinters', {}), staleTime: 0 });
}

/** A change of the printers: main answers the settings after it, which become the cached ones. */
function useSettingsChange<I>(send: (input: I) => Promise<PrintingSettings>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (settings) => client.setQueryData(printingKeys.settings, settings) });
}

export const useSaveProfile = () => useSettingsChange((input: ChannelInput<'printing.profiles.save'>) => call('printing.profiles.save', input));
export const useRemoveProfile = () => useSettingsChange((printerId: string) => call('printing.profiles.remove', { printerId }));
export const useSetRoles = () => useSettingsChange((change: ChannelInput<'printing.roles.set'>) => call('printing.roles.set', change));

/** The print queue, kept current by main's event (a job added, sent, kept or dismissed). */
export function usePrintJobs() {
  const client = useQueryClient();
  const jobs = useQuery({ queryKey: printingKeys.jobs, queryFn: async () => (await call('printing.jobs.list', {})).items, staleTime: Infinity });
  useDockdeskEvent(
    'printing.jobs.changed',
    useCallback((payload: { items: PrintJob[] }) => client.setQueryData(printingKeys.jobs, payload.items), [client]),
  );
  return jobs;
}
