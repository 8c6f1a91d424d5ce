import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AppError } from '../../../../shared/errors';
import { BoxPackagingType, PackageType } from '../../../../shared/schemas/receiving';
import { arrivalInstant, emptyWroItem, validateWroForm, type FieldErrors, type WroForm, type WroFormItem } from '../../../../shared/schemas/wro-form';
import { call } from '../../bridge/dockdesk';
import { useScanField } from '../../scan/useScanField';
import { formatTime, zoneShortName } from '../../format';
import { labelOf } from '../../../../shared/labels';
import { DateField } from '../../ui/DateField';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorNote, errorParts } from '../../ui/ErrorNote';
import { ComboBox, Select, type Choice } from '../../ui/Select';
import { showToast } from '../../ui/Toasts';
import { ViewHeading } from '../../ui/ViewHeading';
import { useFulfillmentCenters, useOrderAction } from './queries';
import type { WroCreateDraft } from '../../../../shared/schemas/drafts';
import { useDraftAutosave, type DraftStatus } from '../../drafts/useDraftAutosave';
import { openWroDraft, type OpenedDraft } from './wroDraft';

/** The field's messages: the form's own check, or the service's answer under the same path. */
function Errors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <span className="field-error" id={id}>
      {errors.join(' ')}
    </span>
  );
}

function Field({
  label,
  path,
  errors,
  children,
}: {
  label: string;
  path: string;
  errors: FieldErrors;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => React.ReactNode;
}) {
  const id = fieldId(path);
  const e = errors[path];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(e?.length), ...(e?.length ? { 'aria-describedby': `${id}-error` } : {}) })}
      <Errors id={`${id}-error`} errors={e} />
    </div>
  );
}

/** A text field a scan goes into whole (useScanField): a box's tracking number, an item's code. */
function ScanInput({ onScan, ...props }: React.InputHTMLAttributes<HTMLInputElement> & { onScan: (code: string) => void | Promise<boolean> }) {
  const ref = useRef<HTMLInputElement>(null);
  useScanField(ref, async (scan) => {
    const code = scan.text.replace(/\p{Cc}/gu, '').trim();
    if (!code) return 'refused';
    return (await onScan(code)) === false ? 'refused' : 'accepted';
  });
  return <input ref={ref} {...props} />;
}

/** The element id Field gives the field of `path`. */
const fieldId = (path: string) => `f-${path.replace(/[^a-z0-9]+/gi, '-')}`;
/** Moves focus to a field of the form once it is drawn (a line just added renders on the next frame). */
const focusField = (path: string) => requestAnimationFrame(() => document.getElementById(fieldId(path))?.focus());

const packageChoices: Choice<string>[] = PackageType.options.map((p) => ({ id: p, label: labelOf('PackageType', p) }));
const packagingChoices: Choice<string>[] = BoxPackagingType.options.map((p) => ({ id: p, label: labelOf('BoxPackagingType', p) }));

/**
 * A new receiving order: the form checks the service's rules as the user goes (shared/schemas/
 * wro-form.ts, the same rules main checks), and the service's own 422 lands on the same fields.
 * An item is scanned or typed (SKU, barcode or inventory id) and resolved through main on Enter.
 * The form is a draft (wroDraft.ts, drafts/useDraftAutosave.ts): saved as the user types, reopened after a reload, a crash or
 * a restart, and discarded once the order is created.
 */
export function ReceivingCreate() {
  const { draft } = useSearch({ from: '/receiving/new' });
  const [initialDraft] = useState(draft);
  const [opened, setOpened] = useState<OpenedDraft | null>(null);
  const [openError, setOpenError] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    openWroDraft(initialDraft).then(
      (d) => live && setOpened(d),
      (e: unknown) => live && setOpenError(e),
    );
    return () => {
      live = false;
    };
  }, [initialDraft]);
  return (
    <section className="workspace" aria-labelledby="wro-new-title">
      <header className="workspace-header">
        <ViewHeading id="wro-new-title">New receiving order</ViewHeading>
      </header>
      {openError ? (
        <ErrorNote error={openError} prefix="The saved draft could not be opened" />
      ) : opened ? (
        <WroCreateForm opened={opened} />
      ) : (
        <p className="state" role="status" data-loading>
          Opening the draft…
        </p>
      )}
    </section>
  );
}

