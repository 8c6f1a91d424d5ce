import { useState, type FocusEvent, type ReactNode, type RefObject } from 'react';
import type { ReturnOrderContext } from '../../../../shared/schemas/return-draft';
import { formatAsOf } from '../../../../renderer/src/format';
import { useT, type Translate } from '../../../../renderer/src/i18n/useT';
import { CloseFormKey } from '../../../../renderer/src/ui/CloseForm';
import { ConfirmDialog } from '../../../../renderer/src/ui/ConfirmDialog';
import { ErrorNote } from '../../../../renderer/src/ui/ErrorNote';
import { ViewHeading } from '../../../../renderer/src/ui/ViewHeading';
import { PrintLineLabel, type LabelLine } from '../../../printing/ui';
import { outboxStateText } from '../outbox/outboxText';
import { CommitOnPause } from './CommitOnPause';
import { LineRow } from './LineRow';
import { sayRule } from './lines';
import type { IntakeController, LineActions } from './useIntakeForm';

/** Return intake's presentational parts: each shows what the controller holds and calls its commands. */

export function IntakeHeader({ c }: { c: IntakeController }) {
  const { saveState, draft, submittedNow } = c;
  const words = useT();
  const { t } = words;
  return (
    <>
      <header className="workspace-header">
        <ViewHeading id="intake-title">
          {draft.editOf ? t('returns.intake.titleEdit', { reference: String(draft.editOf) }) : t('returns.intake.title')}
        </ViewHeading>
        <span className={`save-state save-${saveState.state}`} role="status" data-testid="draft-save-state">
          {saveState.state === 'failed'
            ? t('returns.intake.save.failed', { message: saveState.message })
            : saveState.state === 'saved'
              ? t('returns.intake.save.saved')
              : t('returns.intake.save.saving')}
        </span>
      </header>
      {submittedNow && (
        <p className={`note submitted-${submittedNow.state}`} role="status" data-testid="last-submission">
          {t('returns.intake.submitted', { reference: submittedNow.referenceId, state: outboxStateText(words, submittedNow) })}
        </p>
      )}
    </>
  );
}

export function ReferenceAndTracking({
  c,
  trackingRef,
  itemRef,
}: {
  c: IntakeController;
  trackingRef: RefObject<HTMLInputElement | null>;
  itemRef: RefObject<HTMLInputElement | null>;
}) {
  const { draft, locked, problems } = c;
  const { t } = useT();
  return (
    <>
      <div className="field" data-scan-target="reference">
        <label htmlFor="intake-reference">{t('returns.intake.reference')}</label>
        <input
          id="intake-reference"
          value={draft.referenceId}
          readOnly={locked}
          aria-describedby="intake-reference-hint"
          maxLength={50}
          onChange={(e) => c.update({ referenceId: e.target.value.replace(/\s/g, '') })}
        />
        <span id="intake-reference-hint" className="hint">
          {draft.editOf !== null
            ? t('returns.intake.reference.fixedEdit', { reference: String(draft.editOf) })
            : locked
              ? t('returns.intake.reference.fixed')
              : t('returns.intake.reference.editable')}
        </span>
      </div>
      <div className="field" data-scan-target="tracking">
        <label htmlFor="intake-tracking">{t('returns.intake.tracking')}</label>
        <CommitOnPause
          id="intake-tracking"
          inputRef={trackingRef}
          value={draft.trackingNumber}
          maxLength={100}
          invalid={problems.some((p) => p.path === 'trackingNumber')}
          onCommit={(trackingNumber) => c.update({ trackingNumber })}
          onEnter={() => itemRef.current?.focus()}
        />
      </div>
    </>
  );
}

