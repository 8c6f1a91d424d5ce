import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppAddress } from '../../../shared/schemas/preferences';
import { call } from '../bridge/dockdesk';

/**
 * Keeps the current address in main's settings, so the next start opens the same view. Main keeps
 * it (not localStorage): the browser host's page origin changes with every launch's port.
 */
export function useRememberAddress() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', ({ toLocation }) => {
        const address = AppAddress.safeParse(toLocation.href);
        if (!address.success) return;
        call('app.preferences.set', { lastAddress: address.data }).catch((error: unknown) => console.warn('Could not remember the address:', error));
      }),
    [router],
  );
}

/**
 * An address kept by an earlier version in today's words: Today and the stock views named their
 * center `center=` before every view said `fc=`, and a start on such an address would drop the center.
 */
export function upgradeAddress(address: string): string {
  return /^\/(today|stock)\b/.test(address) ? address.replace(/([?&])center=/, '$1fc=') : address;
}

/** Before the router starts: an empty address (a fresh start) opens where the user last was. */
export function restoreAddress(lastAddress: string | null): void {
  const hash = window.location.hash;
  if (lastAddress && (hash === '' || hash === '#' || hash === '#/')) {
    history.replaceState(null, '', `${window.location.pathname}${window.location.search}#${upgradeAddress(lastAddress)}`);
  }
}