function DraftNote({ status, pending, restored, onDiscard }: { status: DraftStatus; pending: boolean; restored: boolean; onDiscard: () => void }) {
  const text =
    status.state === 'saving'
      ? 'Saving draft…'
      : status.state === 'saved'
        ? `${restored ? 'Draft restored; ' : 'Draft '}saved${status.at ? ` ${formatTime(status.at)}` : ''}`
        : status.state === 'failed'
          ? `Draft not saved: ${status.message}`
          : 'Not saved yet: the draft is kept from the first change.';
  return (
    <p className="draft-note muted" data-testid="draft-status" data-pending={pending}>
      <span role={status.state === 'failed' ? 'alert' : undefined}>{text}</span>
      {/* Kept while a save runs (every blur saves): a button that left and came back under the
          pointer or the keyboard would lose the press. */}
      {(status.state === 'saved' || status.state === 'failed' || status.state === 'saving') && (
        <button type="button" className="quiet" onClick={onDiscard}>
          Discard draft
        </button>
      )}
    </p>
  );
}

function WroCreateForm({ opened }: { opened: OpenedDraft }) {
  const navigate = useNavigate();
  const centers = useFulfillmentCenters();
  const [form, setForm] = useState<WroForm>(opened.value.form);
  const [fallbackId] = useState(() => crypto.randomUUID());
  const [pendingSince, setPendingSince] = useState<string | undefined>(opened.value.pendingSince ?? undefined);
  // The form's own rules speak from the first submit on, and then follow every change; the service's
  // field errors (and an item code that resolved to nothing) stay until the next submit or resolve.
  const [checked, setChecked] = useState(false);
  const [extra, setExtra] = useState<FieldErrors>({});
  const shown = mergeErrors(checked ? validateWroForm(form) : {}, extra);
  // Expected arrival is a time at the center: the chosen center's zone, kept in the form so the
  // check and the body read it the same way (a draft from before it was kept gets it here).
  const centerZone = centers.data?.find((c) => c.id === form.fulfillment_center.id)?.timezone ?? null;
  const arrivalZone = form.fulfillment_center.timezone ?? centerZone;
  useEffect(() => {
    if (form.fulfillment_center.id !== null && centerZone && form.fulfillment_center.timezone !== centerZone)
      setForm((prev) => ({ ...prev, fulfillment_center: { ...prev.fulfillment_center, timezone: centerZone } }));
  }, [centerZone, form.fulfillment_center.id, form.fulfillment_center.timezone]);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const saver = useDraftAutosave<WroCreateDraft>({
    kind: 'wro-create',
    id: opened.id,
    savedAt: opened.savedAt,
    onCreated: (id) => void navigate({ to: '/receiving/new', search: { draft: id }, replace: true }),
  });
  const update = (change: (f: WroForm) => void) =>
    setForm((prev) => {
      const next = structuredClone(prev);
      change(next);
      return next;
    });
  // Every change of the form (or of the pending mark) goes to the draft; the opened value needs no save.
  const { change: saveDraft } = saver;
  const [openedForm] = useState(form);
  useEffect(() => {
    if (form !== openedForm || (pendingSince ?? null) !== opened.value.pendingSince) saveDraft({ form, pendingSince: pendingSince ?? null });
  }, [form, pendingSince, openedForm, opened.value.pendingSince, saveDraft]);
  const create = useOrderAction((input: { form: WroForm; pendingSince?: string }) =>
    call('receiving.create', { draftId: saver.draftId() ?? fallbackId, ...input }),
  );
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [removing, setRemoving] = useState<{ b: number; i: number } | null>(null);
  const discardDraft = async () => {
    setConfirmDiscard(false);
    await saver.discard();
    showToast({ title: 'Draft discarded', tone: 'info' });
    void navigate({ to: '/receiving', search: {} }); // the router shows a failed navigation itself; nothing waits for it
  };

  const resolve = async (b: number, i: number, code: string) => {
    const trimmed = code.trim();
    if (!trimmed) return;
    try {
      const { item } = await call('receiving.resolveItem', { code: trimmed });
      update((f) => {
        const line = f.boxes[b]!.box_items[i]!;
        Object.assign(
          line,
          item
            ? { inventory_id: item.inventory_id, sku: item.sku, name: item.name, is_lot: item.is_lot }
            : { inventory_id: null, sku: null, name: null, is_lot: false },
        );
      });
      setExtra(({ [`boxes[${b}].box_items[${i}].sku`]: _resolved, ...rest }) =>
        item ? rest : { ...rest, [`boxes[${b}].box_items[${i}].sku`]: [`No item found for "${trimmed}".`] },
      );
    } catch (error) {
      setExtra((s) => ({ ...s, [`boxes[${b}].box_items[${i}].sku`]: [errorParts(error).message] }));
    }
  };

  /**
   * A box's item scan (or a code typed there and Enter): the item gets a line in the box, or one more
   * on its line; focus stays in the scan field for the next one. A quantity is typed in the line's
   * quantity field, whose Enter comes back here.
   */
  const scanPath = (b: number) => `boxes[${b}].scan`;
  const addScanned = async (b: number, code: string): Promise<boolean> => {
    const trimmed = code.trim();
    if (!trimmed) return false;
    try {
      const { item } = await call('receiving.resolveItem', { code: trimmed });
      if (!item) {
        setExtra((s) => ({ ...s, [scanPath(b)]: [`No item found for "${trimmed}".`] }));
        return false;
      }
      setExtra(({ [scanPath(b)]: _done, ...rest }) => rest);
      update((f) => {
        const lines = f.boxes[b]!.box_items;
        const same = lines.find((l) => l.inventory_id === item.inventory_id);
        if (same) {
          same.quantity = (same.quantity ?? 0) + 1;
          return;
        }
        const blank = lines.find((l) => !l.code.trim() && l.inventory_id === null);
        const line = blank ?? emptyWroItem();
        if (!blank) lines.push(line);
        Object.assign(line, { code: trimmed, inventory_id: item.inventory_id, sku: item.sku, name: item.name, is_lot: item.is_lot, quantity: 1 });
      });
      return true;
    } catch (error) {
      setExtra((s) => ({ ...s, [scanPath(b)]: [errorParts(error).message] }));
      return false;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errors = validateWroForm(form);
    setChecked(true);
    setExtra({});
    setSubmitError(null);
    if (Object.keys(errors).length) {
      focusFirstError();
      return;
    }
    // The draft says a submit left before it leaves: if its answer is lost (even to a crash), the
    // next submit, after a restart too, looks for the order it made before sending again.
    const since = pendingSince ?? new Date().toISOString();
    setPendingSince(since);
    saver.change({ form, pendingSince: since });
    await saver.flush();
    create.mutate(
      { form, ...(pendingSince ? { pendingSince } : {}) },
      {
        onSuccess: ({ order, reconciled }) => {
          setPendingSince(undefined);
          saver.discard().catch((error: unknown) => console.warn('The draft of a created order could not be discarded:', error));
          showToast({
            title: `Receiving order ${order.id} created`,
            ...(reconciled ? { description: 'The first answer was lost; the order it made was found, nothing was created twice.' } : {}),
            tone: 'success',
          });
          void navigate({ to: '/receiving/$id', params: { id: order.id }, search: {} }); // the router shows a failed navigation itself; nothing waits for it
        },
        onError: (error) => {
          const appErr = (error as { appError?: AppError }).appError;
          // A refusal is a definite answer: nothing was made, the next submit need not look first.
          if (appErr?.code === 'validation' || appErr?.code === 'invalid_input') setPendingSince(undefined);
          setExtra(appErr?.fieldErrors ?? {});
          setSubmitError(errorParts(error).message);
          focusFirstError();
        },
      },
    );
  };

  const centerChoices: Choice<string>[] = (centers.data ?? []).map((c) => ({ id: String(c.id), label: c.name ?? `Center ${c.id}` }));
  return (
    <>
      <DraftNote status={saver.status} pending={saver.pending} restored={opened.savedAt !== null} onDiscard={() => setConfirmDiscard(true)} />
      <ConfirmDialog
        title="Discard this draft?"
        isOpen={confirmDiscard}
        onClose={() => setConfirmDiscard(false)}
        confirmLabel="Discard the draft"
        dismissLabel="Keep the draft"
        onConfirm={() => void discardDraft()}
      >
        <p>Everything typed and scanned into this receiving order is thrown away. This cannot be undone.</p>
      </ConfirmDialog>
      {removing && (
        <ConfirmDialog
          title={`Remove item ${removing.i + 1} from box ${removing.b + 1}?`}
          isOpen
          onClose={() => setRemoving(null)}
          confirmLabel="Remove the item"
          dismissLabel="Keep it"
          onConfirm={() => {
            const { b, i } = removing;
            setRemoving(null);
            update((f) => f.boxes[b]!.box_items.splice(i, 1));
            focusField(scanPath(b));
          }}
        >
          <p>{lineSummary(form.boxes[removing.b]?.box_items[removing.i])}</p>
        </ConfirmDialog>
      )}
      <form
        className="wro-form"
        onSubmit={(e) => void submit(e)}
        onBlur={() => void saver.flush()}
        onKeyDown={(e) => {
          // Enter in a field never sends the whole form (a scanner's Enter, a quantity's Enter): only
          // the Create button does.
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement && e.target.type !== 'submit') e.preventDefault();
        }}
        noValidate
        aria-describedby={submitError ? 'wro-submit-error' : undefined}
      >
        <div className="form-grid">
          <div className={shown['fulfillment_center.id'] ? 'field invalid' : 'field'}>
            <ComboBox
              label="Fulfillment center"
              placeholder="Choose a center"
              value={form.fulfillment_center.id ? String(form.fulfillment_center.id) : null}
              choices={centerChoices}
              onChange={(v) =>
                update((f) => {
                  const id = v === null ? null : Number(v);
                  f.fulfillment_center = { id, timezone: centers.data?.find((c) => c.id === id)?.timezone ?? null };
                })
              }
              errorMessage={shown['fulfillment_center.id']?.join(' ')}
            />
          </div>
          <Select
            label="Package type"
            value={form.package_type}
            choices={packageChoices}
            onChange={(v) => update((f) => (f.package_type = v as WroForm['package_type']))}
          />
          <Select
            label="Box packaging"
            value={form.box_packaging_type}
            choices={packagingChoices}
            onChange={(v) => update((f) => (f.box_packaging_type = v as WroForm['box_packaging_type']))}
          />
          <div className={shown['expected_arrival_date'] ? 'field invalid' : 'field'}>
            <DateField
              label="Expected arrival"
              granularity="minute"
              value={form.expected_arrival_date}
              invalid={Boolean(shown['expected_arrival_date']?.length)}
              {...(shown['expected_arrival_date']?.length ? { describedBy: `${fieldId('expected_arrival_date')}-error` } : {})}
              onChange={(v) => update((f) => (f.expected_arrival_date = v))}
              description={
                arrivalZone
                  ? `At the center: ${arrivalZone} (${zoneShortName(arrivalZone, arrivalInstant(form.expected_arrival_date, arrivalZone) ?? Date.now())})`
                  : 'In your time zone: choose the center to enter it in the center’s.'
              }
            />
            <Errors id={`${fieldId('expected_arrival_date')}-error`} errors={shown['expected_arrival_date']} />
          </div>
          <Field label="PO number" path="purchase_order_number" errors={shown}>
            {(p) => (
              <input {...p} value={form.purchase_order_number} maxLength={100} onChange={(e) => update((f) => (f.purchase_order_number = e.target.value))} />
            )}
          </Field>
          <Field label="Carrier" path="freight.carrier" errors={shown}>
            {(p) => <input {...p} value={form.freight.carrier} onChange={(e) => update((f) => (f.freight.carrier = e.target.value))} />}
          </Field>
          <Field label="BOL number" path="freight.bol_number" errors={shown}>
            {(p) => <input {...p} value={form.freight.bol_number} onChange={(e) => update((f) => (f.freight.bol_number = e.target.value))} />}
          </Field>
          <Field label="Container number" path="freight.container_number" errors={shown}>
            {(p) => <input {...p} value={form.freight.container_number} onChange={(e) => update((f) => (f.freight.container_number = e.target.value))} />}
          </Field>
        </div>
        <Errors id="f-boxes-error" errors={shown['boxes']} />
        {form.boxes.map((box, b) => (
          <fieldset key={b} className="box-fieldset">
            <legend>Box {b + 1}</legend>
            <Field label={`Box ${b + 1} tracking number`} path={`boxes[${b}].tracking_number`} errors={shown}>
              {(p) => (
                <ScanInput
                  {...p}
                  value={box.tracking_number}
                  onChange={(e) => update((f) => (f.boxes[b]!.tracking_number = e.target.value))}
                  onScan={(code) => update((f) => (f.boxes[b]!.tracking_number = code))}
                />
              )}
            </Field>
            <Field label={`Scan an item into box ${b + 1}`} path={scanPath(b)} errors={shown}>
              {(p) => (
                <ScanInput
                  {...p}
                  placeholder="Scan, or type a SKU or barcode and Enter"
                  onScan={(code) => addScanned(b, code)}
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter') return;
                    e.preventDefault();
                    const input = e.currentTarget;
                    // Never rejects: a code that finds nothing, or a failed call, is told under the field.
                    void addScanned(b, input.value).then((added) => {
                      if (added) input.value = '';
                    });
                  }}
                />
              )}
            </Field>
            <Errors id={`f-boxes-${b}-box_items-error`} errors={shown[`boxes[${b}].box_items`]} />
            {box.box_items.map((item, i) => (
              <ItemRow
                key={i}
                b={b}
                i={i}
                item={item}
                errors={shown}
                onChange={(change) => update((f) => Object.assign(f.boxes[b]!.box_items[i]!, change))}
                onResolve={(code) => void resolve(b, i, code)}
                onRemove={() => (item.code.trim() || item.inventory_id !== null ? setRemoving({ b, i }) : update((f) => f.boxes[b]!.box_items.splice(i, 1)))}
                onQuantityDone={() => focusField(scanPath(b))}
              />
            ))}
            <div className="button-row">
              <button
                type="button"
                onClick={() => {
                  const i = box.box_items.length;
                  update((f) => f.boxes[b]!.box_items.push(emptyWroItem()));
                  // The next key (or scan) belongs to the new line's code, not to this button.
                  focusField(`boxes[${b}].box_items[${i}].sku`);
                }}
              >
                Add item to box {b + 1}
              </button>
              {form.boxes.length > 1 && (
                <button type="button" className="quiet" onClick={() => update((f) => f.boxes.splice(b, 1))}>
                  Remove box {b + 1}
                </button>
              )}
            </div>
          </fieldset>
        ))}
        <div className="button-row">
          <button type="button" onClick={() => update((f) => f.boxes.push({ tracking_number: '', box_items: [emptyWroItem()] }))}>
            Add box
          </button>
          <button type="submit" className="primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create receiving order'}
          </button>
        </div>
        {submitError && (
          <p className="field-error" id="wro-submit-error" role="alert" tabIndex={-1}>
            {submitError}
          </p>
        )}
      </form>
    </>
  );
}