export function CenterField({ c }: { c: IntakeController }) {
  const { draft, centers } = c;
  const { t } = useT();
  return (
    <div className="field">
      <label htmlFor="intake-center">{t('returns.intake.center')}</label>
      <select
        id="intake-center"
        value={draft.fulfillmentCenter ? String(draft.fulfillmentCenter.id) : ''}
        aria-invalid={c.problems.some((p) => p.path === 'fulfillmentCenter') || undefined}
        onChange={(e) => centers.choose(e.target.value)}
      >
        <option value="">{centers.pending ? t('returns.intake.center.loading') : t('returns.intake.center.choose')}</option>
        {centers.choices.map((center) => (
          <option key={center.id} value={center.id}>
            {center.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function OrderFields({ c }: { c: IntakeController }) {
  const { draft, order } = c;
  const { t } = useT();
  return (
    <>
      <div className="field" data-scan-target="order">
        <label htmlFor="intake-order">{t('returns.intake.order')}</label>
        <input
          id="intake-order"
          value={order.text}
          autoComplete="off"
          aria-describedby="intake-order-note"
          onChange={(e) => order.setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && order.text.trim()) {
              e.preventDefault();
              order.find(order.text.trim());
            }
          }}
        />
        <span id="intake-order-note" className="hint" role="status">
          {order.note ??
            (draft.order
              ? t('returns.intake.order.current', { name: draft.order.orderNumber ?? String(draft.order.orderId) })
              : t('returns.intake.order.hint'))}
        </span>
      </div>
      {draft.order && (
        <div className="field">
          <label htmlFor="intake-shipment">{t('returns.intake.shipment')}</label>
          <select
            id="intake-shipment"
            value={draft.originalShipmentId === null ? '' : String(draft.originalShipmentId)}
            onChange={(e) => c.update({ originalShipmentId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('returns.intake.shipment.none')}</option>
            {draft.order.shipments.map((s) => (
              <option key={s.id} value={String(s.id)} title={t('returns.intake.shipment.id', { id: String(s.id) })}>
                {shipmentText(t, s)}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}

/** A shipment by its tracking number and center, as on the box; its id only where it has no tracking yet. */
function shipmentText(t: Translate, s: ReturnOrderContext['shipments'][number]): string {
  const shipment = s.trackingNumber
    ? t('returns.intake.shipment.tracking', { tracking: s.trackingNumber })
    : t('returns.intake.shipment.noTracking', { id: String(s.id) });
  return s.fulfillmentCenter?.name ? t('returns.intake.shipment.from', { shipment, center: s.fulfillmentCenter.name }) : shipment;
}

export function ScanBar({ c, itemRef }: { c: IntakeController; itemRef: RefObject<HTMLInputElement | null> }) {
  const { last, cache } = c;
  const { t } = useT();
  return (
    <div className="intake-scan" data-scan-target="item">
      <div className="field">
        <label htmlFor="intake-item">{t('returns.intake.scan')}</label>
        <input
          id="intake-item"
          ref={itemRef}
          defaultValue=""
          autoComplete="off"
          aria-describedby="intake-last-scan"
          placeholder={t('returns.intake.scan.placeholder')}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              c.typedItem(e.currentTarget);
            }
          }}
        />
      </div>
      <p id="intake-last-scan" className={`last-scan ${last ? `last-${last.verdict}` : ''}`} role="status" data-testid="intake-last-scan">
        {last ? t('returns.intake.scan.last', { verdict: last.verdict, message: last.message }) : t('returns.intake.scan.ready')}
      </p>
      <span className="muted cache-state">
        {cache
          ? cache.freshness.syncedAt
            ? t('returns.intake.cache.asOf', { time: formatAsOf(cache.freshness.syncedAt) })
            : cache.state === 'running'
              ? t('returns.intake.cache.loading')
              : t('returns.intake.cache.empty')
          : ''}
      </span>
    </div>
  );
}

export function Problems({ c }: { c: IntakeController }) {
  const { problems, draft } = c;
  const { t } = useT();
  const general = problems.filter((p) => p.line === null);
  if (general.length > 0 || draft.messages.length > 0)
    return (
      <div className="error-note" id="intake-problems" tabIndex={-1} role="alert">
        <p>{problems.length > 0 ? t('returns.intake.problems.notYet') : t('returns.intake.problems.refused')}</p>
        <ul>
          {draft.messages.map((m, i) => (
            <li key={`s${i}`}>{m}</li>
          ))}
          {general.map((p, i) => (
            <li key={`p${i}`}>{sayRule(t, p.message)}</li>
          ))}
          {problems.some((p) => p.line !== null) && <li>{t('returns.intake.problems.seeLines')}</li>}
        </ul>
      </div>
    );
  if (problems.length === 0) return null;
  return (
    <p className="error" id="intake-problems" tabIndex={-1} role="alert">
      {t('returns.intake.problems.fixLines')}
    </p>
  );
}

/**
 * The line item labels print for: the line holding focus, else the one the last scan landed on, else
 * the newest line. A label is printed with the line's own lot and expiry, as the goods in hand carry them.
 */
function useLabelLine(c: IntakeController, t: Translate): { line: LabelLine | null; onFocus: (e: FocusEvent) => void } {
  // A line focused before the latest scan gives way to the scanned one: the goods now in hand.
  const [focused, setFocused] = useState<{ line: number; seq: number | null } | null>(null);
  const lines = c.draft.lines;
  const seq = c.last?.seq ?? null;
  const at = focused && focused.seq === seq && focused.line < lines.length ? focused.line : (c.last?.line ?? lines.length - 1);
  const l = lines[at];
  const line = l
    ? {
        inventoryId: l.inventoryId,
        sku: l.sku,
        name: l.name,
        lot: l.lotNumber,
        expiry: l.expiry,
        units: l.quantity,
        where: t('returns.intake.labelWhere', { line: at + 1 }),
      }
    : null;
  const onFocus = (e: FocusEvent) => {
    const row = e.target.closest('tr[data-line]');
    setFocused(row ? { line: Number(row.getAttribute('data-line')), seq } : null);
  };
  return { line, onFocus };
}

export function LinesTable({ c, actions }: { c: IntakeController; actions: RefObject<LineActions> }) {
  const { draft, problems, last } = c;
  const { t } = useT();
  const label = useLabelLine(c, t);
  return (
    <>
      <table className="intake-lines" aria-label={t('returns.intake.lines')} aria-describedby="intake-totals" onFocus={label.onFocus}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('returns.intake.col.item')}</th>
            <th scope="col">{t('returns.intake.col.sku')}</th>
            <th scope="col">{t('returns.intake.col.quantity')}</th>
            <th scope="col">{t('returns.intake.col.lot')}</th>
            <th scope="col">{t('returns.intake.col.expires')}</th>
            <th scope="col">{t('returns.intake.col.action')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('returns.intake.col.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.lines.map((line, i) => {
            const lineProblems = [...problems.filter((p) => p.line === i).map((p) => sayRule(t, p.message)), ...line.messages].join('\n');
            const highlighted = last?.line === i;
            return (
              <LineRow
                key={`${line.inventoryId}`}
                index={i}
                line={line}
                highlighted={highlighted}
                pulse={highlighted ? last.seq : 0}
                needsLot={line.item.lot && !line.lotNumber}
                messages={lineProblems}
                actions={actions}
              />
            );
          })}
        </tbody>
      </table>
      {draft.lines.length === 0 ? (
        <p className="state">{t('returns.intake.noItems')}</p>
      ) : (
        <div className="intake-line-tools">
          <PrintLineLabel line={label.line} keys="Alt+P" group={t('returns.intake.title')} />
        </div>
      )}
    </>
  );
}

export function IntakeActions({ c }: { c: IntakeController }) {
  const { draft, submitting } = c;
  const units = draft.lines.reduce((n, l) => n + l.quantity, 0);
  const { t, rich } = useT();
  const kbd = (chunks: ReactNode) => <kbd>{chunks}</kbd>;
  return (
    <>
      <footer className="intake-actions">
        <span id="intake-totals" className="muted">
          {t('returns.intake.totals', { items: draft.lines.length, units })}
        </span>
        <button type="button" className="primary" onClick={() => void c.submit(false)} disabled={submitting}>
          {rich('returns.intake.submit', { kbd })}
        </button>
        {draft.editOf === null && (
          <button type="button" onClick={() => void c.submit(true)} disabled={submitting}>
            {rich('returns.intake.nextBox', { kbd })}
          </button>
        )}
        <button type="button" className="quiet" onClick={() => c.setConfirmDiscard(true)} disabled={submitting}>
          {t('returns.intake.discard')}
        </button>
      </footer>
      <ConfirmDialog
        title={t('returns.intake.discard.title')}
        isOpen={c.confirmDiscard}
        onClose={() => c.setConfirmDiscard(false)}
        confirmLabel={t('returns.intake.discard.confirm')}
        dismissLabel={t('returns.intake.discard.keep')}
        onConfirm={() => void c.discard()}
      >
        <p>{t('returns.intake.discard.text', { items: draft.lines.length })}</p>
      </ConfirmDialog>
      <CloseFormKey
        group={t('returns.intake.title')}
        says={t('returns.intake.closeSays', { items: draft.lines.length })}
        hasDraft
        onKeep={c.close}
        onDiscard={() => void c.discard('/returns')}
      />
      {c.submitError !== null && <ErrorNote error={c.submitError} />}
    </>
  );
}
