import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { PrinterKind, PrinterProfile, PrintingSettings, PrintJob } from '../../../../shared/ipc/printing';
import { call } from '../../bridge/dockdesk';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorNote } from '../../ui/ErrorNote';
import { PrinterForm } from './PrinterForm';
import { browserDialogWords, handToBrowser } from './browserPrint';
import { profileLine } from './printerText';
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
  const settings = usePrintingSettings();
  const [editing, setEditing] = useState<PrinterProfile | { new: PrinterKind } | null>(null);
  const [removing, setRemoving] = useState<PrinterProfile | null>(null);
  const focusAfter = useFocusAfter();
  // Drawn once both are read, so the first control (the emulator's printer, when there is one) is there from the start.
  const emulated = useEmulatedPrinter();
  const data = emulated.isPending ? undefined : settings.data;
  return (
    <section aria-labelledby="printers-title" className="printers-settings" data-testid="settings-printers">
      <h2 id="printers-title">Printers</h2>
      <p className="muted">Printers of this desk: kept on this computer for whoever signs in.</p>
      {settings.error && <ErrorNote error={settings.error} prefix="The printers could not be read" />}
      {data && (
        <>
          <EmulatorPrinter emulated={emulated.data ?? null} settings={data} onSaved={(id) => focusAfter(`test-${id}`)} />
          {data.profiles.length === 0 ? (
            <p className="state">No printer is set up on this desk yet.</p>
          ) : (
            <ul className="printers" aria-label="Printers">
              {data.profiles.map((p) => (
                <PrinterRow key={p.id} profile={p} settings={data} onEdit={() => setEditing(p)} onRemove={() => setRemoving(p)} />
              ))}
            </ul>
          )}
          {data.profiles.length > 0 && <Roles settings={data} />}
          {editing === null ? (
            <div className="actions printers-add">
              <button type="button" data-focus-key="add-network-label" onClick={() => setEditing({ new: 'network-label' })}>
                Add a network label printer
              </button>
              <button type="button" data-focus-key="add-system" onClick={() => setEditing({ new: 'system' })}>
                Add a system printer
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
        </>
      )}
      <RemovePrinter profile={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

/** What prints where, and what the browser host cannot do, said once under the list. */
function SystemNote() {
  const system = useSystemPrinters();
  return (
    <p className="muted printers-system-note">
      Box labels print from the receiving order page and item labels from an item page (Alt+P). A network label printer takes ZPL on its raw port (9100), from
      Electron and the browser host alike.{' '}
      {system.data?.available === false
        ? 'A system printer prints with no dialog in the desktop app only; here in the browser, each of its jobs opens the browser’s own print dialog.'
        : 'A system printer takes a PDF the label’s size through this computer’s print queue, with no dialog.'}
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
        {earlier ? `Point "${earlier.name}" at the built-in emulator’s printer` : 'Use the built-in emulator’s printer'}
      </button>
      <span className="muted">
        A Zebra-class label printer the built-in emulator runs at {emulated.host} port {emulated.port}: what it prints is listed, nothing comes out on paper.
      </span>
      {save.error && <ErrorNote error={save.error} prefix="The emulator’s printer could not be set up" />}
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
  // A system printer's test label in the browser host opens the browser's print dialog.
  const test = useMutation({ mutationFn: async () => handToBrowser(await call('printing.testPrint', { printerId: p.id })) });
  const browserHost = useSystemPrinters().data?.available === false;
  const roles = [settings.itemLabelPrinter === p.id ? 'item labels' : null, settings.boxLabelPrinter === p.id ? 'box labels' : null].filter(Boolean);
  return (
    <li data-testid={`printer-${p.name}`}>
      <div className="printer-head">
        <div>
          <strong>{p.name}</strong>
          {roles.length > 0 && <span className="badge">Prints {roles.join(' and ')}</span>}
          <div className="muted">{profileLine(p, browserHost)}</div>
        </div>
        <div className="actions">
          <button type="button" data-focus-key={`test-${p.id}`} onClick={() => test.mutate()} disabled={test.isPending} aria-label={`Test print on ${p.name}`}>
            {test.isPending ? 'Printing…' : 'Test print'}
          </button>
          <button type="button" data-focus-key={`edit-${p.id}`} onClick={onEdit} aria-label={`Edit ${p.name}`}>
            Edit
          </button>
          <button type="button" onClick={onRemove} aria-label={`Remove ${p.name}`}>
            Remove
          </button>
        </div>
      </div>
      {test.data && <TestOutcome job={test.data} profile={p} />}
      {test.error && <ErrorNote error={test.error} prefix="The test print was not sent" />}
    </li>
  );
}

/** What became of a test print: printed, or what is wrong and what to check (the job waits in the print queue). */
function TestOutcome({ job, profile }: { job: PrintJob; profile: PrinterProfile }) {
  if (job.state === 'to-browser')
    return (
      <p className="printer-outcome ok" role="status">
        {browserDialogWords(profile.kind === 'system' ? profile : null)}
      </p>
    );
  if (job.state === 'printed')
    return (
      <p className="printer-outcome ok" role="status">
        Test label printed. Check that its frame sits inside the label’s edges and that the barcode scans.
      </p>
    );
  return (
    <p className="printer-outcome bad" role="alert">
      {job.problem ?? 'The printer did not take the test label.'} The job is kept in the print queue (status bar).
    </p>
  );
}

/** Which printer prints item labels and which box labels; "None" leaves that kind unprinted until one is chosen. */
function Roles({ settings }: { settings: PrintingSettings }) {
  const set = useSetRoles();
  const id = useId();
  const choice = (key: 'itemLabelPrinter' | 'boxLabelPrinter', label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select id={`${id}-${key}`} value={settings[key] ?? ''} disabled={set.isPending} onChange={(e) => set.mutate({ [key]: e.target.value || null })}>
        <option value="">None</option>
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
      {choice('itemLabelPrinter', 'Item labels print on')}
      {choice('boxLabelPrinter', 'Box labels print on')}
      {set.error && <ErrorNote error={set.error} prefix="The choice could not be saved" />}
    </div>
  );
}

/** Removing a printer asks first, on the way out; the printer itself is not touched. */
function RemovePrinter({ profile, onClose }: { profile: PrinterProfile | null; onClose: () => void }) {
  const remove = useRemoveProfile();
  return (
    <ConfirmDialog
      title={profile ? `Remove ${profile.name}?` : 'Remove printer?'}
      isOpen={profile !== null}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      confirmLabel="Remove printer"
      pendingLabel="Removing…"
      isPending={remove.isPending}
      dismissLabel="Keep it"
      onConfirm={() => profile && remove.mutate(profile.id, { onSuccess: onClose })}
    >
      <p>
        This desk forgets {profile?.name ?? 'the printer'} and its settings; labels it was chosen for print nowhere until another printer is chosen. Jobs kept
        for it cannot be sent again. The printer itself is not changed.
      </p>
      {remove.error && <ErrorNote error={remove.error} prefix="The printer was not removed" />}
    </ConfirmDialog>
  );
}
