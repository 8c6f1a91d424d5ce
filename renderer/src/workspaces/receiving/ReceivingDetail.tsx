import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Switch } from 'react-aria-components';
import type { ReceivingDetail as Detail } from '../../../../shared/ipc/receiving';
import type { InventoryQuantity, ReceivingBox } from '../../../../shared/schemas/receiving';
import { call } from '../../bridge/dockdesk';
import { expiryDay } from '../../../../shared/lots/expiry';
import { formatCenterTime, formatCount, formatDay, humanize } from '../../format';
import { useT } from '../../i18n/useT';
import { countOf } from '../../../../shared/counts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorNote, errorParts } from '../../ui/ErrorNote';
import { QueryState } from '../../ui/QueryState';
import { StatusBadge } from '../../ui/StatusBadge';
import { ItemName, useItemNames, type ItemNaming } from '../inventory';
import { showToast } from '../../ui/Toasts';
import { ViewHeading } from '../../ui/ViewHeading';
import { printBoxLabels, printLabels, saveLabels, useBoxLabelPrinter, viewLabels } from './labels';
import { BOX_ITEM_LABEL_KEYS, useBoxItemLabels } from './boxItemLabels';
import { useShortcut } from '../../keyboard/useShortcut';
import { totals, useFulfillmentCenters, useOrderAction, useOrderPage } from './queries';

/** One receiving order: facts, timeline, quantities, boxes, distributions, and what can be done with it. */
export function ReceivingDetail() {
  const { id } = useParams({ from: '/receiving/$id' });
  const { box } = useSearch({ from: '/receiving/$id' });
  const [asked, setAsked] = useState(false);
  const { query } = useOrderPage(id, asked || box !== undefined);
  return (
    <section className="workspace detail" aria-labelledby="wro-title">
      <header className="workspace-header">
        <ViewHeading id="wro-title">Receiving order {id}</ViewHeading>
        <DiscrepanciesLink id={id} />
        <Link to="/receiving" className="button-link">
          All receiving orders
        </Link>
      </header>
      <QueryState query={query} what={`receiving order ${id}`}>
        {(detail) => <DetailBody detail={detail} focusBox={box ?? null} showContents={() => setAsked(true)} />}
      </QueryState>
    </section>
  );
}

/** The order's discrepancy report: a link, and Alt+D from anywhere on the order. */
function DiscrepanciesLink({ id }: { id: number }) {
  const navigate = useNavigate();
  useShortcut({
    keys: 'Alt+d',
    description: "Open the order's discrepancies",
    group: 'Receiving order',
    handler: () => void navigate({ to: '/receiving/$id/discrepancies', params: { id } }),
  });
  return (
    <Link to="/receiving/$id/discrepancies" params={{ id }} className="button-link" aria-keyshortcuts="Alt+D">
      Discrepancies
    </Link>
  );
}

