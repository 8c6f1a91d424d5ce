import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { PrinterKind, PrinterProfile, PrintingSettings, PrintJob } from '../common/ipc';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { useT } from '../../../renderer/src/i18n/useT';
import { ConfirmDialog } from '../../../renderer/src/ui/ConfirmDialog';
import { LabelLanguage } from './LabelLanguage';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { PrinterForm } from './PrinterForm';
import { browserDialogWords, handToBrowser } from './browserPrint';
import { PRINT_ITEM_LABEL_KEYS } from './PrintItemLabel';
import { jobProblem, profileLine } from './printerText';
import { useEmulatedPrinter, usePrintingSettings, useRemoveProfile, useSaveProfile, useSetRoles, useSystemPrinters } from './queries';
import './printing.css';

/** The name a profile of the built-in emulator's printer gets, so it can be found again when the emulator moves to another port. */
export const EMULATOR_PRINTER_NAME = 'Emulator label printer';

/**
 * Where focus goes once the panel has drawn after a change (a control named by its data-focus-key):
 * the saved printer's Test print, or back to the button that opened a closed form.
 */
function useFocusAfter(): (key: string) => void {
  const pending = useRef<{ key: string; until: number } | null>(null);
  useEffect(() => {
    const want = pending.current;
    if (!want) return;
    const el = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(want.key)}"]`);
    if (el) el.focus();
    if (el || performance.now() > want.until) pending.current = null;
  });
  return (key) => {
    pending.current = { key, until: performance.now() + 2000 };
  };
}

/**
 * Settings → Printers: the desk's label printers (kept on this computer, whoever signs in), which
 * prints item labels and which box labels, a test print for each, and the built-in emulator's printer
 * in one step. Keyboard only: every control is a button, a field or a select, in reading order.
 */
