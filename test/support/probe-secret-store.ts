import { openSecretStore } from '../../electron/core/secrets/secret-store.js';

/** Prints what openSecretStore chose in this process's environment (used with no D-Bus session). */
const choice = await openSecretStore('fallback-probe');
process.stdout.write(JSON.stringify({ persistence: choice.store.persistence, fallbackReason: choice.fallbackReason, fallbackDetail: choice.fallbackDetail }));
