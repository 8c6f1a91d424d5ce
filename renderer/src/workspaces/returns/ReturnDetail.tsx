import { Link, useParams, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { ReturnDetail as Detail } from '../../../../shared/ipc/returns';
import type { ReturnItem } from '../../../../shared/schemas/returns';
import { expiryDay } from '../../../../shared/lots/expiry';
import { formatCount, formatDateTime, formatDay } from '../../format';
import { labelOf } from '../../../../shared/labels';
import { countOf } from '../../../../shared/counts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorNote, errorParts } from '../../ui/ErrorNote';
import { QueryState } from '../../ui/QueryState';
import { StatusBadge } from '../../ui/StatusBadge';
import { showToast } from '../../ui/Toasts';
import { ViewHeading } from '../../ui/ViewHeading';
import { useCancelReturn, useEditReturn, useOriginalShipment, useReturnDetail } from './queries';
import { units } from './ReturnsList';

const when = (iso: string | null | undefined) => formatDateTime(iso);
const unitsText = (n: number) => countOf(n, 'unit');

/** One return: facts, items with the actions requested and taken, status history, and cancel or edit while it awaits arrival. */
export function ReturnDetail() {
  const { id } = useParams({ from: '/returns/$id' });
  const query = useReturnDetail(id);
  return (
    <section className="workspace detail" aria-labelledby="return-title">
      <header className="workspace-header">
        <ViewHeading id="return-title">Return {id}</ViewHeading>
        <Link to="/returns" className="button-link">
          All returns
        </Link>
      </header>
      <QueryState query={query} what={`return ${id}`}>
        {(detail) => <DetailBody detail={detail} />}
      </QueryState>
    </section>
  );
}

function DetailBody({ detail }: { detail: Detail }) {
  const r = detail.record;
  return (
    <div className="detail-grid">
      <div>
        <Facts record={r} />
        <Actions detail={detail} />
      </div>
      <div>
        <h2>Status history</h2>
        <ol className="timeline" aria-label="Status history">
          {(r.status_history ?? []).map((h, i) => (
            <li key={i}>
              <strong>{labelOf('ReturnStatus', h.status)}</strong> <span className="muted">{when(h.timestamp)}</span>
            </li>
          ))}
        </ol>
      </div>
      <div className="span-2">
        <h2>
          Items <span className="muted">{unitsText(units(r))}</span>
        </h2>
        <ItemTable items={r.inventory ?? []} />
        <Transactions record={r} />
      </div>
    </div>
  );
}

function Facts({ record: r }: { record: Detail['record'] }) {
  const center = r.fulfillment_center;
  return (
    <dl className="facts">
      <dt>Status</dt>
      <dd>
        <StatusBadge kind="ReturnStatus" status={r.status} />
      </dd>
      <dt>Reference id</dt>
      <dd>{r.reference_id || '—'}</dd>
      <dt>Tracking number</dt>
      <dd>{r.tracking_number ?? '—'}</dd>
      {r.shipment_tracking_number && (
        <>
          <dt>Shipment tracking</dt>
          <dd>{r.shipment_tracking_number}</dd>
        </>
      )}
      <dt>Fulfillment center</dt>
      <dd title={center ? `Center id ${center.id}` : undefined}>{center ? (center.name ?? `Center ${center.id}`) : '—'}</dd>
      <dt>Return type</dt>
      <dd>{labelOf('ReturnType', r.return_type)}</dd>
      <dt>Original shipment</dt>
      <dd>
        <OriginalShipmentText id={r.original_shipment_id} />
      </dd>
      {(r.store_order_id || r.customer_name) && (
        <>
          <dt>Store order</dt>
          <dd>
            {r.store_order_id ?? '—'}
            {r.customer_name ? ` · ${r.customer_name}` : ''}
          </dd>
        </>
      )}
      <dt>Channel</dt>
      <dd>{r.channel?.name ?? '—'}</dd>
      <dt>Created</dt>
      <dd>{when(r.insert_date)}</dd>
      <dt>Completed</dt>
      <dd>{when(r.completed_date)}</dd>
      {r.invoice?.amount != null && (
        <>
          <dt>Invoiced</dt>
          <dd>
            {r.invoice.amount} {r.invoice.currency_code ?? ''}
          </dd>
        </>
      )}
    </dl>
  );
}

/**
 * The shipment the box came from, by the order reference on its packing slip and its tracking
 * number (the service's ids on hover); the id itself only while the shipment cannot be read.
 */
function OriginalShipmentText({ id }: { id: number | null | undefined }) {
  const shipment = useOriginalShipment(id);
  if (typeof id !== 'number') return '—';
  const s = shipment.data;
  if (!s) {
    return (
      <span data-testid="original-shipment">
        {shipment.isPending ? 'Looking up the order…' : `Shipment ${id}`}
        {shipment.isError && <span className="muted"> (its order could not be read: {errorParts(shipment.error).message})</span>}
      </span>
    );
  }
  const order = s.orderReference ?? s.storeOrderId;
  const parts = [order ? `Order ${order}` : null, s.trackingNumber ? `tracking ${s.trackingNumber}${s.carrier ? ` (${s.carrier})` : ''}` : null].filter(
    Boolean,
  );
  return (
    <span data-testid="original-shipment" title={`Shipment id ${s.id}${s.orderId !== null ? ` · order id ${s.orderId}` : ''}`}>
      {parts.length > 0 ? parts.join(', ') : `Shipment ${s.id}`}
    </span>
  );
}

function Transactions({ record: r }: { record: Detail['record'] }) {
  if ((r.transactions ?? []).length === 0) return null;
  return (
    <>
      <h2>Transactions</h2>
      <table className="plain">
        <thead>
          <tr>
            <th>Type</th>
            <th className="end">Amount</th>
          </tr>
        </thead>
        <tbody>
          {(r.transactions ?? []).map((t, i) => (
            <tr key={i}>
              <td>{labelOf('TransactionType', t.transaction_type)}</td>
              <td className="end">{t.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** "Restock (override)" or "Quarantine (item default)": the service says which with action_type. */
function requested(item: ReturnItem): string {
  const a = item.action_requested;
  if (!a?.action) return '—';
  const kind = a.action_type === 'Override' ? 'requested' : a.action_type === 'InventoryDefault' ? 'item default' : a.action_type;
  return `${labelOf('ReturnAction', a.action)}${kind ? ` (${kind})` : ''}`;
}

function ItemTable({ items }: { items: ReturnItem[] }) {
  return (
    <table className="plain return-items">
      <thead>
        <tr>
          <th>Item</th>
          <th className="end">Quantity</th>
          <th>Lot</th>
          <th>Expires</th>
          <th>Action requested</th>
          <th>Action taken</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} data-inventory-id={item.id}>
            {/* Its name first, the SKU after, the inventory id on hover (as ItemName shows an item). */}
            <td title={`Inventory id ${item.id}`}>
              {item.name ? (
                <>
                  {item.name} <span className="muted">({item.sku ?? item.id})</span>
                </>
              ) : (
                (item.sku ?? `Item ${item.id}`)
              )}
            </td>
            <td className="end">{formatCount(item.quantity)}</td>
            <td>{item.lot_information?.number ?? '—'}</td>
            {/* An expiry is a day: shown as written, not shifted into the local time zone. */}
            <td>{formatDay(expiryDay(item.lot_information?.expiration))}</td>
            <td>
              {requested(item)}
              {item.action_requested?.instructions ? <div className="muted">{item.action_requested.instructions}</div> : null}
            </td>
            <td>
              {(item.action_taken ?? []).length === 0 ? (
                <span className="muted">Not processed yet</span>
              ) : (
                (item.action_taken ?? []).map((t, k) => (
                  <div key={k}>
                    {labelOf('ReturnAction', t.action)} × {formatCount(t.quantity_processed ?? 0)}
                    {t.action_reason ? <span className="muted"> · {t.action_reason}</span> : null}
                  </div>
                ))
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Cancel and Edit, offered only while the return awaits arrival (spec 3); otherwise the reason, in words. */
function Actions({ detail }: { detail: Detail }) {
  const r = detail.record;
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelReturn(r.id);
  const edit = useEditReturn(r.id);
  const name = `return ${r.reference_id || r.id}`;
  return (
    <div className="actions-stack">
      {detail.changeable.allowed ? (
        <div className="button-row" role="group" aria-label="Change this return">
          <button
            type="button"
            disabled={edit.isPending}
            onClick={() => edit.mutate(undefined, { onSuccess: (draft) => router.history.push(`/returns/drafts/${encodeURIComponent(draft.id)}`) })}
          >
            {edit.isPending ? 'Opening…' : 'Edit return'}
          </button>
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Cancel return…
          </button>
        </div>
      ) : (
        <p className="muted" id="change-why">
          Cannot be changed or cancelled because {detail.changeable.reason}
        </p>
      )}
      {edit.error && <ErrorNote error={edit.error} prefix="Not opened for changes" />}
      {cancel.error && <ErrorNote error={cancel.error} prefix="Not cancelled" />}
      <ConfirmDialog
        title={`Cancel ${name}?`}
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        confirmLabel="Cancel the return"
        pendingLabel="Cancelling…"
        dismissLabel="Keep it"
        isPending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => showToast({ title: `Return ${r.reference_id || r.id} cancelled`, tone: 'success' }),
            onSettled: () => setConfirming(false),
          })
        }
      >
        <p>
          The warehouse will stop expecting this box ({unitsText(units(r))}
          {r.tracking_number ? `, tracking ${r.tracking_number}` : ''}). This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
