import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Switch } from 'react-aria-components';
import { DISCREPANCY_STATUSES, type ReceivingDetail as Detail } from '../common/ipc';
import { countsOf, differs, itemDifferences, orderDifference, otherLotLines, otherLotUnits } from '../common/difference';
import type { ReceivingBox } from '../../../shared/schemas/receiving';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { expiryDay } from '../../../shared/time/expiry';
import { formatAsOf, formatCenterTime, formatCount, formatDay, humanize } from '../../../renderer/src/format';
import { centerLabel } from '../../../renderer/src/ui/centerChoices';
import { ConfirmDialog } from '../../../renderer/src/ui/ConfirmDialog';
import { ErrorNote, errorParts } from '../../../renderer/src/ui/ErrorNote';
import { QueryState, StaleNotice } from '../../../renderer/src/ui/QueryState';
import { StatusBadge } from '../../../renderer/src/ui/StatusBadge';
import { ItemName, useItemNames, type ItemNaming } from '../../inventory/ui';
import { showToast } from '../../../renderer/src/ui/Toasts';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { OpenElsewhere } from '../../desks/ui';
import { RecordJournal, useScanJournal } from '../../journal/ui';
import { OrderPhotos } from '../../evidence/ui';
import { printBoxLabels, printLabels, saveLabels, useBoxLabelPrinter, viewLabels } from './labels';
import { BOX_ITEM_LABEL_KEYS, useBoxItemLabels } from './boxItemLabels';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import { totals, useOrderAction, useOrderPage } from './queries';
import { useCenters } from '../../../renderer/src/app/centers';
import { differenceSaid, differenceTone, lotWords } from './difference';
import { currentWords, useT, type Translate } from '../../../renderer/src/i18n/useT';

/** One receiving order: facts, timeline and what this desk did to it, quantities, boxes, distributions, and what can be done with it. */
export function ReceivingDetail() {
  const { id } = useParams({ from: '/receiving/$id' });
  const { box } = useSearch({ from: '/receiving/$id' });
  const [asked, setAsked] = useState(false);
  const { query, heldAsOf, shownSince, unread } = useOrderPage(id, asked || box !== undefined);
  const { t } = useT();
  return (
    <section className="workspace detail" aria-labelledby="wro-title">
      <header className="workspace-header">
        <ViewHeading id="wro-title">{t('receiving.order.title', { id })}</ViewHeading>
        <OpenElsewhere kind="receiving" id={id} />
        {heldAsOf && (
          <span className="muted" data-testid="order-held">
            {t('receiving.order.heldAsOf', { time: formatAsOf(heldAsOf) })}
          </span>
        )}
        <DiscrepanciesLink id={id} />
        <Link to="/receiving" className="button-link">
          {t('receiving.allOrders')}
        </Link>
      </header>
      {unread && <StaleNotice error={unread.error} since={shownSince} onRetry={unread.retry} retrying={unread.retrying} />}
      <QueryState query={query} loading={t('receiving.order.loading', { id })} failed={t('receiving.order.loadFailed', { id })}>
        {(detail) => <DetailBody detail={detail} focusBox={box ?? null} showContents={() => setAsked(true)} />}
      </QueryState>
    </section>
  );
}

/** The order's discrepancy report: a link, and Alt+D from anywhere on the order. */
function DiscrepanciesLink({ id }: { id: number }) {
  const navigate = useNavigate();
  const { t } = useT();
  useShortcut({
    keys: 'Alt+D',
    description: t('receiving.keys.discrepancies'),
    group: t('receiving.keys.group'),
    handler: () => void navigate({ to: '/receiving/$id/discrepancies', params: { id } }),
  });
  return (
    <Link to="/receiving/$id/discrepancies" params={{ id }} className="button-link" aria-keyshortcuts="Alt+D">
      {t('receiving.order.discrepancies')}
    </Link>
  );
}

