import { memo } from 'react';
import { WholeCodes } from '../../../../renderer/src/ui/WholeCodes';
import { WRO_LIMITS, type FieldErrors, type WroFormBox, type WroFormItem } from '../../../../shared/schemas/wro-form';
import { LotInput } from '../../../../renderer/src/scan/LotInput';
import { DateField } from '../../../../renderer/src/ui/DateField';
import { fieldId } from './focus';
import { codeErrors, linePath, scanPath } from './formState';
import { Errors, Field, ScanInput } from './FormParts';
import type { WroCreateController } from './useWroCreateForm';
import { useT } from '../../../../renderer/src/i18n/useT';

interface BoxProps {
  c: WroCreateController;
  box: WroFormBox;
  b: number;
  /** The form's messages under this box's paths (boxErrors). */
  errors: FieldErrors;
  removable: boolean;
}

/** The messages of each box, by box, from the form's (one pass over them, not one per box). */
export function boxErrors(errors: FieldErrors): Map<number, FieldErrors> {
  const out = new Map<number, FieldErrors>();
  for (const [path, messages] of Object.entries(errors)) {
    const at = /^boxes\[(\d+)\]/.exec(path);
    if (!at) continue;
    const box = Number(at[1]);
    out.set(box, { ...out.get(box), [path]: messages });
  }
  return out;
}

function sameErrors(a: FieldErrors, b: FieldErrors): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k]?.join('\n') === b[k]?.join('\n'));
}

/**
 * A box draws again only when it changed (the reducer keeps an unchanged box the same object), its
 * messages did, or whether it may be removed: a key typed in a form of 200 boxes draws one box, not
 * 2,000 lines. The controller `c` is left out of the comparison on purpose: it is new on every
 * render, and what the box calls of it reads the form only through dispatch or through this box,
 * which is unchanged.
 */
export const BoxFields = memo(
  BoxFieldsView,
  (prev, next) => prev.box === next.box && prev.b === next.b && prev.removable === next.removable && sameErrors(prev.errors, next.errors),
);

/**
 * One box: its tracking number, the scan field its items are scanned into (scan → line or +1 → the
 * same field again), its lines and its buttons.
 */
function BoxFieldsView({ c, box, b, errors, removable }: BoxProps) {
  const trackingPath = `boxes[${b}].tracking_number`;
  const { t } = useT();
  return (
    <fieldset className="box-fieldset" data-scan-scope="">
      <legend>{t('receiving.form.box', { box: b + 1 })}</legend>
      <Field
        label={t('receiving.form.boxTracking', { box: b + 1 })}
        path={trackingPath}
        errors={errors[trackingPath]}
        limit={{ value: box.tracking_number, max: WRO_LIMITS.textMax }}
      >
        {(p) => (
          <ScanInput
            {...p}
            value={box.tracking_number}
            onChange={(e) => c.dispatch({ type: 'tracking', box: b, value: e.target.value })}
            onScan={(code) => c.dispatch({ type: 'tracking', box: b, value: code })}
          />
        )}
      </Field>
      <Field label={t('receiving.form.scanInto', { box: b + 1 })} path={scanPath(b)} errors={errors[scanPath(b)]}>
        {(p) => (
          <ScanInput
            {...p}
            scope
            placeholder={t('receiving.form.scanPlaceholder')}
            onScan={(code) => c.addScanned(b, code)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              const input = e.currentTarget;
              // Never rejects: a code that finds nothing, or a failed call, is told under the field.
              void c.addScanned(b, input.value).then((added) => {
                if (added) input.value = '';
              });
            }}
          />
        )}
      </Field>
      <Errors id={`f-boxes-${b}-box_items-error`} errors={errors[`boxes[${b}].box_items`]} />
      {box.box_items.map((item, i) => (
        <ItemRow key={i} c={c} errors={errors} b={b} i={i} item={item} />
      ))}
      <div className="button-row">
        <button type="button" onClick={() => c.lines.add(b)}>
          {t('receiving.form.addItem', { box: b + 1 })}
        </button>
        {removable && (
          <button type="button" className="quiet" onClick={() => c.dispatch({ type: 'removeBox', box: b })}>
            {t('receiving.form.removeBox', { box: b + 1 })}
          </button>
        )}
      </div>
    </fieldset>
  );
}

