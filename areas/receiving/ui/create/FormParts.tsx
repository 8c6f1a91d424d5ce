import { useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { BoxPackagingType, PackageType } from '../../../../shared/schemas/receiving';
import { arrivalInstant, WRO_LIMITS, type WroForm } from '../../../../shared/schemas/wro-form';
import { formatTime, zoneShortName } from '../../../../renderer/src/format';
import { useScanField } from '../../../../renderer/src/scan/useScanField';
import { CloseFormKey } from '../../../../renderer/src/ui/CloseForm';
import { ConfirmDialog } from '../../../../renderer/src/ui/ConfirmDialog';
import { DateField } from '../../../../renderer/src/ui/DateField';
import { useTextLimit, type TextLimit } from '../../../../renderer/src/ui/TextLimit';
import type { DraftStatus } from '../../../../renderer/src/drafts/useDraftAutosave';
import { ComboBox, Select, type Choice } from '../../../../renderer/src/ui/Select';
import { fieldId } from './focus';
import { lineSummary, type TopFields } from './formState';
import type { WroCreateController } from './useWroCreateForm';
import { useT, type Translate, type Words } from '../../../../renderer/src/i18n/useT';

/** The field's messages: the form's own check, or the service's answer under the same path. */
export function Errors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <span className="field-error" id={id}>
      {errors.join(' ')}
    </span>
  );
}

type FieldProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string } & TextLimit['input'];

/**
 * A labelled field of the form at `path`, with its messages under it. `limit`: a text field's value
 * and the most characters it takes, said as the clerk nears it (useTextLimit).
 */
export function Field({
  label,
  path,
  errors,
  limit,
  children,
}: {
  label: string;
  path: string;
  errors: string[] | undefined;
  limit?: { value: string; max: number };
  children: (props: FieldProps) => React.ReactNode;
}) {
  const id = fieldId(path);
  const length = useTextLimit(id, limit?.value ?? '', limit?.max ?? null);
  const describedBy = [errors?.length ? `${id}-error` : null, length.describedBy].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(errors?.length), ...length.input, ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {length.note}
      <Errors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/**
 * A text field a scan goes into whole (useScanField): a box's tracking number, an item's code. What
 * was typed in it before a fast burst stays around the burst, as in any field. With `scope`, it also
 * takes the scans made in its box outside a field that expects a code (a line's quantity).
 */
export function ScanInput({
  onScan,
  scope = false,
  ...props
}: React.InputHTMLAttributes<HTMLInputElement> & { onScan: (code: string) => void | Promise<boolean>; scope?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useScanField(
    ref,
    async (scan, typed) => {
      const code = typed(scan.text.replace(/\p{Cc}/gu, '')).trim();
      if (!code) return 'refused';
      return (await onScan(code)) === false ? 'refused' : 'accepted';
    },
    { scope },
  );
  return <input ref={ref} {...props} />;
}

/** What the draft's autosave did last, and the way to throw the draft away. */
export function DraftNote({ status, pending, restored, onDiscard }: { status: DraftStatus; pending: boolean; restored: boolean; onDiscard: () => void }) {
  const { t } = useT();
  const text =
    status.state === 'saving'
      ? t('receiving.draft.saving')
      : status.state === 'saved'
        ? status.at
          ? t('receiving.draft.savedAt', { restored: restored ? 'yes' : 'no', time: formatTime(status.at) })
          : t('receiving.draft.saved', { restored: restored ? 'yes' : 'no' })
        : status.state === 'failed'
          ? t('receiving.draft.failed', { message: status.message })
          : t('receiving.draft.notYet');
  return (
    <p className="draft-note muted" data-testid="draft-status" data-pending={pending}>
      <span role={status.state === 'failed' ? 'alert' : undefined}>{text}</span>
      {/* Kept while a save runs (every blur saves): a button that left and came back under the
          pointer or the keyboard would lose the press. */}
      {(status.state === 'saved' || status.state === 'failed' || status.state === 'saving') && (
        <button type="button" className="quiet" onClick={onDiscard}>
          {t('receiving.draft.discard')}
        </button>
      )}
    </p>
  );
}

/** Escape closes the form: kept, the draft opens again with New receiving order; or discarded. */
export function FormCloseKey({ c }: { c: WroCreateController }) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <CloseFormKey
      group={t('receiving.keys.group')}
      says={t('receiving.create.closeSays')}
      hasDraft={c.draft.status.state !== 'new' || c.draft.pending}
      onKeep={() => {
        c.draft.flush();
        void navigate({ to: '/receiving', search: {} }); // the router shows a failed navigation itself; nothing waits for it
      }}
      onDiscard={() => void c.discard.discard()} // never rejects: a failed discard shows in the draft note
    />
  );
}

