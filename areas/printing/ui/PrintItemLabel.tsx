import { useMutation } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useRouter } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent, type ReactNode, type Ref, type RefObject } from 'react';
import type { PrinterProfile, PrintJob } from '../common/ipc';
import { lineItemLabel, MAX_COPIES } from '../common/item-label';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { formatDay } from '../../../renderer/src/format';
import { useT } from '../../../renderer/src/i18n/useT';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import { Dialog } from '../../../renderer/src/ui/Dialog';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { showToast } from '../../../renderer/src/ui/Toasts';
import { openSettingsSection } from '../../settings/ui';
import { browserDialogWords, handToBrowser } from './browserPrint';
import { jobProblem, jobTitle, sizeWords } from './printerText';
import { usePrintingSettings } from './queries';

/** What an item label carries: the item's own codes, and the lots the view shows (a scanned one first). */
export interface LabelledItem {
  sku: string;
  name: string;
  gtin: string | null;
  lots: readonly { lotNumber: string; expiresAt: string | null }[];
  /** The lot in view (a scanned GS1 code's), chosen at first. */
  lotInView: string | null;
}

export const PRINT_ITEM_LABEL_KEYS = 'Alt+P';
/** In the label dialog of a line: copies, one per unit of the line. */
const PER_UNIT_KEYS = 'Alt+U';

