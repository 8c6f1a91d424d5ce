import { useState, type FocusEvent, type RefObject } from 'react';
import { countOf } from '../../../../../shared/counts';
import { formatAsOf } from '../../../format';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorNote } from '../../../ui/ErrorNote';
import { ViewHeading } from '../../../ui/ViewHeading';
import { PrintLineLabel, type LabelLine } from '../../printing';
import { outboxStateText } from '../outbox/outboxText';
import { CommitOnPause } from './CommitOnPause';
import { LineRow } from './LineRow';
import type { IntakeController, LineActions } from './useIntakeForm';

/** Return intake's presentational parts: each shows what the controller holds and calls its commands. */

export function IntakeHeader({ c }: { c: IntakeController }) {
  const { saveState, draft, submittedNow } = c;
  return (
    <>
      <header className="workspace-header">
        <ViewHeading id="intake-title">{draft.editOf ? `Change return ${draft.editOf}` : 'Return intake'}</ViewHeading>
        <span className={`save-state save-${saveState.state}`} role="status" data-testid="draft-save-state">
          {saveState.state === 'failed' ? `Not saved: ${saveState.message}` : saveState.state === 'saved' ? 'Draft saved' : 'Saving…'}
        </span>
      </header>
      {submittedNow && (
        <p className={`note submitted-${submittedNow.state}`} role="status" data-testid="last-submission">
          Return {submittedNow.referenceId}: {outboxStateText(submittedNow)}
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
  return (
    <>
      <div className="field" data-scan-target="reference">
        <label htmlFor="intake-reference">Reference id</label>
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
            ? `Fixed: it is the reference of return ${draft.editOf}.`
            : locked
              ? 'Fixed: it was submitted once.'
              : 'Editable until the first submit.'}
        </span>
      </div>
      <div className="field" data-scan-target="tracking">
        <label htmlFor="intake-tracking">Tracking number</label>
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
  return (
    <div className="field">
      <label htmlFor="intake-center">Fulfillment center</label>
      <select
        id="intake-center"
        value={draft.fulfillmentCenter ? String(draft.fulfillmentCenter.id) : ''}
        aria-invalid={c.problems.some((p) => p.path === 'fulfillmentCenter') || undefined}
        onChange={(e) => {
          const center = centers.choices.find((x) => String(x.id) === e.target.value);
          c.update({ fulfillmentCenter: center ? { id: center.id, name: center.name } : null });
        }}
      >
        <option value="">{centers.pending ? 'Loading…' : 'Choose…'}</option>
        {centers.choices.map((center) => (
          <option key={center.id} value={String(center.id)}>
            {center.name ?? `Center ${center.id}`}
          </option>
        ))}
      </select>
    </div>
  );
}

export function OrderFields({ c }: { c: IntakeController }) {
  const { draft, order } = c;
  return (
    <>
      <div className="field" data-scan-target="order">
        <label htmlFor="intake-order">Order reference (optional)</label>
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
          {order.note ?? (draft.order ? `Order ${draft.order.orderNumber ?? draft.order.orderId}` : 'Scan the packing slip or type the reference, then Enter.')}
        </span>
      </div>
      {draft.order && (
        <div className="field">
          <label htmlFor="intake-shipment">Original shipment</label>
          <select
            id="intake-shipment"
            value={draft.originalShipmentId === null ? '' : String(draft.originalShipmentId)}
            onChange={(e) => c.update({ originalShipmentId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">None</option>
            {/* A shipment by its tracking number and center, as on the box; its id only where it has no tracking yet. */}
            {draft.order.shipments.map((s) => (
              <option key={s.id} value={String(s.id)} title={`Shipment id ${s.id}`}>
                {s.trackingNumber ? `Tracking ${s.trackingNumber}` : `Shipment ${s.id}, no tracking yet`}
                {s.fulfillmentCenter?.name ? ` · from ${s.fulfillmentCenter.name}` : ''}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}

export function ScanBar({ c, itemRef }: { c: IntakeController; itemRef: RefObject<HTMLInputElement | null> }) {
  const { last, cache } = c;
  return (
    <div className="intake-scan" data-scan-target="item">
      <div className="field">
        <label htmlFor="intake-item">Scan items</label>
        <input
          id="intake-item"
          ref={itemRef}
          defaultValue=""
          autoComplete="off"
          aria-describedby="intake-last-scan"
          placeholder="Scan, or type a SKU or barcode and press Enter"
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              c.typedItem(e.currentTarget);
            }
          }}
        />
      </div>
      <p id="intake-last-scan" className={`last-scan ${last ? `last-${last.verdict}` : ''}`} role="status" data-testid="intake-last-scan">
        {last ? `${last.verdict === 'refused' ? 'Refused' : last.verdict === 'merged' ? 'Added' : 'Accepted'}: ${last.message}` : 'Ready for the next scan.'}
      </p>
      <span className="muted cache-state">
        {cache
          ? cache.freshness.syncedAt
            ? `Item cache as of ${formatAsOf(cache.freshness.syncedAt)}`
            : cache.state === 'running'
              ? 'Item cache loading…: scans are looked up on the service'
              : 'Item cache empty: scans are looked up on the service'
          : ''}
      </span>
    </div>
  );
}

export function Problems({ c }: { c: IntakeController }) {
  const { problems, draft } = c;
  const general = problems.filter((p) => p.line === null);
  if (general.length > 0 || draft.messages.length > 0)
    return (
      <div className="error-note" id="intake-problems" tabIndex={-1} role="alert">
        <p>{problems.length > 0 ? 'Not submitted yet:' : 'The service refused this return:'}</p>
        <ul>
          {draft.messages.map((m, i) => (
            <li key={`s${i}`}>{m}</li>
          ))}
          {general.map((p, i) => (
            <li key={`p${i}`}>{p.message}</li>
          ))}
          {problems.some((p) => p.line !== null) && <li>See the marked lines below.</li>}
        </ul>
      </div>
    );
  if (problems.length === 0) return null;
  return (
    <p className="error" id="intake-problems" tabIndex={-1} role="alert">
      Not submitted yet: fix the marked lines below.
    </p>
  );
}

/**
 * The line item labels print for: the line holding focus, else the one the last scan landed on, else
 * the newest line. A label is printed with the line's own lot and expiry, as the goods in hand carry them.
 */
function useLabelLine(c: IntakeController): { line: LabelLine | null; onFocus: (e: FocusEvent) => void } {
  // A line focused before the latest scan gives way to the scanned one: the goods now in hand.
  const [focused, setFocused] = useState<{ line: number; seq: number | null } | null>(null);
  const lines = c.draft.lines;
  const seq = c.last?.seq ?? null;
  const at = focused && focused.seq === seq && focused.line < lines.length ? focused.line : (c.last?.line ?? lines.length - 1);
  const l = lines[at];
  const line = l
    ? { inventoryId: l.inventoryId, sku: l.sku, name: l.name, lot: l.lotNumber, expiry: l.expiry, units: l.quantity, where: `line ${at + 1}` }
    : null;
  const onFocus = (e: FocusEvent) => {
    const row = e.target.closest('tr[data-line]');
    setFocused(row ? { line: Number(row.getAttribute('data-line')), seq } : null);
  };
  return { line, onFocus };
}

export function LinesTable({ c, actions }: { c: IntakeController; actions: RefObject<LineActions> }) {
  const { draft, problems, last } = c;
  const label = useLabelLine(c);
  return (
    <>
      <table className="intake-lines" aria-label="Items in this return" aria-describedby="intake-totals" onFocus={label.onFocus}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Item</th>
            <th scope="col">SKU</th>
            <th scope="col">Quantity</th>
            <th scope="col">Lot</th>
            <th scope="col">Expires</th>
            <th scope="col">Action</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.lines.map((line, i) => {
            const lineProblems = [...problems.filter((p) => p.line === i).map((p) => p.message), ...line.messages].join('\n');
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
        <p className="state">No items yet: scan the first item.</p>
      ) : (
        <div className="intake-line-tools">
          <PrintLineLabel line={label.line} keys="Alt+P" group="Return intake" />
        </div>
      )}
    </>
  );
}

export function IntakeActions({ c }: { c: IntakeController }) {
  const { draft, submitting } = c;
  const units = draft.lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <>
      <footer className="intake-actions">
        <span id="intake-totals" className="muted">
          {countOf(draft.lines.length, 'item')}, {countOf(units, 'unit')}
        </span>
        <button type="button" className="primary" onClick={() => void c.submit(false)} disabled={submitting}>
          Submit <kbd>Alt+S</kbd>
        </button>
        {draft.editOf === null && (
          <button type="button" onClick={() => void c.submit(true)} disabled={submitting}>
            Next box <kbd>Alt+N</kbd>
          </button>
        )}
        <button type="button" className="quiet" onClick={() => c.setConfirmDiscard(true)} disabled={submitting}>
          Discard draft
        </button>
      </footer>
      <ConfirmDialog
        title="Discard this return draft?"
        isOpen={c.confirmDiscard}
        onClose={() => c.setConfirmDiscard(false)}
        confirmLabel="Discard the draft"
        dismissLabel="Keep the draft"
        onConfirm={() => void c.discard()}
      >
        <p>This throws away {countOf(draft.lines.length, 'item')}; nothing is sent to the service. This cannot be undone.</p>
      </ConfirmDialog>
      {c.submitError !== null && <ErrorNote error={c.submitError} />}
    </>
  );
}