function ItemRow({
  b,
  i,
  item,
  errors,
  onChange,
  onResolve,
  onRemove,
  onQuantityDone,
}: {
  b: number;
  i: number;
  item: WroFormItem;
  errors: FieldErrors;
  onChange: (c: Partial<WroFormItem>) => void;
  onResolve: (code: string) => void;
  onRemove: () => void;
  /** Enter in the quantity: back to the box's scan field. */
  onQuantityDone: () => void;
}) {
  const key = `boxes[${b}].box_items[${i}]`;
  // The service names an unknown item under inventory_id or sku; both land on the code field.
  const codeErrors = { ...errors, [`${key}.sku`]: [...(errors[`${key}.sku`] ?? []), ...(errors[`${key}.inventory_id`] ?? []), ...(errors[key] ?? [])] };
  return (
    <div className="item-row" role="group" aria-label={`Box ${b + 1} item ${i + 1}`}>
      <Field label="SKU, barcode or inventory id" path={`${key}.sku`} errors={codeErrors}>
        {(p) => (
          <ScanInput
            {...p}
            value={item.code}
            onScan={(code) => {
              onChange({ code, inventory_id: null, sku: null, name: null, is_lot: false });
              onResolve(code);
            }}
            onChange={(e) => onChange({ code: e.target.value, inventory_id: null, sku: null, name: null, is_lot: false })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onResolve(e.currentTarget.value);
              }
            }}
            onBlur={(e) => item.inventory_id === null && !item.sku && onResolve(e.target.value)}
          />
        )}
      </Field>
      <span className="item-name muted">{item.sku ? `${item.sku}${item.name ? ` · ${item.name}` : ''}${item.is_lot ? ' · lot item' : ''}` : ''}</span>
      <Field label="Quantity" path={`${key}.quantity`} errors={errors}>
        {(p) => (
          <input
            {...p}
            type="number"
            min={1}
            step={1}
            value={item.quantity ?? ''}
            onChange={(e) => onChange({ quantity: e.target.value === '' ? null : Number(e.target.value) })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onQuantityDone();
              }
            }}
          />
        )}
      </Field>
      {item.is_lot && <LotFields itemKey={key} item={item} errors={errors} onChange={onChange} />}
      <button type="button" className="quiet" onClick={onRemove} aria-label={`Remove box ${b + 1} item ${i + 1}`}>
        Remove
      </button>
    </div>
  );
}

