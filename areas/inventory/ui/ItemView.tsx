import { useState } from 'react';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import type { ItemDetail, ItemLot } from '../common/ipc';
import type { CachedItemFlags, CachedLevel } from '../../../shared/schemas/inventory-cache';
import { formatCount } from '../../../renderer/src/format';
import { useT, type PlainMessageId } from '../../../renderer/src/i18n/useT';
import { centerLabel } from '../../../renderer/src/ui/centerChoices';
import { QueryState } from '../../../renderer/src/ui/QueryState';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { LotExpiry, useExpiryMarks } from '../../lots/ui';
import { PrintItemLabel } from '../../printing/ui';
import { useItemWithLive } from './queries';
import { asOfText, FreshnessMark, useKnownConnectivity } from './Freshness';
import './inventory.css';
import { RecordJournal } from '../../journal/ui';

/** Other workspaces' addresses for this item (their routes are theirs; here they are only linked). */
export const historyHref = (inventoryId: number, fcId: number) => `#/inventory/history?item=${inventoryId}&fc=${fcId}`;
export const lotExclusionsHref = (inventoryId: number) => `#/lots/${inventoryId}`;

/**
 * The service's quantity fields, each with what it means on the floor (shown under the table, so the
 * numbers are read the same way everywhere). `itemOnly`: the service gives it for the whole item only.
 */
type Quantity = Exclude<keyof CachedLevel, 'fcId'>;
const QUANTITIES: { key: Quantity; label: PlainMessageId; means: PlainMessageId; itemOnly?: true }[] = [
  { key: 'onHand', label: 'inventory.qty.onHand', means: 'inventory.qty.onHand.means' },
  { key: 'committed', label: 'inventory.qty.committed', means: 'inventory.qty.committed.means' },
  { key: 'fulfillable', label: 'inventory.qty.fulfillable', means: 'inventory.qty.fulfillable.means' },
  { key: 'sellable', label: 'inventory.qty.sellable', means: 'inventory.qty.sellable.means', itemOnly: true },
  { key: 'awaiting', label: 'inventory.qty.awaiting', means: 'inventory.qty.awaiting.means' },
  { key: 'backordered', label: 'inventory.qty.backordered', means: 'inventory.qty.backordered.means', itemOnly: true },
  { key: 'exception', label: 'inventory.qty.exception', means: 'inventory.qty.exception.means', itemOnly: true },
  { key: 'internalTransfer', label: 'inventory.qty.internalTransfer', means: 'inventory.qty.internalTransfer.means' },
];

const FLAGS: { key: keyof CachedItemFlags; label: PlainMessageId }[] = [
  { key: 'active', label: 'inventory.flag.active' },
  { key: 'lot', label: 'inventory.flag.lot' },
  { key: 'digital', label: 'inventory.flag.digital' },
  { key: 'bundle', label: 'inventory.flag.bundle' },
  { key: 'case', label: 'inventory.flag.case' },
  { key: 'hazmat', label: 'inventory.flag.hazmat' },
];

/** One item from the offline cache: codes, flags, size, quantities per center, lots; links to its history and lot exclusions. */
export function ItemView() {
  const { id } = useParams({ from: '/inventory/items/$id' });
  const { lot } = useSearch({ from: '/inventory/items/$id' });
  const { cached: query, detail } = useItemWithLive(id);
  const item = detail?.item;
  const { t } = useT();
  return (
    <section className="workspace detail inventory-item" aria-labelledby="item-title">
      <header className="workspace-header">
        <ViewHeading id="item-title">{item ? item.name : t('inventory.item.heading', { id })}</ViewHeading>
        {/* One "as of" per record: the service's read once there is one, the cache's until then. */}
        {detail && (detail.readAt ? <LiveMark readAt={detail.readAt} /> : <FreshnessMark freshness={detail.freshness} />)}
        <a className="button-link" href={lotExclusionsHref(id)}>
          {t('inventory.item.lotExclusions')}
        </a>
        <Link to="/inventory" className="button-link">
          {t('inventory.item.search')}
        </Link>
        {item && <PrintItemLabel primary item={{ sku: item.sku, name: item.name, gtin: item.codes.gtin, lots: detail.lots, lotInView: lot ?? null }} />}
      </header>
      <QueryState query={query} loading={t('inventory.item.loading', { id })} failed={t('inventory.item.loadFailed', { id })}>
        {() =>
          detail ? (
            <>
              <ItemBody detail={detail} focusLot={lot ?? null} />
              <RecordJournal kind="item" id={detail.item.sku} />
            </>
          ) : (
            <p className="state" role="status" data-loading>
              {t('inventory.item.readingChanged')}
            </p>
          )
        }
      </QueryState>
    </section>
  );
}