/** The confirmations the form asks: throw the draft away, remove a line that has an item. */
export function FormDialogs({ c }: { c: WroCreateController }) {
  const at = c.removing.at;
  const { t } = useT();
  return (
    <>
      <ConfirmDialog
        title={t('receiving.draft.discardTitle')}
        isOpen={c.discard.asking}
        onClose={c.discard.keep}
        confirmLabel={t('receiving.draft.discardConfirm')}
        dismissLabel={t('receiving.draft.keep')}
        onConfirm={() => void c.discard.discard()} // never rejects: a failed discard shows in the draft note
      >
        <p>{t('receiving.draft.discardSays')}</p>
      </ConfirmDialog>
      {at && (
        <ConfirmDialog
          title={t('receiving.line.removeTitle', { line: at.line + 1, box: at.box + 1 })}
          isOpen
          onClose={c.removing.keep}
          confirmLabel={t('receiving.line.removeConfirm')}
          dismissLabel={t('receiving.line.keep')}
          onConfirm={c.removing.confirm}
        >
          <p>{lineSummary(c.form.boxes[at.box]?.box_items[at.line])}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

const packageChoices = ({ label }: Words): Choice<string>[] => PackageType.options.map((p) => ({ id: p, label: label('PackageType', p) }));
const packagingChoices = ({ label }: Words): Choice<string>[] => BoxPackagingType.options.map((p) => ({ id: p, label: label('BoxPackagingType', p) }));

/** The order's own fields: center, package, packaging, arrival, PO and freight. */
export function OrderFields({ c }: { c: WroCreateController }) {
  const { form, errors } = c;
  const words = useT();
  const { t } = words;
  const field = (patch: Partial<TopFields>) => c.dispatch({ type: 'field', patch });
  const freight = (patch: Partial<WroForm['freight']>) => c.dispatch({ type: 'freight', patch });
  return (
    <div className="form-grid">
      <div className={errors['fulfillment_center.id'] ? 'field invalid' : 'field'}>
        <ComboBox
          label={t('receiving.form.center')}
          placeholder={t('receiving.form.chooseCenter')}
          value={form.fulfillment_center.id ? String(form.fulfillment_center.id) : null}
          choices={c.centers}
          onChange={c.chooseCenter}
          errorMessage={errors['fulfillment_center.id']?.join(' ')}
        />
      </div>
      <Select
        label={t('receiving.form.packageType')}
        value={form.package_type}
        choices={packageChoices(words)}
        onChange={(v) => field({ package_type: v as WroForm['package_type'] })}
      />
      <Select
        label={t('receiving.form.boxPackaging')}
        value={form.box_packaging_type}
        choices={packagingChoices(words)}
        onChange={(v) => field({ box_packaging_type: v as WroForm['box_packaging_type'] })}
      />
      <ArrivalField c={c} />
      <Field
        label={t('receiving.form.po')}
        path="purchase_order_number"
        errors={errors['purchase_order_number']}
        limit={{ value: form.purchase_order_number, max: WRO_LIMITS.textMax }}
      >
        {(p) => <input {...p} value={form.purchase_order_number} onChange={(e) => field({ purchase_order_number: e.target.value })} />}
      </Field>
      <Field
        label={t('receiving.freight.carrier')}
        path="freight.carrier"
        errors={errors['freight.carrier']}
        limit={{ value: form.freight.carrier, max: WRO_LIMITS.textMax }}
      >
        {(p) => <input {...p} value={form.freight.carrier} onChange={(e) => freight({ carrier: e.target.value })} />}
      </Field>
      <Field
        label={t('receiving.freight.bol')}
        path="freight.bol_number"
        errors={errors['freight.bol_number']}
        limit={{ value: form.freight.bol_number, max: WRO_LIMITS.textMax }}
      >
        {(p) => <input {...p} value={form.freight.bol_number} onChange={(e) => freight({ bol_number: e.target.value })} />}
      </Field>
      <Field
        label={t('receiving.freight.container')}
        path="freight.container_number"
        errors={errors['freight.container_number']}
        limit={{ value: form.freight.container_number, max: WRO_LIMITS.textMax }}
      >
        {(p) => <input {...p} value={form.freight.container_number} onChange={(e) => freight({ container_number: e.target.value })} />}
      </Field>
    </div>
  );
}

/** The zone the arrival is entered in, with its short name at that time (now, while none is typed). */
function arrivalNote(t: Translate, value: string, zone: string | null): string {
  if (!zone) return t('receiving.form.arrivalLocal');
  return t('receiving.form.arrivalAtCenter', { zone: zoneShortName(zone, arrivalInstant(value, zone) ?? Date.now()) });
}

/** Expected arrival: a time at the center, entered in the center's zone (named under the field). */
function ArrivalField({ c }: { c: WroCreateController }) {
  const { form, arrivalZone } = c;
  const { t } = useT();
  const errors = c.errors['expected_arrival_date'];
  const errorId = `${fieldId('expected_arrival_date')}-error`;
  return (
    <div className={errors ? 'field invalid' : 'field'}>
      <DateField
        label={t('receiving.form.arrival')}
        granularity="minute"
        value={form.expected_arrival_date}
        invalid={Boolean(errors?.length)}
        {...(errors?.length ? { describedBy: errorId } : {})}
        onChange={(v) => c.dispatch({ type: 'field', patch: { expected_arrival_date: v } })}
        description={arrivalNote(t, form.expected_arrival_date, arrivalZone)}
      />
      <Errors id={errorId} errors={errors} />
    </div>
  );
}