function DetailBody({ detail, focusBox, showContents }: { detail: Detail; focusBox: number | null; showContents: () => void }) {
  const { order } = detail;
  const names = useItemNames([
    ...(order.inventory_quantities ?? []).map((q) => q.inventory_id),
    ...detail.boxes.flatMap((b) => (b.box_items ?? []).map((i) => i.inventory_id)),
    ...(detail.distributions?.distributions ?? []).map((d) => d.inventory_id),
  ]);
  const centerName = useCenterName();
  const { t, label } = useT();
  const sum = totals(order);
  // Arrival, status changes and box arrivals happen at the center: shown in its zone, named. The
  // order's own times (created, updated, synced) too, so no two times on one page read in two zones.
  const zone = order.fulfillment_center?.timezone ?? null;
  const printer = useBoxLabelPrinter();
  const reprint = printer && labelsPrintable(order) ? (boxId: number) => printWithToast(order.id, [boxId]) : null;
  // A scan on the order's page that opens nothing else (no match, several) is kept as this order's.
  useScanJournal('receiving.order', { kind: 'receiving', id: String(order.id), reference: order.purchase_order_number ?? null });
  return (
    <div className="detail-grid">
      <div>
        <OrderFacts order={order} centerName={centerName} zone={zone} />
        <Actions detail={detail} printer={printer} />
      </div>
      <div>
        <h2>{t('receiving.order.history')}</h2>
        <ol className="timeline" aria-label={t('receiving.order.history')}>
          {(order.status_history ?? []).map((h) => (
            <li key={h.id}>
              <strong>{label('ReceivingStatus', h.status)}</strong> <span className="muted">{formatCenterTime(h.timestamp, zone)}</span>
            </li>
          ))}
        </ol>
        <RecordJournal kind="receiving" id={String(order.id)} reference={order.purchase_order_number ?? null} when={(at) => formatCenterTime(at, zone)} />
      </div>
      <div className="span-2">
        <h2>
          {t('receiving.order.quantities')}{' '}
          <span className="muted">{t('receiving.order.totals', { expected: sum.expected, received: sum.received, stowed: sum.stowed })}</span>
        </h2>
        <QuantityTable order={order} boxes={detail.contents ? detail.boxes : null} names={names} />
        <h2>{t('receiving.order.boxes')}</h2>
        {detail.contents ? (
          <>
            <BoxList boxes={detail.boxes} focusBox={focusBox} names={names} zone={zone} reprint={reprint} />
            <OrderPhotos orderId={order.id} boxes={detail.boxes} focusBox={focusBox} />
          </>
        ) : (
          <p className="state" data-testid="contents-later">
            {t('receiving.order.contentsLater')}{' '}
            <button type="button" onClick={showContents}>
              {t('receiving.order.showContents')}
            </button>
          </p>
        )}
        {detail.distributions && (
          <>
            <h2>{t('receiving.order.distributions')}</h2>
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
  const centers = useCenters();
  const { t } = useT();
  return (id, fallback) => {
    if (id === null || id === undefined) return '—';
    return centerLabel(t, { id, name: centers.data?.find((c) => c.id === id)?.name ?? fallback });
  };
}

function OrderFacts({ order, centerName, zone }: { order: Detail['order']; centerName: CenterName; zone: string | null }) {
  const freight = order.freight ? Object.entries(order.freight).filter(([, v]) => v) : [];
  const { t, label } = useT();
  return (
    <dl className="facts">
      <dt>{t('receiving.fact.status')}</dt>
      <dd>
        <StatusBadge kind="ReceivingStatus" status={order.status} />
      </dd>
      <dt>{t('receiving.fact.po')}</dt>
      <dd>{order.purchase_order_number ?? '—'}</dd>
      <dt>{t('receiving.fact.center')}</dt>
      <dd>
        {order.fulfillment_center ? (
          <span title={t('receiving.centerIdTitle', { id: order.fulfillment_center.id })}>
            {withCity(t, centerName(order.fulfillment_center.id, order.fulfillment_center.name), order.fulfillment_center.city)}
          </span>
        ) : (
          '—'
        )}
      </dd>
      <dt>{t('receiving.fact.finalDestination')}</dt>
      <dd>
        {order.final_destination_fulfillment_center_id ? (
          <span title={t('receiving.centerIdTitle', { id: order.final_destination_fulfillment_center_id })}>
            {centerName(order.final_destination_fulfillment_center_id)}
          </span>
        ) : (
          '—'
        )}
      </dd>
      <dt>{t('receiving.fact.arrival')}</dt>
      <dd>{formatCenterTime(order.expected_arrival_date, zone)}</dd>
      <dt>{t('receiving.fact.packageType')}</dt>
      <dd>{label('PackageType', order.package_type)}</dd>
      <dt>{t('receiving.fact.boxPackaging')}</dt>
      <dd>{label('BoxPackagingType', order.box_packaging_type)}</dd>
      <dt>{t('receiving.fact.created')}</dt>
      <dd>{formatCenterTime(order.insert_date, zone)}</dd>
      <dt>{t('receiving.fact.lastUpdated')}</dt>
      <dd>{formatCenterTime(order.last_updated_date, zone)}</dd>
      {freight.map(([k, v]) => (
        <FreightFact key={k} name={k} value={String(v)} />
      ))}
    </dl>
  );
}

type Distribution = NonNullable<NonNullable<Detail['distributions']>['distributions']>[number];

function DistributionTable({ lines, names, centerName }: { lines: Distribution[]; names: ReadonlyMap<number, ItemNaming>; centerName: CenterName }) {
  const { t, label } = useT();
  return (
    <table className="plain">
      <thead>
        <tr>
          <th>{t('receiving.col.item')}</th>
          <th>{t('receiving.col.lot')}</th>
          <th>{t('receiving.col.centerShort')}</th>
          <th className="end">{t('receiving.col.expected')}</th>
          <th className="end">{t('receiving.col.received')}</th>
          <th className="end">{t('receiving.col.stowed')}</th>
          <th>{t('receiving.col.status')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((d, i) => (
          <tr key={i}>
            <td>
              <ItemName inventoryId={d.inventory_id} naming={names.get(d.inventory_id)} sku={d.product_sku} />
            </td>
            <td>{d.lot_number ?? '—'}</td>
            <td title={t('receiving.centerIdTitle', { id: String(d.fulfillment_center_id) })}>
              {centerName(d.fulfillment_center_id, d.fulfillment_center_abbreviation)}
            </td>
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

/** The freight facts the desk knows by name; another key the service sends is shown as it is named. */
const freightLabel = (t: Translate, name: string): string | undefined =>
  (
    ({
      carrier: t('receiving.freight.carrier'),
      bol_number: t('receiving.freight.bol'),
      container_number: t('receiving.freight.container'),
      vessel_name: t('receiving.freight.vessel'),
      freight_forwarder: t('receiving.freight.forwarder'),
      notes: t('receiving.freight.notes'),
    }) as Record<string, string>
  )[name];

function FreightFact({ name, value }: { name: string; value: string }) {
  const { t } = useT();
  return (
    <>
      <dt>{freightLabel(t, name) ?? humanize(name)}</dt>
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

/**
 * The order's lines with their difference, counted as the report and Today count it
 * (areas/receiving/common/difference.ts): short or over item by item, and, once the boxes are read, the
 * units that came under another lot or expiry, each named with its box. A short shows once the item
 * has been counted or the order is closed; before that it is only what has not arrived yet.
 */
function QuantityTable({ order, boxes, names }: { order: Detail['order']; boxes: ReceivingBox[] | null; names: ReadonlyMap<number, ItemNaming> }) {
  const { t } = useT();
  const lines = order.inventory_quantities ?? [];
  const otherLot = boxes ? otherLotUnits(boxes) : null;
  const byItem = new Map(itemDifferences(countsOf(lines), otherLot).map((d) => [d.inventoryId, d]));
  const closed = (DISCREPANCY_STATUSES as readonly string[]).includes(order.status);
  const total = orderDifference(countsOf(lines), otherLot);
  return (
    <>
      {closed && differs(total) && (
        <p className="state" data-testid="order-difference">
          {t('receiving.order.difference', { difference: differenceSaid(t, total) })}
        </p>
      )}
      <table className="plain quantities">
        <thead>
          <tr>
            <th>{t('receiving.col.item')}</th>
            <th className="end">{t('receiving.col.expected')}</th>
            <th>{t('receiving.col.received')}</th>
            <th>{t('receiving.col.stowed')}</th>
            <th>{t('receiving.col.difference')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((q) => {
            const expected = q.expected_quantity ?? 0;
            const received = q.received_quantity ?? 0;
            const sku = q.sku || String(q.inventory_id);
            const found = byItem.get(q.inventory_id);
            // Before the item is counted (and while the order is open) a short is only what has not come yet.
            const d = found && (closed || received > 0 || found.otherLot > 0) ? found : null;
            return (
              <tr key={q.inventory_id} className={d && d.over > 0 ? 'over' : undefined} data-inventory-id={q.inventory_id}>
                <td>
                  <ItemName inventoryId={q.inventory_id} naming={names.get(q.inventory_id)} sku={q.sku} />
                </td>
                <td className="end">{formatCount(expected)}</td>
                <td>
                  <Bar label={t('receiving.qty.receivedOf', { sku })} value={received} max={expected} />
                </td>
                <td>
                  <Bar label={t('receiving.qty.stowedOf', { sku })} value={q.stowed_quantity ?? 0} max={expected} />
                </td>
                <td className={d ? differenceTone(d) : undefined}>{(d && differenceSaid(t, d)) || '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {boxes && <OtherLotLines boxes={boxes} names={names} />}
    </>
  );
}

/** Each box line received under another lot or expiry than the order named, in the report's words. */
function OtherLotLines({ boxes, names }: { boxes: ReceivingBox[]; names: ReadonlyMap<number, ItemNaming> }) {
  const { t } = useT();
  const swaps = boxes.flatMap((box) => otherLotLines(box.box_items ?? []).map((line) => ({ box, ...line })));
  if (swaps.length === 0) return null;
  const lot = (l: { lot_number?: string | null; lot_date?: string | null }) => lotWords(t, l.lot_number ?? null, expiryDay(l.lot_date));
  return (
    <ul className="other-lots" aria-label={t('receiving.disc.lotDifferences')}>
      {swaps.map(({ box, ordered, received, units }) => (
        <li key={`${box.box_id}-${received.inventory_id}-${received.lot_number ?? ''}-${received.lot_date ?? ''}`}>
          {t('receiving.order.otherLot', {
            box: box.box_number ?? box.box_id,
            count: units,
            item: names.get(received.inventory_id)?.name ?? names.get(received.inventory_id)?.sku ?? String(received.inventory_id),
            received: lot(received),
            ordered: lot(ordered),
          })}
        </li>
      ))}
    </ul>
  );
}

function BoxHead({ withLabel }: { withLabel: boolean }) {
  const { t } = useT();
  return (
    <thead>
      <tr>
        <th>{t('receiving.col.box')}</th>
        <th>{t('receiving.col.boxId')}</th>
        <th>{t('receiving.col.status')}</th>
        <th>{t('receiving.col.tracking')}</th>
        <th>{t('receiving.col.arrived')}</th>
        <th>{t('receiving.col.items')}</th>
        {withLabel && <th>{t('receiving.col.label')}</th>}
      </tr>
    </thead>
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
  const { t, rich, label } = useT();
  return (
    <>
      {labels.dialog}
      {scanned && reprint && (
        <p className="state" role="status" data-testid="box-reprint-offer">
          {t('receiving.boxes.scannedReprint', { box: scanned.box_number ?? scanned.box_id })}
        </p>
      )}
      <p className="muted">{rich('receiving.boxes.itemLabelHint', { keys: BOX_ITEM_LABEL_KEYS, kbd: (chunks) => <kbd>{chunks}</kbd> })}</p>
      <table className="plain boxes" onFocus={labels.onFocus}>
        <BoxHead withLabel={reprint !== null} />
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
                  <button
                    type="button"
                    data-reprint
                    aria-label={t('receiving.boxes.reprintLabel', { box: b.box_number ?? b.box_id })}
                    onClick={() => reprint(b.box_id)}
                  >
                    {t('receiving.boxes.reprint')}
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
  const { t, rich } = useT();
  const boxName = box.box_number ?? box.box_id;
  return (
    <>
      {(box.box_items ?? []).map((i, k) => {
        const sku = names.get(i.inventory_id)?.sku;
        return (
          <div key={k} className="box-line">
            {rich('receiving.boxes.line', {
              quantity: i.quantity ?? 0,
              item: () => <ItemName inventoryId={i.inventory_id} naming={names.get(i.inventory_id)} />,
              hasLot: i.lot_number ? 'yes' : 'no',
              lot: i.lot_number ?? '',
              hasExpiry: i.lot_date ? 'yes' : 'no',
              // An expiry is a day: shown as written, not shifted into the local time zone.
              expiry: i.lot_date ? formatDay(expiryDay(i.lot_date)) : '',
            })}
            <span className="muted"> {t('receiving.boxes.lineCounts', { received: i.received_quantity ?? 0, stowed: i.stowed_quantity ?? 0 })}</span>{' '}
            <button
              type="button"
              className="quiet"
              data-box-line={`${box.box_id}:${k}`}
              aria-label={
                sku ? t('receiving.boxes.itemLabelFor', { sku, box: boxName }) : t('receiving.boxes.itemLabelForId', { id: i.inventory_id, box: boxName })
              }
              onClick={() => onLabel(k)}
            >
              {t('receiving.boxes.itemLabel')}
            </button>
          </div>
        );
      })}
    </>
  );
}

/** The service prints labels for boxes it still expects: none for a cancelled order, none where it gives no label address. */
function labelsPrintable(order: Detail['order']): boolean {
  return order.box_labels_uri !== null && order.status !== 'Cancelled';
}

/** An error's message as the end of a sentence: with its full stop. */
const sentence = (error: unknown) => errorParts(error).message.replace(/\.?$/, '.');

/** Box labels to the label printer; a failure to even make the job (no PDF, no printer) said in a toast. */
function printWithToast(orderId: number, boxIds?: number[]): void {
  // The catch below says every failure in a toast: nothing is left to reject.
  void printBoxLabels(orderId, boxIds).catch((error: unknown) => {
    const { t } = currentWords();
    showToast({
      title: t('receiving.labels.notPrinted'),
      description: t('receiving.labels.notPrinted.description', { message: sentence(error) }),
      tone: 'error',
    });
  });
}

function Actions({ detail, printer }: { detail: Detail; printer: { name: string } | null }) {
  const { order } = detail;
  const { t, said } = useT();
  const [confirming, setConfirming] = useState(false);
  const sync = useOrderAction((on: boolean) => call('receiving.setExternalSync', { id: order.id, isExternalSync: on }));
  const cancel = useOrderAction(() => call('receiving.cancel', { id: order.id }));
  const syncedAt = order.external_sync_timestamp;
  return (
    <div className="actions-stack">
      <Switch className="switch" isSelected={Boolean(syncedAt)} isDisabled={sync.isPending} onChange={(on) => sync.mutate(on)}>
        <span className="switch-track" aria-hidden="true" />
        {syncedAt ? t('receiving.order.syncedAt', { at: formatCenterTime(syncedAt, order.fulfillment_center?.timezone ?? null) }) : t('receiving.order.synced')}
      </Switch>
      {sync.error && <ErrorNote error={sync.error} prefix={t('receiving.order.syncFailed')} />}
      <div className="button-row" role="group" aria-label={t('receiving.labels.group')}>
        <LabelButtons order={order} printer={printer} />
        {detail.cancel.allowed ? (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            {t('receiving.cancel.button')}
          </button>
        ) : (
          <span className="muted" id="cancel-why">
            {detail.cancel.reason && said(detail.cancel.reason)}
          </span>
        )}
      </div>
      {cancel.error && <ErrorNote error={cancel.error} prefix={t('receiving.cancel.failed')} />}
      <ConfirmDialog
        title={t('receiving.cancel.title', { id: order.id })}
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        confirmLabel={t('receiving.cancel.confirm')}
        dismissLabel={t('receiving.cancel.keep')}
        isPending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => showToast({ title: currentWords().t('receiving.cancel.done', { id: order.id }), tone: 'success' }),
            onSettled: () => setConfirming(false),
          })
        }
      >
        <p>{cancelWords(t, order.purchase_order_number, order.fulfillment_center?.name, detail.contents ? detail.boxes.length : null)}</p>
      </ConfirmDialog>
    </div>
  );
}

type LabelsDone = 'shown' | 'saved' | 'printed';

/** View, save and print the box labels; print goes to the label printer when one is set (Alt+P), else to the PDF's print dialog. */
function LabelButtons({ order, printer }: { order: Detail['order']; printer: { name: string } | null }) {
  const { t } = useT();
  const labels = (run: (id: number) => Promise<void>, what: LabelsDone) => () =>
    void run(order.id).then(
      // Viewing and printing show themselves; a saved file says where it went.
      () =>
        what === 'saved'
          ? showToast({
              title: currentWords().t('receiving.labels.saved'),
              description: currentWords().t('receiving.labels.saved.description'),
              tone: 'success',
            })
          : undefined,
      (error: unknown) =>
        showToast({
          title: currentWords().t('receiving.labels.failed', { what }),
          description: currentWords().t('receiving.labels.failed.description', { message: sentence(error) }),
          tone: 'error',
        }),
    );
  const printable = labelsPrintable(order);
  const print = printer ? () => printWithToast(order.id) : labels(printLabels, 'printed');
  useShortcut({ keys: 'Alt+P', description: t('receiving.keys.printLabels'), group: t('receiving.keys.group'), handler: print }, printable);
  return printable ? (
    <>
      <button type="button" onClick={labels(viewLabels, 'shown')}>
        {t('receiving.labels.view')}
      </button>
      <button type="button" onClick={labels(saveLabels, 'saved')}>
        {t('receiving.labels.save')}
      </button>
      {/* The order's main action at the desk: the view opens on it. */}
      <button type="button" onClick={print} aria-keyshortcuts="Alt+P" data-primary {...(printer ? { 'aria-describedby': 'label-printer' } : {})}>
        {t('receiving.labels.print')}
      </button>
      {printer ? (
        <span className="muted" id="label-printer">
          {t('receiving.labels.toPrinter', { printer: printer.name })}
        </span>
      ) : (
        <span className="muted" data-testid="label-printer-hint">
          {t('receiving.labels.printerHint')}
        </span>
      )}
    </>
  ) : (
    <span className="muted" data-testid="no-labels">
      {order.status === 'Cancelled' ? t('receiving.labels.noneCancelled') : t('receiving.labels.none')}
    </span>
  );
}

/**
 * What cancelling stops, with the order's PO number and center, the words the clerk knows it by
 * besides its id; `boxes` null while the order's boxes are not read.
 */
function cancelWords(t: Translate, po: string | null | undefined, center: string | null | undefined, boxes: number | null): string {
  return t('receiving.cancel.says', {
    which: po && center ? 'both' : po ? 'po' : center ? 'center' : 'none',
    po: po ?? '',
    // A PO number that says "PO" itself ("PO-1234") is not called "PO" again.
    poNamed: po && /^PO\b/i.test(po) ? 'yes' : 'no',
    center: center ?? '',
    known: boxes === null ? 'no' : 'yes',
    count: boxes ?? 0,
  });
}

/** A center's name with its city after it, unless the name already says the city ("Twin Lakes (WI)"). */
function withCity(t: Translate, name: string, city: string | null | undefined): string {
  if (!city || name.toLowerCase().includes(city.toLowerCase())) return name;
  return t('receiving.order.centerWithCity', { name, city });
}