/** The quantities on screen are the service's, read at a time; marked offline once the service cannot be reached since. */
function LiveMark({ readAt }: { readAt: string }) {
  const { t } = useT();
  const offline = useKnownConnectivity() === 'offline';
  return (
    <span className="freshness" data-testid="item-live-mark">
      <span className="muted">{t('inventory.item.liveAt', { time: asOfText(readAt) })}</span>
      {offline && (
        <span className="inv-mark inv-mark-offline" title={t('inventory.freshness.offline.title')}>
          {t('inventory.freshness.offline')}
        </span>
      )}
    </span>
  );
}

function ItemBody({ detail, focusLot }: { detail: ItemDetail; focusLot: string | null }) {
  const { item } = detail;
  return (
    <div className="detail-grid">
      <ItemCodes item={item} />
      <ItemFlags item={item} />
      <div className="span-2">
        <ItemQuantities detail={detail} />
        <ItemLots detail={detail} focusLot={focusLot} />
      </div>
    </div>
  );
}

type Item = ItemDetail['item'];

function ItemCodes({ item }: { item: Item }) {
  const codes = item.codes;
  const otherBarcodes = codes.barcodes.filter((b) => b !== codes.inventoryBarcode && b !== codes.gtin);
  const { t } = useT();
  return (
    <div>
      <h2>{t('inventory.item.codes')}</h2>
      <dl className="facts">
        <dt>{t('inventory.col.sku')}</dt>
        <dd className="code">{item.sku}</dd>
        <dt>{t('inventory.col.inventoryId')}</dt>
        <dd className="code">{item.inventoryId}</dd>
        <dt>{t('inventory.item.inventoryBarcode')}</dt>
        <dd className="code">{codes.inventoryBarcode ?? '—'}</dd>
        <dt>{t('inventory.item.gtin')}</dt>
        <dd className="code">{codes.gtin ?? '—'}</dd>
        <dt>{t('inventory.item.upc')}</dt>
        <dd className="code">{codes.upc ?? '—'}</dd>
        <dt>{t('inventory.item.otherBarcodes')}</dt>
        <dd className="code">{otherBarcodes.length > 0 ? otherBarcodes.join(', ') : '—'}</dd>
        <dt>{t('inventory.item.variantId')}</dt>
        <dd className="code">{codes.variantId ?? '—'}</dd>
      </dl>
    </div>
  );
}

function ItemFlags({ item }: { item: Item }) {
  const { t, rich } = useT();
  return (
    <div>
      <h2>{t('inventory.item.flagsAndSize')}</h2>
      <ul className="flags" aria-label={t('inventory.item.flags')}>
        {FLAGS.map((f) => (
          <li key={f.key} className={item.flags[f.key] ? 'on' : 'off'}>
            {rich('inventory.item.flag', { flag: t(f.label), on: item.flags[f.key] ? 'yes' : 'no', b: (chunks) => <strong>{chunks}</strong> })}
          </li>
        ))}
      </ul>
      <dl className="facts">
        <dt>{t('inventory.item.dimensions')}</dt>
        <dd>{item.dimensions ? `${item.dimensions.length} × ${item.dimensions.width} × ${item.dimensions.height} ${item.dimensions.unit}` : '—'}</dd>
        <dt>{t('inventory.item.weight')}</dt>
        <dd>{item.weight ? `${item.weight.value} ${item.weight.unit}` : '—'}</dd>
      </dl>
    </div>
  );
}

