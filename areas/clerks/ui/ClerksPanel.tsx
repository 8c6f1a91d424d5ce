import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ClerkView } from '../common/ipc';
import { MAX_IDLE_MINUTES } from '../common/idle';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { useT } from '../../../renderer/src/i18n/useT';
import { ConfirmDialog } from '../../../renderer/src/ui/ConfirmDialog';
import { Dialog } from '../../../renderer/src/ui/Dialog';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { showToast } from '../../../renderer/src/ui/Toasts';
import { browserDialogWords, handToBrowser, jobTitle } from '../../printing/ui';
import { useChangeClerks, useClerks } from './queries';
import './clerks.css';

const PIN = /^\d{4,12}$/;

/**
 * Settings → Clerks: the clerks who take turns at this desk (added, renamed, given a PIN or none,
 * removed), each one's badge printed on the item label printer, and how long an idle desk waits
 * before it hands back to no clerk.
 */
export function ClerksPanel() {
  const { t } = useT();
  const view = useClerks().data;
  const [editing, setEditing] = useState<{ clerk: ClerkView; what: 'rename' | 'pin' | 'remove' } | null>(null);
  return (
    <section aria-labelledby="clerks-title" className="clerks-settings" data-testid="settings-clerks">
      {/* data-section: the palette's "Settings: Clerks" line finds the section in any language. */}
      <h2 id="clerks-title" data-section="Clerks">
        {t('clerks.settings.title')}
      </h2>
      <p className="muted">{t('clerks.settings.about')}</p>
      {view && view.clerks.length > 0 ? (
        <table className="clerks-table">
          <thead>
            <tr>
              <th scope="col">{t('clerks.settings.name')}</th>
              <th scope="col">{t('clerks.settings.badge')}</th>
              <th scope="col">{t('clerks.settings.pin')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('clerks.settings.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {view.clerks.map((clerk) => (
              <tr key={clerk.id}>
                <th scope="row">{clerk.name}</th>
                <td>
                  <code>{clerk.badge}</code>
                </td>
                <td>{clerk.hasPin ? t('clerks.settings.pinSet') : t('clerks.settings.pinNone')}</td>
                <td className="button-row">
                  <PrintBadge clerk={clerk} />
                  <button
                    type="button"
                    className="quiet"
                    onClick={() => setEditing({ clerk, what: 'rename' })}
                    aria-label={t('clerks.settings.renameNamed', { name: clerk.name })}
                  >
                    {t('clerks.settings.rename')}
                  </button>
                  <button
                    type="button"
                    className="quiet"
                    onClick={() => setEditing({ clerk, what: 'pin' })}
                    aria-label={t('clerks.settings.pinNamed', { name: clerk.name })}
                  >
                    {t('clerks.settings.changePin')}
                  </button>
                  <button
                    type="button"
                    className="quiet"
                    onClick={() => setEditing({ clerk, what: 'remove' })}
                    aria-label={t('clerks.settings.removeNamed', { name: clerk.name })}
                  >
                    {t('clerks.settings.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        view && <p>{t('clerks.settings.empty')}</p>
      )}
      <AddClerk />
      {view && <IdleTime key={view.idleMinutes} minutes={view.idleMinutes} />}
      {editing?.what === 'rename' && <RenameClerk clerk={editing.clerk} onClose={() => setEditing(null)} />}
      {editing?.what === 'pin' && <ClerkPinForm clerk={editing.clerk} onClose={() => setEditing(null)} />}
      {editing?.what === 'remove' && <RemoveClerk clerk={editing.clerk} onClose={() => setEditing(null)} />}
    </section>
  );
}

function AddClerk() {
  const { t } = useT();
  const change = useChangeClerks();
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setProblem(t('clerks.settings.nameNeeded'));
    if (pin !== '' && !PIN.test(pin)) return setProblem(t('clerks.pin.invalid'));
    setProblem(null);
    change.mutate(
      { channel: 'clerks.add', input: { name: name.trim(), pin: pin === '' ? null : pin } },
      {
        onSuccess: () => {
          showToast({ title: t('clerks.settings.added', { name: name.trim() }), tone: 'success' });
          setName('');
          setPin('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="clerks-add">
      <h3>{t('clerks.settings.add')}</h3>
      <label htmlFor="clerk-add-name">{t('clerks.settings.clerkName')}</label>
      <input id="clerk-add-name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      <label htmlFor="clerk-add-pin">{t('clerks.settings.pinOptional')}</label>
      <input
        id="clerk-add-pin"
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={12}
        value={pin}
        onChange={(e) => setPin(e.target.value)}
      />
      <button type="submit" disabled={change.isPending}>
        {t('clerks.settings.addButton')}
      </button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {change.error && <ErrorNote error={change.error} prefix={t('clerks.settings.failed')} />}
    </form>
  );
}

function IdleTime({ minutes }: { minutes: number }) {
  const { t } = useT();
  const change = useChangeClerks();
  const [text, setText] = useState(String(minutes));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = Number(text.trim());
    if (!/^\d{1,4}$/.test(text.trim()) || value > MAX_IDLE_MINUTES) return setProblem(t('clerks.idle.invalid', { max: MAX_IDLE_MINUTES }));
    setProblem(null);
    change.mutate({ channel: 'clerks.idle.set', input: { minutes: value } });
  };
  return (
    <form onSubmit={submit} noValidate className="clerks-idle">
      <label htmlFor="clerk-idle">{t('clerks.idle.label')}</label>
      <input
        id="clerk-idle"
        inputMode="numeric"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby="clerk-idle-hint"
        aria-invalid={problem !== null}
      />
      <span id="clerk-idle-hint" className="muted">
        {t('clerks.idle.hint')}
      </span>
      <button type="submit" disabled={change.isPending || text.trim() === String(minutes)}>
        {t('clerks.idle.save')}
      </button>
      {change.isSuccess && (
        <span role="status" className="muted">
          {t('clerks.idle.saved')}
        </span>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {change.error && <ErrorNote error={change.error} prefix={t('clerks.settings.failed')} />}
    </form>
  );
}

/** The clerk's badge on the item label printer: the clerk's name and the badge code as a barcode. */
function PrintBadge({ clerk }: { clerk: ClerkView }) {
  const { t } = useT();
  const print = useMutation({
    mutationFn: async () => handToBrowser(await call('printing.itemLabel.print', { label: { sku: clerk.badge, name: clerk.name, copies: 1, badge: true } })),
    onSuccess: (job) => {
      if (job.state === 'to-browser')
        showToast({ title: t('printing.toast.toDialog', { what: jobTitle(t, job) }), description: browserDialogWords(null, t), tone: 'success' });
      else if (job.state === 'printed')
        showToast({
          title: t('printing.toast.printed', { what: jobTitle(t, job) }),
          description: t('printing.toast.on', { printer: job.printerName }),
          tone: 'success',
        });
    },
    onError: (error) => showToast({ title: t('clerks.settings.printFailed', { name: clerk.name }), description: error.message, tone: 'error' }),
  });
  return (
    <button type="button" onClick={() => print.mutate()} disabled={print.isPending} aria-label={t('clerks.settings.printNamed', { name: clerk.name })}>
      {t('clerks.settings.print')}
    </button>
  );
}

function RenameClerk({ clerk, onClose }: { clerk: ClerkView; onClose: () => void }) {
  const { t } = useT();
  const change = useChangeClerks();
  const [name, setName] = useState(clerk.name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    change.mutate({ channel: 'clerks.rename', input: { id: clerk.id, name: name.trim() } }, { onSuccess: onClose });
  };
  return (
    <Dialog title={t('clerks.settings.renameNamed', { name: clerk.name })} isOpen onOpenChange={(o) => !o && onClose()}>
      <form onSubmit={submit} noValidate className="clerks-dialog-form">
        <label htmlFor="clerk-rename">{t('clerks.settings.clerkName')}</label>
        <input id="clerk-rename" autoFocus value={name} maxLength={80} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        <button type="submit" className="primary" disabled={change.isPending || !name.trim()}>
          {t('clerks.settings.save')}
        </button>
        {change.error && <ErrorNote error={change.error} prefix={t('clerks.settings.failed')} />}
      </form>
    </Dialog>
  );
}

function ClerkPinForm({ clerk, onClose }: { clerk: ClerkView; onClose: () => void }) {
  const { t } = useT();
  const change = useChangeClerks();
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = (value: string | null) => {
    if (value !== null && !PIN.test(value)) return setProblem(t('clerks.pin.invalid'));
    setProblem(null);
    change.mutate({ channel: 'clerks.pin.set', input: { id: clerk.id, pin: value } }, { onSuccess: onClose });
  };
  return (
    <Dialog title={t('clerks.settings.pinNamed', { name: clerk.name })} isOpen onOpenChange={(o) => !o && onClose()}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save(pin);
        }}
        noValidate
        className="clerks-dialog-form"
      >
        <label htmlFor="clerk-new-pin">{t('clerks.settings.newPin')}</label>
        <input
          id="clerk-new-pin"
          autoFocus
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={12}
          value={pin}
          onChange={(e) => setPin(e.target.value)}
        />
        <div className="button-row">
          <button type="submit" className="primary" disabled={change.isPending}>
            {t('clerks.settings.save')}
          </button>
          {clerk.hasPin && (
            <button type="button" disabled={change.isPending} onClick={() => save(null)}>
              {t('clerks.settings.noPin')}
            </button>
          )}
        </div>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        {change.error && <ErrorNote error={change.error} prefix={t('clerks.settings.failed')} />}
      </form>
    </Dialog>
  );
}

function RemoveClerk({ clerk, onClose }: { clerk: ClerkView; onClose: () => void }) {
  const { t } = useT();
  const change = useChangeClerks();
  return (
    <ConfirmDialog
      title={t('clerks.settings.removeNamed', { name: clerk.name })}
      isOpen
      onClose={onClose}
      confirmLabel={t('clerks.settings.remove')}
      isPending={change.isPending}
      onConfirm={() => change.mutate({ channel: 'clerks.remove', input: { id: clerk.id } }, { onSuccess: onClose })}
    >
      <p>{t('clerks.settings.removeSays', { name: clerk.name })}</p>
      {change.error && <ErrorNote error={change.error} prefix={t('clerks.settings.failed')} />}
    </ConfirmDialog>
  );
}