/** One line: the item's code (typed, or scanned into it), what it resolved to, the quantity, the lot. */
function ItemRow({ c, errors, b, i, item }: { c: WroCreateController; errors: FieldErrors; b: number; i: number; item: WroFormItem }) {
  const key = linePath(b, i);
  const lines = c.lines;
  const { t } = useT();
  const named = item.sku ? (item.name ? t('receiving.create.itemNamed', { name: item.name, sku: item.sku }) : item.sku) : '';
  return (
    <div className="item-row" role="group" aria-label={t('receiving.form.line', { box: b + 1, line: i + 1 })}>
      <Field label={t('receiving.form.code')} path={`${key}.sku`} errors={codeErrors(errors, b, i)}>
        {(p) => (
          <ScanInput
            {...p}
            value={item.code}
            onScan={(code) => lines.scan(b, i, code)}
            onChange={(e) => lines.type(b, i, e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                lines.resolve(b, i, e.currentTarget.value);
              }
            }}
            onBlur={(e) => item.inventory_id === null && !item.sku && lines.resolve(b, i, e.target.value)}
          />
        )}
      </Field>
      <span className="item-name muted">
        <WholeCodes text={named && item.is_lot ? t('receiving.form.lotItem', { item: named }) : named} />
      </span>
      <Field label={t('receiving.form.quantity')} path={`${key}.quantity`} errors={errors[`${key}.quantity`]}>
        {(p) => (
          <input
            {...p}
            type="number"
            min={1}
            step={1}
            value={item.quantity ?? ''}
            onChange={(e) => lines.edit(b, i, { quantity: e.target.value === '' ? null : Number(e.target.value) })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                lines.quantityDone(b);
              }
            }}
          />
        )}
      </Field>
      {item.is_lot && <LotFields c={c} errors={errors} b={b} i={i} item={item} />}
      <button type="button" className="quiet" onClick={() => lines.remove(b, i)} aria-label={t('receiving.form.removeLine', { box: b + 1, line: i + 1 })}>
        {t('receiving.form.remove')}
      </button>
    </div>
  );
}

/** A lot item's lot number and expiry. */
function LotFields({ c, errors, b, i, item }: { c: WroCreateController; errors: FieldErrors; b: number; i: number; item: WroFormItem }) {
  const key = linePath(b, i);
  const dateErrors = errors[`${key}.lot_date`];
  const dateErrorId = `${fieldId(`${key}.lot_date`)}-error`;
  const { t } = useT();
  return (
    <>
      <Field
        label={t('receiving.form.lotNumber')}
        path={`${key}.lot_number`}
        errors={errors[`${key}.lot_number`]}
        limit={{ value: item.lot_number, max: WRO_LIMITS.textMax }}
      >
        {(p) => (
          <LotInput
            {...p}
            value={item.lot_number}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => c.lines.edit(b, i, { lot_number: e.target.value })}
            onExpiry={(expiry) => c.lines.edit(b, i, { lot_date: expiry })}
          />
        )}
      </Field>
      <div className={dateErrors ? 'field invalid' : 'field'}>
        <DateField
          label={t('receiving.form.lotExpiry')}
          granularity="day"
          value={item.lot_date}
          invalid={Boolean(dateErrors?.length)}
          {...(dateErrors?.length ? { describedBy: dateErrorId } : {})}
          onChange={(v) => c.lines.edit(b, i, { lot_date: v })}
        />
        <Errors id={dateErrorId} errors={dateErrors} />
      </div>
    </>
  );
}