/** A lot item's lot number and expiry. */
function LotFields({
  itemKey: key,
  item,
  errors,
  onChange,
}: {
  itemKey: string;
  item: WroFormItem;
  errors: FieldErrors;
  onChange: (c: Partial<WroFormItem>) => void;
}) {
  return (
    <>
      <Field label="Lot number" path={`${key}.lot_number`} errors={errors}>
        {(p) => <input {...p} value={item.lot_number} onChange={(e) => onChange({ lot_number: e.target.value })} />}
      </Field>
      <div className={errors[`${key}.lot_date`] ? 'field invalid' : 'field'}>
        <DateField
          label="Lot expiry"
          granularity="day"
          value={item.lot_date}
          invalid={Boolean(errors[`${key}.lot_date`]?.length)}
          {...(errors[`${key}.lot_date`]?.length ? { describedBy: `${fieldId(`${key}.lot_date`)}-error` } : {})}
          onChange={(v) => onChange({ lot_date: v })}
        />
        <Errors id={`${fieldId(`${key}.lot_date`)}-error`} errors={errors[`${key}.lot_date`]} />
      </div>
    </>
  );
}

function lineSummary(line: WroFormItem | undefined): string {
  if (!line) return '';
  const what = line.sku ? `${line.name ? `${line.name} (${line.sku})` : line.sku}` : line.code;
  return `${what}, quantity ${line.quantity ?? 'not set'}.`;
}

function mergeErrors(a: FieldErrors, b: FieldErrors): FieldErrors {
  const out: FieldErrors = { ...a };
  for (const [path, messages] of Object.entries(b)) out[path] = [...new Set([...(out[path] ?? []), ...messages])];
  return out;
}

/** After a refused submit, the keyboard goes to the first field to fix, or to the reason when no field is named. */
function focusFirstError() {
  requestAnimationFrame(() => (document.querySelector<HTMLElement>('.wro-form [aria-invalid="true"]') ?? document.getElementById('wro-submit-error'))?.focus());
}