/** Opens Settings → Printers from anywhere: the palette's "Printers…" and the label dialog when no printer is chosen. */
export function useOpenPrinters() {
  const router = useRouter();
  return () => openSettingsSection('Printers', { navigate: (href) => router.history.push(href.replace(/^#/, '')) });
}

/**
 * "Print item label…" on an item: a button and Alt+P, opening a small form (copies, and the lot when
 * the item has lots) that sends the labels to the desk's item-label printer. Where no printer prints
 * item labels yet, it says so and offers Settings → Printers. `primary`: the view's main action, where
 * its focus starts.
 */
export function PrintItemLabel({ item, primary = false }: { item: LabelledItem; primary?: boolean }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  useShortcut({
    keys: PRINT_ITEM_LABEL_KEYS,
    description: t('printing.item.keyPrint'),
    group: t('printing.item.group'),
    inFields: true,
    handler: () => setOpen(true),
  });
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts={PRINT_ITEM_LABEL_KEYS}
        title={`${PRINT_ITEM_LABEL_KEYS}`}
        data-primary={primary || undefined}
      >
        {t('printing.item.open')}
      </button>
      <Dialog title={t('printing.item.title')} isOpen={open} onOpenChange={setOpen}>
        <ItemLabelForm item={item} onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

/** Unique lots, the one in view first; a scanned lot the item has no stock of is still offered. */
function lotChoices(item: LabelledItem): { lotNumber: string; expiry: string | null }[] {
  const seen = new Map<string, string | null>();
  if (item.lotInView) seen.set(item.lotInView, null);
  for (const l of item.lots) if (!seen.get(l.lotNumber)) seen.set(l.lotNumber, l.expiresAt ? l.expiresAt.slice(0, 10) : null);
  return [...seen].map(([lotNumber, expiry]) => ({ lotNumber, expiry }));
}

/** A lot and expiry chosen for the label (either may be unknown). */
export interface LabelLot {
  lotNumber: string | null;
  expiry: string | null;
}

/** Sends the labels; a printed job closes the form with a notice, a kept one stays said in the form. */
function usePrintLabel(item: LabelledItem, chosen: LabelLot | null, onDone: () => void) {
  const { t } = useT();
  return useMutation({
    mutationFn: async (copies: number) =>
      handToBrowser(
        await call('printing.itemLabel.print', { label: lineItemLabel(item, { lot: chosen?.lotNumber ?? null, expiry: chosen?.expiry ?? null }, copies) }),
      ),
    onSuccess: (job: PrintJob) => {
      if (job.state === 'to-browser') {
        showToast({ title: t('printing.toast.toDialog', { what: jobTitle(t, job) }), description: browserDialogWords(null, t), tone: 'success' });
        onDone();
        return;
      }
      if (job.state !== 'printed') return;
      showToast({
        title: t('printing.toast.printed', { what: jobTitle(t, job) }),
        description: t('printing.toast.on', { printer: job.printerName }),
        tone: 'success',
      });
      onDone();
    },
  });
}

function NoPrinter({ onOpen }: { onOpen: () => void }) {
  const { t } = useT();
  return (
    <div className="print-label-form">
      <p role="status">{t('printing.item.noPrinter')}</p>
      <div className="button-row">
        <button type="button" className="primary" autoFocus onClick={onOpen}>
          {t('printing.item.openPrinters')}
        </button>
      </div>
    </div>
  );
}

interface ItemLabelFormProps {
  item: LabelledItem;
  onDone: () => void;
  fixedLot?: LabelLot;
  /**
   * Labels for one per unit of the line (its quantity, within what one job prints): offered one key
   * away, never filled in, so Enter on the dialog prints one label, not a line's two dozen.
   */
  perUnit?: number;
  /** Said above the fields (what the label cannot carry, and why). */
  note?: string;
}

/**
 * The label form: copies, and the lot. `fixedLot`: the lot and expiry of the line the label is for
 * (a return line, a box's item, a lot in stock), shown, not chosen; else the item's lots to choose from.
 */
export function ItemLabelForm({ item, onDone, fixedLot, perUnit, note }: ItemLabelFormProps) {
  const id = useId();
  const { t } = useT();
  const settings = usePrintingSettings();
  const openPrinters = useOpenPrinters();
  const lots = lotChoices(item);
  const [copies, setCopies] = useState('1');
  const [lot, setLot] = useState(item.lotInView ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const copiesField = useRef<HTMLInputElement>(null);
  const print = usePrintLabel(item, fixedLot ?? lots.find((l) => l.lotNumber === lot) ?? null, onDone);
  const printer = settings.data?.profiles.find((p) => p.id === settings.data?.itemLabelPrinter) ?? null;
  const form = useRef<HTMLFormElement>(null);

  if (settings.data && !printer)
    return (
      <NoPrinter
        onOpen={() => {
          onDone();
          openPrinters();
        }}
      />
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const count = copiesCount(copies);
    if (count === null) {
      setProblem(t('printing.item.copiesProblem', { max: MAX_COPIES }));
      copiesField.current?.focus();
      return;
    }
    setProblem(null);
    print.mutate(count);
  };
  const change = (value: string) => {
    setCopies(value);
    setProblem(null);
  };
  return (
    <form ref={form} className="print-label-form" onSubmit={submit} noValidate aria-label={t('printing.item.formLabel', { sku: item.sku })}>
      <ItemFacts item={item} />
      {fixedLot && <LotFacts lot={fixedLot} />}
      {note && <p className="muted">{note}</p>}
      <div className="print-label-fields">
        <CopiesField id={`${id}-copies`} inputRef={copiesField} value={copies} problem={problem} onChange={change} />
        {perUnit !== undefined && perUnit > 1 && (
          <PerUnitCopies
            count={perUnit}
            form={form}
            onUse={(count) => {
              // The count shown before it is selected: what the clerk types next replaces it.
              flushSync(() => change(String(count)));
              copiesField.current?.focus();
              copiesField.current?.select();
            }}
          />
        )}
        {!fixedLot && lots.length > 0 && <LotChoice id={`${id}-lot`} lots={lots} value={lot} onChange={setLot} />}
      </div>
      <PrintOutcome printer={printer} job={print.data} error={print.error} />
      <div className="button-row">
        {/* Not held back while the printers are read: main picks the printer, and a disabled default
            button would swallow the clerk's Enter. */}
        <button type="submit" className="primary" disabled={print.isPending}>
          {print.isPending ? t('printing.item.printing') : t('printing.item.print', { count: Number(copies) >= 1 ? Math.floor(Number(copies)) : 1 })}
        </button>
        <button type="button" onClick={onDone}>
          {t('printing.item.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The copies typed as a count one job prints, or null. */
function copiesCount(text: string): number | null {
  const count = /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return count >= 1 && count <= MAX_COPIES ? count : null;
}

/** "One per unit: 24" beside the copies, and its key while focus is in the form. */
function PerUnitCopies({ count, form, onUse }: { count: number; form: RefObject<HTMLFormElement | null>; onUse: (count: number) => void }) {
  const { t, rich } = useT();
  useShortcut({
    keys: PER_UNIT_KEYS,
    description: t('printing.item.keyPerUnit'),
    group: t('printing.item.group'),
    inFields: true,
    scope: () => form.current,
    handler: () => onUse(count),
  });
  return (
    <button type="button" className="per-unit" onClick={() => onUse(count)} aria-keyshortcuts={PER_UNIT_KEYS} title={PER_UNIT_KEYS}>
      {rich('printing.item.perUnit', { count, keys: PER_UNIT_KEYS, kbd: (chunks) => <kbd>{chunks}</kbd> })}
    </button>
  );
}

/** Where the labels go, and what became of the last try: a job the printer did not take is kept, said so. */
function PrintOutcome({ printer, job, error }: { printer: PrinterProfile | null; job: PrintJob | undefined; error: Error | null }) {
  const { t, said } = useT();
  const kept = job && job.state !== 'printed' && job.state !== 'to-browser' ? job : null;
  return (
    <>
      {printer && <p className="muted">{t('printing.item.printsOn', { name: printer.name, size: sizeWords(t, printer) })}</p>}
      {/* The printer's problem is main's sentences, said in the clerk's language; the desk's own sentence follows them. */}
      {kept && (
        <p className="error" role="alert">
          {jobProblem(said, kept) ?? t('printing.item.notTaken')} {t('printing.item.kept')}
        </p>
      )}
      {error && <ErrorNote error={error} prefix={t('printing.item.failed')} />}
    </>
  );
}

const code = (chunks: ReactNode[]) => <span className="code">{chunks}</span>;
const muted = (chunks: ReactNode[]) => <span className="muted">{chunks}</span>;

function ItemFacts({ item }: { item: LabelledItem }) {
  const { rich } = useT();
  return (
    <p>
      <strong>{item.name}</strong>
      <br />
      {item.gtin ? rich('printing.item.facts', { sku: item.sku, gtin: item.gtin, code }) : rich('printing.item.factsNoGtin', { sku: item.sku, code, muted })}
    </p>
  );
}

function LotFacts({ lot }: { lot: LabelLot }) {
  const { t, rich } = useT();
  if (!lot.lotNumber && !lot.expiry) return <p className="muted">{t('printing.lot.none')}</p>;
  return (
    <p data-testid="label-lot">
      {rich('printing.lot.facts', {
        hasLot: lot.lotNumber ? 'yes' : 'no',
        lot: lot.lotNumber ?? '',
        hasExpiry: lot.expiry ? 'yes' : 'no',
        expiry: lot.expiry ? formatDay(lot.expiry) : '',
        code,
      })}
    </p>
  );
}

function LotChoice({
  id,
  lots,
  value,
  onChange,
}: {
  id: string;
  lots: { lotNumber: string; expiry: string | null }[];
  value: string;
  onChange: (lot: string) => void;
}) {
  const { t } = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t('printing.lot.label')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('printing.lot.noneOnLabel')}</option>
        {lots.map((l) => (
          <option key={l.lotNumber} value={l.lotNumber}>
            {l.expiry ? t('printing.lot.option', { lot: l.lotNumber, expiry: formatDay(l.expiry) }) : l.lotNumber}
          </option>
        ))}
      </select>
    </div>
  );
}

function CopiesField({
  id,
  inputRef,
  value,
  problem,
  onChange,
}: {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t('printing.item.copies')}</label>
      <input
        id={id}
        ref={inputRef}
        inputMode="numeric"
        autoComplete="off"
        autoFocus
        // The count typed replaces the one shown: "3" makes three, not thirteen.
        onFocus={(e) => e.currentTarget.select()}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
      />
      {problem && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {problem}
        </small>
      )}
    </div>
  );
}