export function PrintersPanel() {
  const { t } = useT();
  const settings = usePrintingSettings();
  const [editing, setEditing] = useState<PrinterProfile | { new: PrinterKind } | null>(null);
  const [removing, setRemoving] = useState<PrinterProfile | null>(null);
  const focusAfter = useFocusAfter();
  // Drawn once both are read, so the first control (the emulator's printer, when there is one) is there from the start.
  const emulated = useEmulatedPrinter();
  const data = emulated.isPending ? undefined : settings.data;
  return (
    <section aria-labelledby="printers-title" className="printers-settings" data-testid="settings-printers">
      {/* data-section: the palette's "Printers…" line and "No printer" dialog's button find the section in any language. */}
      <h2 id="printers-title" data-section="Printers">
        {t('printing.title')}
      </h2>
      <p className="muted">{t('printing.intro')}</p>
      {settings.error && <ErrorNote error={settings.error} prefix={t('printing.readFailed')} />}
      {data && (
        <>
          <EmulatorPrinter emulated={emulated.data ?? null} settings={data} onSaved={(id) => focusAfter(`test-${id}`)} />
          {data.profiles.length === 0 ? (
            <p className="state">{t('printing.none')}</p>
          ) : (
            <ul className="printers" aria-label={t('printing.title')}>
              {data.profiles.map((p) => (
                <PrinterRow key={p.id} profile={p} settings={data} onEdit={() => setEditing(p)} onRemove={() => setRemoving(p)} />
              ))}
            </ul>
          )}
          {data.profiles.length > 0 && <Roles settings={data} />}
          {editing === null ? (
            <div className="actions printers-add">
              <button type="button" data-focus-key="add-network-label" onClick={() => setEditing({ new: 'network-label' })}>
                {t('printing.addNetwork')}
              </button>
              <button type="button" data-focus-key="add-system" onClick={() => setEditing({ new: 'system' })}>
                {t('printing.addSystem')}
              </button>
            </div>
          ) : (
            <PrinterForm
              key={'new' in editing ? `new-${editing.new}` : editing.id}
              editing={'new' in editing ? null : editing}
              kind={'new' in editing ? editing.new : editing.kind}
              onDone={(saved) => {
                const was = editing;
                setEditing(null);
                focusAfter(saved ? `test-${saved}` : 'new' in was ? `add-${was.new}` : `edit-${was.id}`);
              }}
            />
          )}
          <SystemNote />
          {/* After the printers and their buttons: setting up a printer stays the panel's first path by Tab. */}
          <LabelLanguage />
        </>
      )}
      <RemovePrinter profile={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

/** What prints where, and what the browser host cannot do, said once under the list. */
function SystemNote() {
  const { t } = useT();
  const system = useSystemPrinters();
  return (
    <p className="muted printers-system-note">
      {t('printing.note', { keys: PRINT_ITEM_LABEL_KEYS, browser: system.data?.available === false ? 'yes' : 'no' })}
    </p>
  );
}

/** "Use the built-in emulator's printer": one step, as any network printer at its loopback address. */
function EmulatorPrinter({
  emulated,
  settings,
  onSaved,
}: {
  emulated: { host: string; port: number } | null;
  settings: PrintingSettings;
  onSaved: (id: string) => void;
}) {
  const { t } = useT();
  const save = useSaveProfile();
  if (!emulated) return null;
  const network = settings.profiles.flatMap((p) => (p.kind === 'network-label' ? [p] : []));
  if (network.some((p) => p.host === emulated.host && p.port === emulated.port)) return null;
  // The emulator takes a free port each start: a profile made for it earlier is pointed at the new one.
  const earlier = network.find((p) => p.name === EMULATOR_PRINTER_NAME);
  const use = () =>
    save.mutate(
      earlier
        ? { ...earlier, host: emulated.host, port: emulated.port }
        : { kind: 'network-label', name: EMULATOR_PRINTER_NAME, host: emulated.host, port: emulated.port },
      { onSuccess: (s) => onSaved(s.profiles.find((p) => p.name === EMULATOR_PRINTER_NAME)?.id ?? '') },
    );
  return (
    <div className="printers-emulator">
      <button type="button" onClick={use} disabled={save.isPending}>
        {earlier ? t('printing.emulator.repoint', { name: earlier.name }) : t('printing.emulator.use')}
      </button>
      <span className="muted">{t('printing.emulator.says', { host: emulated.host, port: emulated.port })}</span>
      {save.error && <ErrorNote error={save.error} prefix={t('printing.emulator.failed')} />}
    </div>
  );
}

function PrinterRow({
  profile: p,
  settings,
  onEdit,
  onRemove,
}: {
  profile: PrinterProfile;
  settings: PrintingSettings;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useT();
  // A system printer's test label in the browser host opens the browser's print dialog.
  const test = useMutation({ mutationFn: async () => handToBrowser(await call('printing.testPrint', { printerId: p.id })) });
  const browserHost = useSystemPrinters().data?.available === false;
  const item = settings.itemLabelPrinter === p.id;
  const box = settings.boxLabelPrinter === p.id;
  return (
    <li data-testid={`printer-${p.name}`}>
      <div className="printer-head">
        <div>
          <strong>{p.name}</strong>
          {(item || box) && <span className="badge">{t('printing.row.prints', { roles: item && box ? 'both' : item ? 'item' : 'box' })}</span>}
          <div className="muted">{profileLine(t, p, browserHost)}</div>
        </div>
        <div className="actions">
          <button
            type="button"
            data-focus-key={`test-${p.id}`}
            onClick={() => test.mutate()}
            disabled={test.isPending}
            aria-label={t('printing.row.testNamed', { name: p.name })}
          >
            {test.isPending ? t('printing.row.testing') : t('printing.row.test')}
          </button>
          <button type="button" data-focus-key={`edit-${p.id}`} onClick={onEdit} aria-label={t('printing.row.editNamed', { name: p.name })}>
            {t('printing.row.edit')}
          </button>
          <button type="button" onClick={onRemove} aria-label={t('printing.row.removeNamed', { name: p.name })}>
            {t('printing.row.remove')}
          </button>
        </div>
      </div>
      {test.data && <TestOutcome job={test.data} profile={p} />}
      {test.error && <ErrorNote error={test.error} prefix={t('printing.test.failed')} />}
    </li>
  );
}

/** What became of a test print: printed, or what is wrong and what to check (the job waits in the print queue). */
function TestOutcome({ job, profile }: { job: PrintJob; profile: PrinterProfile }) {
  const { t, said } = useT();
  if (job.state === 'to-browser')
    return (
      <p className="printer-outcome ok" role="status">
        {browserDialogWords(profile.kind === 'system' ? profile : null, t)}
      </p>
    );
  if (job.state === 'printed')
    return (
      <p className="printer-outcome ok" role="status">
        {t('printing.test.printed')}
      </p>
    );
  // The printer's problem is main's sentences, said in the clerk's language; the desk's own sentence follows them.
  return (
    <p className="printer-outcome bad" role="alert">
      {jobProblem(said, job) ?? t('printing.test.notTaken')} {t('printing.test.kept')}
    </p>
  );
}

/** Which printer prints item labels and which box labels; "None" leaves that kind unprinted until one is chosen. */
function Roles({ settings }: { settings: PrintingSettings }) {
  const { t } = useT();
  const set = useSetRoles();
  const id = useId();
  const choice = (key: 'itemLabelPrinter' | 'boxLabelPrinter', label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select id={`${id}-${key}`} value={settings[key] ?? ''} disabled={set.isPending} onChange={(e) => set.mutate({ [key]: e.target.value || null })}>
        <option value="">{t('printing.roles.none')}</option>
        {settings.profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="printer-roles">
      {choice('itemLabelPrinter', t('printing.roles.item'))}
      {choice('boxLabelPrinter', t('printing.roles.box'))}
      {set.error && <ErrorNote error={set.error} prefix={t('printing.roles.failed')} />}
    </div>
  );
}

/** Removing a printer asks first, on the way out; the printer itself is not touched. */
function RemovePrinter({ profile, onClose }: { profile: PrinterProfile | null; onClose: () => void }) {
  const { t } = useT();
  const remove = useRemoveProfile();
  const named = { named: profile ? 'yes' : 'no', name: profile?.name ?? '' };
  return (
    <ConfirmDialog
      title={t('printing.remove.title', named)}
      isOpen={profile !== null}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      confirmLabel={t('printing.remove.confirm')}
      pendingLabel={t('printing.remove.pending')}
      isPending={remove.isPending}
      dismissLabel={t('printing.remove.keep')}
      onConfirm={() => profile && remove.mutate(profile.id, { onSuccess: onClose })}
    >
      <p>{t('printing.remove.says', named)}</p>
      {remove.error && <ErrorNote error={remove.error} prefix={t('printing.remove.failed')} />}
    </ConfirmDialog>
  );
}