/** Quantities per center with the All centers row, what does not add up, and what each figure means. */
function ItemQuantities({ detail }: { detail: ItemDetail }) {
  const { item } = detail;
  const names = new Map(detail.centers.map((c) => [c.id, c.name]));
  const perCenter = item.levels.filter((l) => l.fcId !== 0);
  const totals = item.levels.find((l) => l.fcId === 0) ?? null;
  const { t } = useT();
  return (
    <>
      <h2>{t('inventory.item.perCenter')}</h2>
      {perCenter.length === 0 ? (
        <p className="state">{t('inventory.item.noStock')}</p>
      ) : (
        <table className="plain quantities-per-center" aria-label={t('inventory.item.perCenter')}>
          <thead>
            <tr>
              <th scope="col">{t('inventory.item.center')}</th>
              {QUANTITIES.map((q) => (
                <th key={q.key} scope="col" className="end">
                  {t(q.label)}
                </th>
              ))}
              <th scope="col">{t('inventory.item.history')}</th>
            </tr>
          </thead>
          <tbody>
            {perCenter.map((level) => {
              const name = centerLabel(t, { id: level.fcId, name: names.get(level.fcId) });
              return (
                <tr key={level.fcId} data-fc={level.fcId}>
                  <th scope="row">
                    <span title={t('inventory.item.centerId', { id: level.fcId })}>{name}</span>
                  </th>
                  {QUANTITIES.map((q) =>
                    q.itemOnly && perCenter.length > 1 ? (
                      <td key={q.key} className="end muted" title={t('inventory.item.itemOnly')}>
                        —
                      </td>
                    ) : (
                      <td key={q.key} className="end">
                        {formatCount(level[q.key])}
                      </td>
                    ),
                  )}
                  <td>
                    <a href={historyHref(item.inventoryId, level.fcId)} aria-label={t('inventory.item.historyAt', { center: name })}>
                      {t('inventory.item.history')}
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
          {totals && (
            <tfoot>
              <tr>
                <th scope="row">{t('inventory.item.allCenters')}</th>
                {QUANTITIES.map((q) => (
                  <td key={q.key} className="end">
                    {formatCount(totals[q.key])}
                  </td>
                ))}
                <td />
              </tr>
            </tfoot>
          )}
        </table>
      )}
      {totals && perCenter.length > 1 && <p className="muted">{t('inventory.item.itemOnlyNote')}</p>}
      {totals && <Unreconciled perCenter={perCenter} totals={totals} />}
      <QuantityDefinitions />
    </>
  );
}

function QuantityDefinitions() {
  const { t } = useT();
  return (
    <dl className="quantity-definitions">
      {QUANTITIES.map((q) => (
        <div key={q.key}>
          <dt>{t(q.label)}</dt>
          <dd>{t(q.means)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ItemLots({ detail, focusLot }: { detail: ItemDetail; focusLot: string | null }) {
  const { item } = detail;
  const { t } = useT();
  return (
    <>
      <h2>{t('inventory.lots')}</h2>
      {focusLot !== null && !detail.lots.some((l) => l.lotNumber === focusLot) && (
        <p className="note" role="status">
          {t('inventory.lots.scannedNotInStock', { lot: focusLot })}
        </p>
      )}
      {detail.lots.length === 0 ? (
        <p className="state">{item.flags.lot ? t('inventory.lots.none') : t('inventory.lots.notTracked')}</p>
      ) : (
        <LotTable lots={detail.lots} focusLot={focusLot} inventoryId={item.inventoryId} />
      )}
      <HeldLots lots={detail.lots} />
    </>
  );
}

const EXCLUSION_TEXT: Record<ItemLot['exclusion'], PlainMessageId> = {
  excluded: 'inventory.lots.excluded',
  'not-excluded': 'inventory.lots.notExcluded',
  unknown: 'inventory.lots.notReadYet',
};

/** The item's lots: expiry marked as in Lot exclusions (same rule, same Settings threshold), a scanned lot outlined. */
function LotTable({ lots, focusLot, inventoryId }: { lots: ItemLot[]; focusLot: string | null; inventoryId: number }) {
  const expiry = useExpiryMarks();
  const { t } = useT();
  return (
    <>
      <p className="muted lots-caption">{t('inventory.lots.caption', { days: expiry.threshold })}</p>
      <table className="plain lots" aria-label={t('inventory.lots')}>
        <thead>
          <tr>
            <th scope="col">{t('inventory.lots.lot')}</th>
            <th scope="col">{t('inventory.lots.expires')}</th>
            <th scope="col">{t('inventory.item.center')}</th>
            <th scope="col" className="end">
              {t('inventory.qty.onHand')}
            </th>
            <th scope="col" className="end">
              {t('inventory.qty.fulfillable')}
            </th>
            <th scope="col">{t('inventory.lots.exclusion')}</th>
          </tr>
        </thead>
        <tbody>
          {lots.map((lot) => {
            const scanned = lot.lotNumber === focusLot;
            return (
              <tr key={`${lot.lotNumber}-${lot.center.id}`} className={scanned ? 'scanned-lot' : undefined} aria-current={scanned ? 'true' : undefined}>
                <th scope="row" className="code">
                  {lot.lotNumber}
                  {scanned && <span className="inv-mark inv-mark-info">{t('inventory.lots.scanned')}</span>}
                </th>
                <td>
                  <LotExpiry expiresAt={lot.expiresAt} mark={expiry.mark(lot.expiresAt)} />
                </td>
                <td>{centerLabel(t, lot.center)}</td>
                <td className="end">{formatCount(lot.onHand)}</td>
                <td className="end">{formatCount(lot.fulfillable)}</td>
                <td>
                  {lot.exclusion === 'excluded' ? (
                    <a href={lotExclusionsHref(inventoryId)} className="inv-mark inv-mark-excluded">
                      {t(EXCLUSION_TEXT.excluded)}
                    </a>
                  ) : (
                    t(EXCLUSION_TEXT[lot.exclusion])
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/**
 * Where the service's item total is not the sum of its centers (stock it counts at no listed center),
 * the difference is named, so no one adds up the column and finds the screen wrong.
 */
function Unreconciled({ perCenter, totals }: { perCenter: CachedLevel[]; totals: CachedLevel }) {
  const { t, list } = useT();
  const gaps = QUANTITIES.filter((q) => !(q.itemOnly && perCenter.length > 1))
    .map((q) => ({ q, gap: totals[q.key] - perCenter.reduce((sum, l) => sum + l[q.key], 0) }))
    .filter(({ gap }) => gap !== 0);
  if (gaps.length === 0) return null;
  return (
    <p className="note" data-testid="quantities-unreconciled">
      {t('inventory.item.unreconciled', {
        gaps: list(gaps.map(({ q, gap }) => t('inventory.item.gap', { quantity: q.key, gap: `${gap > 0 ? '+' : '−'}${formatCount(Math.abs(gap))}` }))),
      })}
    </p>
  );
}

/**
 * Says why fulfillable is less than on hand less committed: stock in an excluded or expired lot stays
 * on hand but cannot ship, so the service counts it in no fulfillable quantity, the item's or the lot's.
 */
function HeldLots({ lots }: { lots: ItemLot[] }) {
  // The moment the page read its lots: the same for every render of this reading.
  const [now] = useState(() => Date.now());
  const held = (which: (l: ItemLot) => boolean) => lots.filter(which).reduce((n, l) => n + l.onHand, 0);
  const excluded = held((l) => l.exclusion === 'excluded');
  const expired = held((l) => l.exclusion !== 'excluded' && l.expiresAt !== null && Date.parse(l.expiresAt) < now);
  const { t } = useT();
  if (excluded === 0 && expired === 0) return null;
  return (
    <p className="note" data-testid="held-lots">
      {t('inventory.lots.held', { excluded, expired })}
    </p>
  );
}