function DetailBody({ detail, focusBox, showContents }: { detail: Detail; focusBox: number | null; showContents: () => void }) {
  const { label } = useT();
  const { order } = detail;
  const names = useItemNames([
    ...(order.inventory_quantities ?? []).map((q) => q.inventory_id),
    ...detail.boxes.flatMap((b) => (b.box_items ?? []).map((i) => i.inventory_id)),
    ...(detail.distributions?.distributions ?? []).map((d) => d.inventory_id),
  ]);
  const centerName = useCenterName();
  const t = totals(order);
  // Arrival, status changes and box arrivals happen at the center: shown in its zone, named. The
  // order's own times (created, updated, synced) too, so no two times on one page read in two zones.
  const zone = order.fulfillment_center?.timezone ?? null;
  const printer = useBoxLabelPrinter();
  const reprint = printer && labelsPrintable(order) ? (boxId: number) => printWithToast(order.id, [boxId]) : null;
  return (
    <div className="detail-grid">
      <div>
        <OrderFacts order={order} centerName={centerName} zone={zone} />
        <Actions detail={detail} printer={printer} />
      </div>
      <div>
        <h2>Status history</h2>
        <ol className="timeline" aria-label="Status history">
          {(order.status_history ?? []).map((h) => (
            <li key={h.id}>
              <strong>{label('ReceivingStatus', h.status)}</strong> <span className="muted">{formatCenterTime(h.timestamp, zone)}</span>
            </li>
          ))}
        </ol>
      </div>
      <div className="span-2">
        <h2>
          Quantities{' '}
          <span className="muted">
            {formatCount(t.expected)} expected · {formatCount(t.received)} received · {formatCount(t.stowed)} stowed
          </span>
        </h2>
        <QuantityTable lines={order.inventory_quantities ?? []} names={names} />
        <h2>Boxes</h2>
        {detail.contents ? (
          <BoxList boxes={detail.boxes} focusBox={focusBox} names={names} zone={zone} reprint={reprint} />
        ) : (
          <p className="state" data-testid="contents-later">
            The boxes and distributions are read when you stay on this order.{' '}
            <button type="button" onClick={showContents}>
              Show them now
            </button>
          </p>
        )}
        {detail.distributions && (
          <>
            <h2>Distributions</h2>
            <DistributionTable lines={detail.distributions.distributions ?? []} names={names} centerName={centerName} />
          </>
        )}
      </div>
    </div>
  );
}

/** A center's name as the service's list of centers has it, else what the record says, else its id. */
type CenterName = (id: number | null | undefined, fallback?: string | null) => string;

function useCenterName(): CenterName {
  const centers = useFulfillmentCenters();
  return (id, fallback) => {
    if (id === null || id === undefined) return '—';
    return centers.data?.find((c) => c.id === id)?.name ?? fallback ?? `Center ${id}`;
  };
}

function OrderFacts({ order, centerName, zone }: { order: Detail['order']; centerName: CenterName; zone: string | null }) {
  const { label } = useT();
  const freight = order.freight ? Object.entries(order.freight).filter(([, v]) => v) : [];
  return (
    <dl className="facts">
      <dt>Status</dt>
      <dd>
        <StatusBadge kind="ReceivingStatus" status={order.status} />
      </dd>
      <dt>PO number</dt>
      <dd>{order.purchase_order_number ?? '—'}</dd>
      <dt>Fulfillment center</dt>
      <dd>
        {order.fulfillment_center ? (
          <span title={`Center id ${order.fulfillment_center.id}`}>
            {withCity(centerName(order.fulfillment_center.id, order.fulfillment_center.name), order.fulfillment_center.city)}
          </span>
        ) : (
          '—'
        )}
      </dd>
      <dt>Final destination</dt>
      <dd>
        {order.final_destination_fulfillment_center_id ? (
          <span title={`Center id ${order.final_destination_fulfillment_center_id}`}>{centerName(order.final_destination_fulfillment_center_id)}</span>
        ) : (
          '—'
        )}
      </dd>
      <dt>Expected arrival</dt>
      <dd>{formatCenterTime(order.expected_arrival_date, zone)}</dd>
      <dt>Package type</dt>
      <dd>{label('PackageType', order.package_type)}</dd>
      <dt>Box packaging</dt>
      <dd>{label('BoxPackagingType', order.box_packaging_type)}</dd>
      <dt>Created</dt>
      <dd>{formatCenterTime(order.insert_date, zone)}</dd>
      <dt>Last updated</dt>
      <dd>{formatCenterTime(order.last_updated_date, zone)}</dd>
      {freight.map(([k, v]) => (
        <FreightFact key={k} name={k} value={String(v)} />
      ))}
    </dl>
  );
}

type Distribution = NonNullable<NonNullable<Detail['distributions']>['distributions']>[number];

