import { Link, useParams, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { ReturnDetail as Detail } from '../common/ipc';
import type { ReturnItem } from '../../../shared/schemas/returns';
import { expiryDay } from '../../../shared/time/expiry';
import { formatCenterTime, formatCount, formatDay } from '../../../renderer/src/format';
import { useT, type Translate, type Words } from '../../../renderer/src/i18n/useT';
import { ConfirmDialog } from '../../../renderer/src/ui/ConfirmDialog';
import { centerLabel } from '../../../renderer/src/ui/centerChoices';
import { ErrorNote, errorParts } from '../../../renderer/src/ui/ErrorNote';
import { QueryState } from '../../../renderer/src/ui/QueryState';
import { StatusBadge } from '../../../renderer/src/ui/StatusBadge';
import { showToast } from '../../../renderer/src/ui/Toasts';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { OpenElsewhere } from '../../desks/ui';
import { ReturnPhotos } from '../../evidence/ui';
import { RecordJournal } from '../../journal/ui';
import { useCancelReturn, useEditReturn, useOriginalShipment, useReturnDetail } from './queries';
import { useCenters } from '../../../renderer/src/app/centers';
import { units } from './ReturnsList';

/**
 * A return's times in its center's zone, named (the times rule); while the centers are read, or
 * for a center without a zone, in the desk's, named.
 */
function useReturnTimes(centerId: number | undefined): (iso: string | null | undefined) => string {
  const centers = useCenters();
  const zone = centers.data?.find((c) => c.id === centerId)?.timeZone ?? null;
  return (iso) => formatCenterTime(iso, zone);
}

/** One return: facts, items with the actions requested and taken, status history and what this desk did to it, and cancel or edit while it awaits arrival. */
export function ReturnDetail() {
  const { id } = useParams({ from: '/returns/$id' });
  const query = useReturnDetail(id);
  const { t } = useT();
  return (
    <section className="workspace detail" aria-labelledby="return-title">
      <header className="workspace-header">
        <ViewHeading id="return-title">{t('returns.detail.title', { id: String(id) })}</ViewHeading>
        <OpenElsewhere kind="return" id={id} />
        <Link to="/returns" className="button-link">
          {t('returns.detail.all')}
        </Link>
      </header>
      <QueryState query={query} loading={t('returns.detail.loading', { id: String(id) })} failed={t('returns.detail.failed', { id: String(id) })}>
        {(detail) => <DetailBody detail={detail} />}
      </QueryState>
    </section>
  );
}

function DetailBody({ detail }: { detail: Detail }) {
  const r = detail.record;
  const { t, label } = useT();
  const when = useReturnTimes(r.fulfillment_center?.id);
  return (
    <div className="detail-grid">
      <div>
        <Facts record={r} />
        <Actions detail={detail} />
      </div>
      <div>
        <h2>{t('returns.detail.history')}</h2>
        <ol className="timeline" aria-label={t('returns.detail.history')}>
          {(r.status_history ?? []).map((h, i) => (
            <li key={i}>
              <strong>{label('ReturnStatus', h.status)}</strong> <span className="muted">{when(h.timestamp)}</span>
            </li>
          ))}
        </ol>
        <RecordJournal kind="return" id={String(r.id)} reference={r.reference_id ?? null} when={when} />
      </div>
      <div className="span-2">
        <h2>
          {t('returns.detail.items')} <span className="muted">{t('returns.units', { count: units(r) })}</span>
        </h2>
        <ItemTable items={r.inventory ?? []} />
        <ReturnPhotos returnId={r.id} reference={r.reference_id ?? null} lines={r.inventory ?? []} />
        <Transactions record={r} />
      </div>
    </div>
  );
}

function Facts({ record: r }: { record: Detail['record'] }) {
  const center = r.fulfillment_center;
  const { t, label } = useT();
  const when = useReturnTimes(center?.id);
  // The record is read leniently: a center without its id can only be said by its name.
  const centerSaid = center?.id === undefined ? (center?.name ?? '—') : centerLabel(t, { id: center.id, name: center.name });
  return (
    <dl className="facts">
      <dt>{t('returns.detail.status')}</dt>
      <dd>
        <StatusBadge kind="ReturnStatus" status={r.status} />
      </dd>
      <dt>{t('returns.detail.reference')}</dt>
      <dd>{r.reference_id || '—'}</dd>
      <dt>{t('returns.detail.tracking')}</dt>
      <dd>{r.tracking_number ?? '—'}</dd>
      {r.shipment_tracking_number && (
        <>
          <dt>{t('returns.detail.shipmentTracking')}</dt>
          <dd>{r.shipment_tracking_number}</dd>
        </>
      )}
      <dt>{t('returns.detail.center')}</dt>
      <dd title={center?.id === undefined ? undefined : t('returns.detail.centerIdTitle', { id: String(center.id) })}>{centerSaid}</dd>
      <dt>{t('returns.detail.type')}</dt>
      <dd>{label('ReturnType', r.return_type)}</dd>
      <dt>{t('returns.detail.originalShipment')}</dt>
      <dd>
        <OriginalShipmentText id={r.original_shipment_id} />
      </dd>
      {(r.store_order_id || r.customer_name) && (
        <>
          <dt>{t('returns.detail.storeOrder')}</dt>
          <dd>
            {r.store_order_id ?? '—'}
            {r.customer_name ? ` · ${r.customer_name}` : ''}
          </dd>
        </>
      )}
      <dt>{t('returns.detail.channel')}</dt>
      <dd>{r.channel?.name ?? '—'}</dd>
      <dt>{t('returns.detail.created')}</dt>
      <dd>{when(r.insert_date)}</dd>
      <dt>{t('returns.detail.completed')}</dt>
      <dd>{when(r.completed_date)}</dd>
      {r.invoice?.amount != null && (
        <>
          <dt>{t('returns.detail.invoiced')}</dt>
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
  const { t } = useT();
  if (typeof id !== 'number') return '—';
  const s = shipment.data;
  if (!s) {
    return (
      <span data-testid="original-shipment">
        {shipment.isPending ? t('returns.detail.shipment.lookingUp') : t('returns.detail.shipment.id', { id: String(id) })}
        {shipment.isError && <span className="muted"> {t('returns.detail.shipment.unread', { error: errorParts(shipment.error).message })}</span>}
      </span>
    );
  }
  const title =
    s.orderId !== null
      ? t('returns.detail.shipment.idsTitle', { id: String(s.id), orderId: String(s.orderId) })
      : t('returns.detail.shipment.idTitle', { id: String(s.id) });
  return (
    <span data-testid="original-shipment" title={title}>
      {shipmentText(t, s)}
    </span>
  );
}

/** The order on its packing slip and the tracking number, as the box shows them; the shipment id where it has neither. */
function shipmentText(
  t: Translate,
  s: { id: number; orderReference: string | null; storeOrderId: string | null; trackingNumber: string | null; carrier: string | null },
): string {
  const order = s.orderReference ?? s.storeOrderId;
  const tracking = s.trackingNumber
    ? s.carrier
      ? t('returns.detail.shipment.trackingCarrier', { tracking: s.trackingNumber, carrier: s.carrier })
      : t('returns.detail.shipment.tracking', { tracking: s.trackingNumber })
    : null;
  if (order && tracking) return t('returns.detail.shipment.orderTracking', { order, tracking });
  if (order) return t('returns.detail.shipment.order', { order });
  return tracking ?? t('returns.detail.shipment.id', { id: String(s.id) });
}

function Transactions({ record: r }: { record: Detail['record'] }) {
  const { t, label } = useT();
  if ((r.transactions ?? []).length === 0) return null;
  return (
    <>
      <h2>{t('returns.detail.transactions')}</h2>
      <table className="plain">
        <thead>
          <tr>
            <th>{t('returns.detail.transactions.type')}</th>
            <th className="end">{t('returns.detail.transactions.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {(r.transactions ?? []).map((x, i) => (
            <tr key={i}>
              <td>{label('TransactionType', x.transaction_type)}</td>
              <td className="end">{x.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** "Restock (override)" or "Quarantine (item default)": the service says which with action_type. */
function requested({ t, label }: Words, item: ReturnItem): string {
  const a = item.action_requested;
  if (!a?.action) return '—';
  const action = label('ReturnAction', a.action);
  return a.action_type ? t('returns.detail.requested', { action, kind: a.action_type }) : action;
}

function ItemTable({ items }: { items: ReturnItem[] }) {
  const words = useT();
  const { t, label } = words;
  return (
    <table className="plain return-items">
      <thead>
        <tr>
          <th>{t('returns.detail.col.item')}</th>
          <th className="end">{t('returns.detail.col.quantity')}</th>
          <th>{t('returns.detail.col.lot')}</th>
          <th>{t('returns.detail.col.expires')}</th>
          <th>{t('returns.detail.col.requested')}</th>
          <th>{t('returns.detail.col.taken')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} data-inventory-id={item.id}>
            {/* Its name first, the SKU after, the inventory id on hover (as ItemName shows an item). */}
            <td title={t('returns.detail.inventoryId', { id: String(item.id) })}>
              {item.name ? (
                <>
                  {item.name} <span className="muted">({item.sku ?? item.id})</span>
                </>
              ) : (
                (item.sku ?? t('returns.detail.itemId', { id: String(item.id) }))
              )}
            </td>
            <td className="end">{formatCount(item.quantity)}</td>
            <td>{item.lot_information?.number ?? '—'}</td>
            {/* An expiry is a day: shown as written, not shifted into the local time zone. */}
            <td>{formatDay(expiryDay(item.lot_information?.expiration))}</td>
            <td>
              {requested(words, item)}
              {item.action_requested?.instructions ? <div className="muted">{item.action_requested.instructions}</div> : null}
            </td>
            <td>
              {(item.action_taken ?? []).length === 0 ? (
                <span className="muted">{t('returns.detail.notProcessed')}</span>
              ) : (
                (item.action_taken ?? []).map((taken, k) => (
                  <div key={k}>
                    {label('ReturnAction', taken.action)} × {formatCount(taken.quantity_processed ?? 0)}
                    {taken.action_reason ? <span className="muted"> · {taken.action_reason}</span> : null}
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
  const { t, label } = useT();
  const reference = r.reference_id || String(r.id);
  return (
    <div className="actions-stack">
      {detail.changeable.allowed ? (
        <div className="button-row" role="group" aria-label={t('returns.detail.change')}>
          {/* The return's main action while it can change: the view opens on it. */}
          <button
            type="button"
            data-primary
            disabled={edit.isPending}
            onClick={() => edit.mutate(undefined, { onSuccess: (draft) => router.history.push(`/returns/drafts/${encodeURIComponent(draft.id)}`) })}
          >
            {edit.isPending ? t('returns.detail.opening') : t('returns.detail.edit')}
          </button>
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            {t('returns.detail.cancel')}
          </button>
        </div>
      ) : (
        <p className="muted" id="change-why">
          {t('returns.detail.unchangeable', { reason: detail.changeable.reason ?? 'otherStatus', status: label('ReturnStatus', r.status) })}
        </p>
      )}
      {edit.error && <ErrorNote error={edit.error} prefix={t('returns.detail.editFailed')} />}
      {cancel.error && <ErrorNote error={cancel.error} prefix={t('returns.detail.cancelFailed')} />}
      <ConfirmDialog
        title={t('returns.detail.cancel.title', { reference })}
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        confirmLabel={t('returns.detail.cancel.confirm')}
        pendingLabel={t('returns.detail.cancel.pending')}
        dismissLabel={t('returns.detail.cancel.keep')}
        isPending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => showToast({ title: t('returns.detail.cancel.done', { reference }), tone: 'success' }),
            onSettled: () => setConfirming(false),
          })
        }
      >
        <p>
          {r.tracking_number
            ? t('returns.detail.cancel.textTracking', { units: units(r), tracking: r.tracking_number })
            : t('returns.detail.cancel.text', { units: units(r) })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
