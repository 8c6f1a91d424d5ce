import { useEffect, useState, type FormEvent } from 'react';
import { isBadgeCode } from '../common/badge';
import type { ClerkRef } from '../common/ipc';
import { IdleHandBack } from '../common/idle';
import { call, errorMessage } from '../../../renderer/src/bridge/dockdesk';
import { formatTime } from '../../../renderer/src/format';
import { useT } from '../../../renderer/src/i18n/useT';
import { scanService } from '../../../renderer/src/scan/scanService';
import { Dialog } from '../../../renderer/src/ui/Dialog';
import { useStore } from '../../../renderer/src/ui/store';
import { useClerks } from './queries';
import { badgeScanned, handBack, pickClerk, pickerOpen, pinAsked } from './turns';
import './clerks.css';

/**
 * The clerk whose turn it is, in the status bar: a button naming the clerk (or "No clerk") that opens
 * the list to pick from. Mounted once, it is also what takes a badge scanned in any view and what
 * hands an idle desk back to no clerk.
 */
export function ClerkSlot() {
  const { t } = useT();
  const view = useClerks().data;
  useEffect(() => scanService.claim(isBadgeCode, badgeScanned), []);
  useIdleHandBack(view?.idleMinutes ?? 0, view?.current !== null && view?.current !== undefined);
  const current = view?.current ?? null;
  return (
    <>
      <button
        type="button"
        className={current ? 'quiet clerk-slot' : 'quiet clerk-slot clerk-slot-none'}
        onClick={() => pickerOpen.set(true)}
        aria-label={current ? t('clerks.status.labelled', { name: current.name }) : t('clerks.status.noneLabelled')}
      >
        {current ? t('clerks.status.clerk', { name: current.name }) : t('clerks.status.none')}
      </button>
      <ClerkPicker />
      <PinDialog />
    </>
  );
}

/** Ends the turn after `minutes` without a key, a scan or the pointer (0: never), while a clerk has it. */
function useIdleHandBack(minutes: number, hasClerk: boolean) {
  useEffect(() => {
    if (minutes === 0 || !hasClerk) return;
    const timer = new IdleHandBack(minutes, Date.now());
    let handle: ReturnType<typeof setTimeout> | null = null;
    // One timeout at the time the turn would end; input meanwhile only moves that time on, and the
    // timeout, once it fires early, waits again for what is left.
    const wait = () => {
      const due = timer.dueAt();
      if (due === null) return;
      handle = setTimeout(
        () => {
          if (!timer.isDue(Date.now())) return wait();
          handle = null;
          void call('clerks.turn.end', { why: 'idle' });
        },
        Math.max(0, due - Date.now()),
      );
    };
    const touch = () => timer.touch(Date.now());
    const stopKeys = scanService.onActivity(touch);
    const pointer = ['pointerdown', 'pointermove', 'wheel'] as const;
    for (const type of pointer) window.addEventListener(type, touch, { capture: true, passive: true });
    wait();
    return () => {
      if (handle !== null) clearTimeout(handle);
      stopKeys();
      for (const type of pointer) window.removeEventListener(type, touch, { capture: true });
    };
  }, [minutes, hasClerk]);
}

/** The list of this desk's clerks to take the turn, and "No clerk" to hand it back. */
function ClerkPicker() {
  const { t } = useT();
  const open = useStore(pickerOpen);
  const view = useClerks().data;
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    pickerOpen.set(false);
  };
  const run = (action: () => Promise<unknown>) => action().then(close, (error: unknown) => setProblem(errorMessage(error)));
  return (
    <Dialog title={t('clerks.picker.title')} isOpen={open} onOpenChange={(o) => (o ? pickerOpen.set(true) : close())}>
      {view && view.clerks.length === 0 && <p>{t('clerks.picker.none')}</p>}
      <ul className="clerk-picker">
        {view?.clerks.map((clerk, i) => (
          <li key={clerk.id}>
            <button
              type="button"
              autoFocus={i === 0}
              aria-current={view.current?.id === clerk.id ? 'true' : undefined}
              onClick={() => void run(() => pickClerk(clerk.id))}
            >
              {clerk.name}
              {view.current?.id === clerk.id && <span className="muted"> {t('clerks.picker.current')}</span>}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="quiet" autoFocus={!view || view.clerks.length === 0} onClick={() => void run(handBack)}>
            {t('clerks.picker.handBack')}
          </button>
        </li>
      </ul>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </Dialog>
  );
}

/** Asks the clerk taking the turn for the PIN; Escape leaves the turn as it was. */
function PinDialog() {
  const { t } = useT();
  const asked = useStore(pinAsked);
  if (!asked) return null;
  return (
    <Dialog title={t('clerks.pin.title', { name: asked.clerk.name })} isOpen onOpenChange={(o) => !o && pinAsked.set(null)}>
      {/* Each ask (another clerk, or after a wrong PIN) starts with an empty field that has focus. */}
      <PinForm key={`${asked.clerk.id}:${asked.attempt}`} clerk={asked.clerk} wrong={asked.wrong} lockedUntil={asked.lockedUntil} />
    </Dialog>
  );
}

function PinForm({ clerk, wrong, lockedUntil }: { clerk: ClerkRef; wrong: boolean; lockedUntil: string | null }) {
  const { t } = useT();
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{4,12}$/.test(pin)) return setProblem(t('clerks.pin.invalid'));
    setProblem(null);
    setBusy(true);
    pickClerk(clerk.id, pin)
      .catch((error: unknown) => setProblem(errorMessage(error)))
      .finally(() => setBusy(false));
  };
  const shown = problem ?? (lockedUntil ? t('clerks.pin.locked', { name: clerk.name, time: formatTime(lockedUntil) }) : wrong ? t('clerks.pin.wrong') : null);
  return (
    <form onSubmit={submit} noValidate className="clerk-pin">
      <label htmlFor="clerk-pin">{t('clerks.pin.label')}</label>
      <input
        id="clerk-pin"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        autoFocus
        maxLength={12}
        value={pin}
        onChange={(e) => setPin(e.target.value)}
        aria-invalid={shown !== null}
        aria-describedby={shown ? 'clerk-pin-problem' : undefined}
      />
      <button type="submit" disabled={busy}>
        {t('clerks.pin.take')}
      </button>
      {shown && (
        <p id="clerk-pin-problem" className="field-error" role="alert">
          {shown}
        </p>
      )}
    </form>
  );
}