function DistributionTable({ lines, names, centerName }: { lines: Distribution[]; names: ReadonlyMap<number, ItemNaming>; centerName: CenterName }) {
  const { label } = useT();
  return (
    <table className="plain">
      <thead>
        <tr>
          <th>Item</th>
          <th>Lot</th>
          <th>Center</th>
          <th className="end">Expected</th>
          <th className="end">Received</th>
          <th className="end">Stowed</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((d, i) => (
          <tr key={i}>
            <td>
              <ItemName inventoryId={d.inventory_id} naming={names.get(d.inventory_id)} sku={d.product_sku} />
            </td>
            <td>{d.lot_number ?? '—'}</td>
            <td title={`Center id ${d.fulfillment_center_id}`}>{centerName(d.fulfillment_center_id, d.fulfillment_center_abbreviation)}</td>
            <td className="end">{formatCount(d.expected_quantity ?? 0)}</td>
            <td className="end">{formatCount(d.received_quantity ?? 0)}</td>
            <td className="end">{formatCount(d.stowed_quantity ?? 0)}</td>
            <td>{label('DistributionStatus', d.status)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const FREIGHT_LABELS: Record<string, string> = {
  carrier: 'Carrier',
  bol_number: 'BOL number',
  container_number: 'Container number',
  vessel_name: 'Vessel',
  freight_forwarder: 'Freight forwarder',
  notes: 'Freight notes',
};

function FreightFact({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{FREIGHT_LABELS[name] ?? humanize(name)}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** A bar with its numbers; over (more than expected) and under (less, once the order is done) are marked. */
function Bar({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <span className="bar-cell">
      <progress aria-label={label} value={Math.min(value, max)} max={Math.max(max, 1)} />
      <span className="num">{formatCount(value)}</span>
    </span>
  );
}

function QuantityTable({ lines, names }: { lines: InventoryQuantity[]; names: ReadonlyMap<number, ItemNaming> }) {
  return (
    <table className="plain quantities">
      <thead>
        <tr>
          <th>Item</th>
          <th className="end">Expected</th>
          <th>Received</th>
          <th>Stowed</th>
          <th>Difference</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((q) => {
          const expected = q.expected_quantity ?? 0;
          const received = q.received_quantity ?? 0;
          const diff = received - expected;
          const sku = q.sku || String(q.inventory_id);
          return (
            <tr key={q.inventory_id} className={diff > 0 ? 'over' : undefined} data-inventory-id={q.inventory_id}>
              <td>
                <ItemName inventoryId={q.inventory_id} naming={names.get(q.inventory_id)} sku={q.sku} />
              </td>
              <td className="end">{formatCount(expected)}</td>
              <td>
                <Bar label={`${sku} received`} value={received} max={expected} />
              </td>
              <td>
                <Bar label={`${sku} stowed`} value={q.stowed_quantity ?? 0} max={expected} />
              </td>
              <td className={diff > 0 ? 'over' : diff < 0 && received > 0 ? 'under' : undefined}>
                {diff > 0 ? `${formatCount(diff)} over` : diff < 0 && received > 0 ? `${formatCount(-diff)} under` : '—'}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function BoxList({
  boxes,
  focusBox,
  names,
  zone,
  reprint,
}: {
  boxes: ReceivingBox[];
  focusBox: number | null;
  names: ReadonlyMap<number, ItemNaming>;
  zone: string | null;
  /** Reprints one box's label on the box-label printer; null when no printer is set (or the order prints none). */
  reprint: ((boxId: number) => void) | null;
}) {
  const { label } = useT();
  // A scanned box label opens the order at its box: scroll to it and give it focus, on its Reprint
  // button when there is one, so Enter prints the label again (the scan's usual reason at the desk).
  const offersReprint = reprint !== null;
  useEffect(() => {
    if (focusBox === null) return;
    const el = document.getElementById(`box-${focusBox}`);
    el?.scrollIntoView({ block: 'center' });
    (el?.querySelector<HTMLElement>('button[data-reprint]') ?? el)?.focus();
  }, [focusBox, offersReprint]);
  const scanned = focusBox !== null ? boxes.find((b) => b.box_id === focusBox) : undefined;
  const labels = useBoxItemLabels(boxes, names, focusBox);
  return (
    <>
      {labels.dialog}
      {scanned && reprint && (
        <p className="state" role="status" data-testid="box-reprint-offer">
          Box {scanned.box_number ?? scanned.box_id} scanned: Enter reprints its label.
        </p>
      )}
      <p className="muted">
        Each item in a box has its item label: <kbd>{BOX_ITEM_LABEL_KEYS}</kbd> prints it for the line in focus, with the box’s lot and expiry.
      </p>
      <table className="plain boxes" onFocus={labels.onFocus}>
        <thead>
          <tr>
            <th>Box</th>
            <th>Box id</th>
            <th>Status</th>
            <th>Tracking number</th>
            <th>Arrived</th>
            <th>Items</th>
            {reprint && <th>Label</th>}
          </tr>
        </thead>
        <tbody>
          {boxes.map((b) => (
            <tr
              key={b.box_id}
              id={`box-${b.box_id}`}
              data-box-id={b.box_id}
              tabIndex={-1}
              className={b.box_id === focusBox ? 'focused-box' : undefined}
              aria-current={b.box_id === focusBox ? 'true' : undefined}
            >
              <td>{b.box_number ?? '—'}</td>
              <td>{b.box_id}</td>
              <td>{label('BoxStatus', b.box_status)}</td>
              <td>{b.tracking_number ?? '—'}</td>
              <td>{formatCenterTime(b.arrived_date, zone)}</td>
              <td>
                <BoxItems box={b} names={names} onLabel={(k) => labels.openLine(b, k)} />
              </td>
              {reprint && (
                <td>
                  <button type="button" data-reprint aria-label={`Reprint the label of box ${b.box_number ?? b.box_id}`} onClick={() => reprint(b.box_id)}>
                    Reprint
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function BoxItems({ box, names, onLabel }: { box: ReceivingBox; names: ReadonlyMap<number, ItemNaming>; onLabel: (k: number) => void }) {
  return (
    <>
      {(box.box_items ?? []).map((i, k) => (
        <div key={k} className="box-line">
          {formatCount(i.quantity ?? 0)} × <ItemName inventoryId={i.inventory_id} naming={names.get(i.inventory_id)} />
          {i.lot_number ? ` · lot ${i.lot_number}` : ''}
          {/* An expiry is a day: shown as written, not shifted into the local time zone. */}
          {i.lot_date ? ` · expires ${formatDay(expiryDay(i.lot_date))}` : ''}
          <span className="muted">
            {' '}
            ({formatCount(i.received_quantity ?? 0)} received, {formatCount(i.stowed_quantity ?? 0)} stowed)
          </span>{' '}
          <button
            type="button"
            className="quiet"
            data-box-line={`${box.box_id}:${k}`}
            aria-label={`Item label for ${names.get(i.inventory_id)?.sku ?? `item ${i.inventory_id}`} in box ${box.box_number ?? box.box_id}`}
            onClick={() => onLabel(k)}
          >
            Item label…
          </button>
        </div>
      ))}
    </>
  );
}

/** The service prints labels for boxes it still expects: none for a cancelled order, none where it gives no label address. */
function labelsPrintable(order: Detail['order']): boolean {
  return order.box_labels_uri !== null && order.status !== 'Cancelled';
}

/** Box labels to the label printer; a failure to even make the job (no PDF, no printer) said in a toast. */
function printWithToast(orderId: number, boxIds?: number[]): void {
  // The catch below says every failure in a toast: nothing is left to reject.
  void printBoxLabels(orderId, boxIds).catch((error: unknown) =>
    showToast({
      title: 'Box labels not printed',
      description: `${errorParts(error).message.replace(/\.?$/, '.')} View labels shows the PDF to print from there.`,
      tone: 'error',
    }),
  );
}

function Actions({ detail, printer }: { detail: Detail; printer: { name: string } | null }) {
  const { order } = detail;
  const [confirming, setConfirming] = useState(false);
  const sync = useOrderAction((on: boolean) => call('receiving.setExternalSync', { id: order.id, isExternalSync: on }));
  const cancel = useOrderAction(() => call('receiving.cancel', { id: order.id }));
  return (
    <div className="actions-stack">
      <Switch className="switch" isSelected={Boolean(order.external_sync_timestamp)} isDisabled={sync.isPending} onChange={(on) => sync.mutate(on)}>
        <span className="switch-track" aria-hidden="true" />
        Synced with an outside system
        {order.external_sync_timestamp ? ` (${formatCenterTime(order.external_sync_timestamp, order.fulfillment_center?.timezone ?? null)})` : ''}
      </Switch>
      {sync.error && <ErrorNote error={sync.error} prefix="External sync not changed" />}
      <div className="button-row" role="group" aria-label="Box labels">
        <LabelButtons order={order} printer={printer} />
        {detail.cancel.allowed ? (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Cancel order…
          </button>
        ) : (
          <span className="muted" id="cancel-why">
            {detail.cancel.reason}
          </span>
        )}
      </div>
      {cancel.error && <ErrorNote error={cancel.error} prefix="Not cancelled" />}
      <ConfirmDialog
        title={`Cancel receiving order ${order.id}?`}
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        confirmLabel="Cancel the order"
        dismissLabel="Keep it"
        isPending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => showToast({ title: `Receiving order ${order.id} cancelled`, tone: 'success' }),
            onSettled: () => setConfirming(false),
          })
        }
      >
        <p>{cancelWords(order.purchase_order_number, order.fulfillment_center?.name, detail.contents ? countOf(detail.boxes.length, 'box') : 'boxes')}</p>
      </ConfirmDialog>
    </div>
  );
}

/** View, save and print the box labels; print goes to the label printer when one is set (Alt+P), else to the PDF's print dialog. */
function LabelButtons({ order, printer }: { order: Detail['order']; printer: { name: string } | null }) {
  const labels = (run: (id: number) => Promise<void>, what: string) => () =>
    void run(order.id).then(
      // Viewing and printing show themselves; a saved file says where it went.
      () => (what === 'saved' ? showToast({ title: 'Box labels saved', description: 'The PDF is in your downloads.', tone: 'success' }) : undefined),
      (error: unknown) =>
        showToast({
          title: `Box labels could not be ${what}`,
          description: `${errorParts(error).message.replace(/\.?$/, '.')} Save labels keeps the PDF to print from elsewhere.`,
          tone: 'error',
        }),
    );
  const printable = labelsPrintable(order);
  const print = printer ? () => printWithToast(order.id) : labels(printLabels, 'printed');
  useShortcut({ keys: 'Alt+p', description: 'Print the box labels', group: 'Receiving order', handler: print }, printable);
  return printable ? (
    <>
      <button type="button" onClick={labels(viewLabels, 'shown')}>
        View labels
      </button>
      <button type="button" onClick={labels(saveLabels, 'saved')}>
        Save labels
      </button>
      <button type="button" onClick={print} aria-keyshortcuts="Alt+P" {...(printer ? { 'aria-describedby': 'label-printer' } : {})}>
        Print labels
      </button>
      {printer ? (
        <span className="muted" id="label-printer">
          to {printer.name}
        </span>
      ) : (
        <span className="muted" data-testid="label-printer-hint">
          A label printer can be set in Settings → Printers: labels then print on it, the right size, without a dialog.
        </span>
      )}
    </>
  ) : (
    <span className="muted" data-testid="no-labels">
      {order.status === 'Cancelled' ? 'No box labels: the order is cancelled.' : 'The service prints no box labels for this order.'}
    </span>
  );
}

/** What cancelling stops, with the order's PO number and center, the words the clerk knows it by besides its id. */
function cancelWords(po: string | null | undefined, center: string | null | undefined, boxes: string): string {
  const which = [po ? (/^PO\b/i.test(po) ? po : `PO ${po}`) : null, center ? `expected at ${center}` : null].filter(Boolean).join(', ');
  return `${which ? `${which}: the` : 'The'} service will stop expecting its ${boxes}. This cannot be undone.`;
}

/** A center's name with its city after it, unless the name already says the city ("Twin Lakes (WI)"). */
function withCity(name: string, city: string | null | undefined): string {
  if (!city || name.toLowerCase().includes(city.toLowerCase())) return name;
  return `${name}, ${city}`;
}
