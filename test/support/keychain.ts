import { openSecretStore } from '../../electron/core/secrets/secret-store.js';
import { englishOf } from '../../electron/core/words.js';

/**
 * Whether a real Secret Service answers here. When it does not, keychain tests are skipped and say
 * why on the console (CI installs gnome-keyring and runs them inside build/with-keyring.sh).
 */
export async function keychainAvailability(): Promise<{ available: boolean; reason: string }> {
  const probe = await openSecretStore('availability-probe');
  if (probe.store.persistence === 'keychain') return { available: true, reason: '' };
  const why = probe.fallbackReason ? englishOf(probe.fallbackReason) : '';
  const reason = `SKIPPED keychain tests: ${why} ${probe.fallbackDetail ?? ''} Run them with "bash build/with-keyring.sh" after installing gnome-keyring, dbus and libsecret-1-0.`;
  console.warn(reason);
  return { available: false, reason };
}
