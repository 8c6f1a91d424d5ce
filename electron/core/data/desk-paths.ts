import { createHash } from 'node:crypto';
import { join } from 'node:path';

/**
 * Where an environment's and account's own local state lives under the data folder (drafts, the
 * outbox): `<data>/desk/<environment id>/<account key>/`. Decided here only.
 *
 * The account key is a hash of the account's subject, not the subject itself: folder names end up
 * in support bundles and backups, and an e-mail-like subject does not belong there. Signed out, the
 * key is `signed-out` (what is typed before signing in is kept, not mixed into an account).
 */
export const DESK_DIR = 'desk';
export const SIGNED_OUT_KEY = 'signed-out';

export interface DeskScope {
  environmentId: string;
  /** The signed-in account's subject, or null. */
  subject: string | null;
}

export function accountKey(subject: string | null): string {
  return subject === null ? SIGNED_OUT_KEY : createHash('sha256').update(subject, 'utf8').digest('hex').slice(0, 24);
}

export function scopeKey(scope: DeskScope): string {
  return `${scope.environmentId}/${accountKey(scope.subject)}`;
}

export function deskScopeDir(dataDir: string, scope: DeskScope): string {
  // Environment ids are [a-z0-9-] (settings schema) or 'local'; anything else is refused rather than joined.
  if (!/^[a-z0-9-]{1,40}$/.test(scope.environmentId)) throw new Error(`environment id ${JSON.stringify(scope.environmentId)} cannot name a folder`);
  return join(dataDir, DESK_DIR, scope.environmentId, accountKey(scope.subject));
}

export const DRAFTS_FILE = 'drafts.ddf';
export const OUTBOX_FILE = 'outbox.ddf';
