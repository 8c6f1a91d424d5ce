import type { Scan } from '../../../shared/scan/detector';
import type { ClerkRef, TurnAnswer } from '../common/ipc';
import { call, errorMessage } from '../../../renderer/src/bridge/dockdesk';
import { currentWords } from '../../../renderer/src/i18n/useT';
import { cue, primeAudio } from '../../../renderer/src/scan/cues';
import { logScan } from '../../../renderer/src/scan/scanLog';
import { showToast } from '../../../renderer/src/ui/Toasts';
import { createStore } from '../../../renderer/src/ui/store';

/**
 * Taking turns at the desk, from wherever it starts (a badge scanned in any view, a name picked in
 * the status bar's list or the palette): one call to main, no request to the service. A clerk with
 * a PIN is asked for it in a small dialog (`pinAsked`), whose answer goes through here again.
 */

/** The clerk whose PIN the desk is asking for, whether the last one typed was wrong, and until when the clerk's PIN is refused (too many wrong ones). */
export const pinAsked = createStore<{ clerk: ClerkRef; wrong: boolean; lockedUntil: string | null; attempt: number } | null>(null);
/** Whether the list of clerks to pick from is open (the status bar's clerk button, the palette). */
export const pickerOpen = createStore(false);

function answered(answer: TurnAnswer): TurnAnswer {
  const { t } = currentWords();
  if (answer.status === 'taken') {
    pinAsked.set(null);
    cue('accepted', t('clerks.turn.taken', { name: answer.clerk.name }), 'scan');
  } else if (answer.status === 'pin' || answer.status === 'wrongPin' || answer.status === 'pinLocked')
    pinAsked.set((asked) => ({
      clerk: answer.clerk,
      wrong: answer.status === 'wrongPin',
      lockedUntil: answer.status === 'pinLocked' ? answer.until : null,
      attempt: (asked?.attempt ?? 0) + 1,
    }));
  return answer;
}

/** A clerk picked by name takes the turn (asked for the PIN first when the clerk has one). */
export async function pickClerk(id: string, pin?: string): Promise<TurnAnswer> {
  return answered(await call('clerks.turn.take', pin === undefined ? { id } : { id, pin }));
}

/** The turn ends; the desk has no clerk. */
export async function handBack(): Promise<void> {
  await call('clerks.turn.end', { why: 'clerk' });
  cue('accepted', currentWords().t('clerks.turn.noClerk'), 'scan');
}

/** A badge scanned anywhere: the scan service hands it here before any field or lookup sees it. */
export function badgeScanned(scan: Scan): void {
  primeAudio();
  const update = logScan(scan, 'pending', (t) => t('clerks.scan.checking'));
  call('clerks.turn.take', { badge: scan.text })
    .then((answer) => {
      answered(answer);
      if (answer.status === 'unknownBadge') {
        const { t } = currentWords();
        update('refused', (t) => t('clerks.scan.unknown'));
        cue('refused', t('clerks.scan.unknown'), 'scan');
        showToast({ title: t('clerks.scan.unknown'), description: t('clerks.scan.unknownWhat'), tone: 'error' });
        return;
      }
      const name = answer.clerk.name;
      update('field', answer.status === 'taken' ? (t) => t('clerks.turn.taken', { name }) : (t) => t('clerks.scan.pinAsked', { name }));
    })
    .catch((error: unknown) => {
      const message = errorMessage(error);
      update('refused', (t) => t('clerks.scan.failed', { error: message }));
      showToast({ title: currentWords().t('clerks.scan.failedTitle'), description: message, tone: 'error' });
    });
}
