import { useState } from 'react';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import type { ItemDetail, ItemLot } from '../../../../shared/ipc/inventory';
import type { CachedItemFlags, CachedLevel } from '../../../../shared/schemas/inventory-cache';
import { formatCount } from '../../format';
import { countOf } from '../../../../shared/counts';
import { QueryState } from '../../ui/QueryState';
import { ViewHeading } from '../../ui/ViewHeading';
import { LotExpiry, useExpiryMarks } from '../lots';
import { PrintItemLabel } from '../printing';
import { useItemWithLive } from './queries';
import { asOfText, FreshnessMark } from './Freshness';
import './inventory.css';

/** Other workspaces' addresses for this item (their routes are theirs; here they are only linked). */
export const historyHref = (inventoryId: number, fcId: number) => `#/inventory/history?item=${inventoryId}&fc=${fcId}`;
export const lotExclusionsHref = (inventoryId: number) => `#/lots/${inventoryId}`;

/**
 * The service's quantity fields, each with what it means on the floor (shown under the table, so the
 * numbers are read the same way everywhere). `itemOnly`: the service gives it for the whole item only.
 */
const QUANTITIES: { key: Exclude<keyof CachedLevel, 'fcId'>; label: string; means: string; itemOnly?: true }[] = [
  { key: 'onHand', label: 'On hand', means: 'units in the building, in any state' },
  { key: 'committed', label: 'Committed', means: 'on hand but promised to orders' },
  { key: 'fulfillable', label: 'Fulfillable', means: 'on hand that can ship: not committed, not in an excluded or expired lot' },
  { key: 'sellable', label: 'Sellable', means: 'fulfillable less units held in exceptions', itemOnly: true },
  { key: 'awaiting', label: 'Awaiting', means: 'expected on receiving orders, not yet arrived' },
  { key: 'backordered', label: 'Backordered', means: 'ordered with no stock to ship', itemOnly: true },
  { key: 'exception', label: 'Exception', means: 'held back by a problem at the center', itemOnly: true },
  { key: 'internalTransfer', label: 'Internal transfer', means: 'moving between centers' },
];

const FLAGS: { key: keyof CachedItemFlags; label: string }[] = [
  { key: 'active', label: 'Active' },
  { key: 'lot', label: 'Lot-tracked' },
  { key: 'digital', label: 'Digital' },
  { key: 'bundle', label: 'Bundle' },
  { key: 'case', label: 'Case' },
  { key: 'hazmat', label: 'Hazmat' },
];

/** One item from the offline cache: codes, flags, size, quantities per center, lots; links to its history and lot exclusions. */
export function ItemView() {
  const { id } = useParams({ from: '/inventory/items/$id' });
  const { lot } = useSearch({ from: '/inventory/items/$id' });
  const { cached: query, detail } = useItemWithLive(id);
  const item = detail?.item;
  return (
    <section className="workspace detail inventory-item" aria-labelledby="item-title">
      <header className="workspace-header">
        <ViewHeading id="item-title">{item ? `${item.name}` : `Item ${id}`}</ViewHeading>
        {detail && <FreshnessMark freshness={detail.freshness} />}
        {detail && <LiveMark readAt={detail.readAt} />}
        <a className="button-link" href={lotExclusionsHref(id)}>
          Lot exclusions of this item
        </a>
        <Link to="/inventory" className="button-link">
          Item search
        </Link>
        {item && <PrintItemLabel item={{ sku: item.sku, name: item.name, gtin: item.codes.gtin, lots: detail.lots, lotInView: lot ?? null }} />}
      </header>
      <QueryState query={query} what={`item ${id}`}>
        {() =>
          detail ? (
            <ItemBody detail={detail} focusLot={lot ?? null} />
          ) : (
            <p className="state" role="status" data-loading>
              Reading the figures changed from this desk…
            </p>
          )
        }
      </QueryState>
    </section>
  );
}

/** Whose quantities are on screen: the service's, read at a time, or the cache's (its "as of" beside). */
function LiveMark({ readAt }: { readAt: string | null }) {
  return (
    <span className="muted" data-testid="item-live-mark">
      {readAt ? `Quantities read from the service at ${asOfText(readAt)}` : 'Quantities from the cache'}
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
  return (
    <div>
      <h2>Identifiers and codes</h2>
      <dl className="facts">
        <dt>SKU</dt>
        <dd className="code">{item.sku}</dd>
        <dt>Inventory id</dt>
        <dd className="code">{item.inventoryId}</dd>
        <dt>Inventory barcode</dt>
        <dd className="code">{codes.inventoryBarcode ?? '—'}</dd>
        <dt>GTIN</dt>
        <dd className="code">{codes.gtin ?? '—'}</dd>
        <dt>UPC</dt>
        <dd className="code">{codes.upc ?? '—'}</dd>
        <dt>Other barcodes</dt>
        <dd className="code">{otherBarcodes.length > 0 ? otherBarcodes.join(', ') : '—'}</dd>
        <dt>Variant id</dt>
        <dd className="code">{codes.variantId ?? '—'}</dd>
      </dl>
    </div>
  );
}

function ItemFlags({ item }: { item: Item }) {
  return (
    <div>
      <h2>Flags and size</h2>
      <ul className="flags" aria-label="Flags">
        {FLAGS.map((f) => (
          <li key={f.key} className={item.flags[f.key] ? 'on' : 'off'}>
            {f.label}: <strong>{item.flags[f.key] ? 'yes' : 'no'}</strong>
          </li>
        ))}
      </ul>
      <dl className="facts">
        <dt>Dimensions</dt>
        <dd>{item.dimensions ? `${item.dimensions.length} × ${item.dimensions.width} × ${item.dimensions.height} ${item.dimensions.unit}` : '—'}</dd>
        <dt>Weight</dt>
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
  return (
    <>
      <h2>Quantities per fulfillment center</h2>
      {perCenter.length === 0 ? (
        <p className="state">No stock at any fulfillment center.</p>
      ) : (
        <table className="plain quantities-per-center" aria-label="Quantities per fulfillment center">
          <thead>
            <tr>
              <th scope="col">Fulfillment center</th>
              {QUANTITIES.map((q) => (
                <th key={q.key} scope="col" className="end">
                  {q.label}
                </th>
              ))}
              <th scope="col">History</th>
            </tr>
          </thead>
          <tbody>
            {perCenter.map((level) => {
              const name = names.get(level.fcId) ?? `Center ${level.fcId}`;
              return (
                <tr key={level.fcId} data-fc={level.fcId}>
                  <th scope="row">
                    <span title={`Center id ${level.fcId}`}>{name}</span>
                  </th>
                  {QUANTITIES.map((q) =>
                    q.itemOnly && perCenter.length > 1 ? (
                      <td key={q.key} className="end muted" title="The service gives this for the whole item only: see All centers.">
                        —
                      </td>
                    ) : (
                      <td key={q.key} className="end">
                        {formatCount(level[q.key])}
                      </td>
                    ),
                  )}
                  <td>
                    <a href={historyHref(item.inventoryId, level.fcId)} aria-label={`History at ${name}`}>
                      History
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
          {totals && (
            <tfoot>
              <tr>
                <th scope="row">All centers</th>
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
      {totals && perCenter.length > 1 && (
        <p className="muted">
          The service gives sellable, backordered and exception for the whole item only: they are in the All centers row, not split by center.
        </p>
      )}
      {totals && <Unreconciled perCenter={perCenter} totals={totals} />}
      <QuantityDefinitions />
    </>
  );
}

function QuantityDefinitions() {
  return (
    <dl className="quantity-definitions">
      {QUANTITIES.map((q) => (
        <div key={q.key}>
          <dt>{q.label}</dt>
          <dd>{q.means}</dd>
        </div>
      ))}
    </dl>
  );
}

function ItemLots({ detail, focusLot }: { detail: ItemDetail; focusLot: string | null }) {
  const { item } = detail;
  return (
    <>
      <h2>Lots</h2>
      {focusLot !== null && !detail.lots.some((l) => l.lotNumber === focusLot) && (
        <p className="note" role="status">
          The scanned lot {focusLot} is not among this item’s lots in stock.
        </p>
      )}
      {detail.lots.length === 0 ? (
        <p className="state">{item.flags.lot ? 'No lots in stock.' : 'This item is not lot-tracked.'}</p>
      ) : (
        <LotTable lots={detail.lots} focusLot={focusLot} inventoryId={item.inventoryId} />
      )}
      <HeldLots lots={detail.lots} />
    </>
  );
}

const EXCLUSION_TEXT: Record<ItemLot['exclusion'], string> = {
  excluded: 'Excluded',
  'not-excluded': 'Not excluded',
  unknown: 'Not read yet',
};

/** The item's lots: expiry marked as in Lot exclusions (same rule, same Settings threshold), a scanned lot outlined. */
function LotTable({ lots, focusLot, inventoryId }: { lots: ItemLot[]; focusLot: string | null; inventoryId: number }) {
  const expiry = useExpiryMarks();
  return (
    <>
      <p className="muted lots-caption">Lots expiring within {countOf(expiry.threshold, 'day')} are marked (Settings → Lots).</p>
      <table className="plain lots" aria-label="Lots">
        <thead>
          <tr>
            <th scope="col">Lot</th>
            <th scope="col">Expires</th>
            <th scope="col">Fulfillment center</th>
            <th scope="col" className="end">
              On hand
            </th>
            <th scope="col" className="end">
              Fulfillable
            </th>
            <th scope="col">Exclusion</th>
          </tr>
        </thead>
        <tbody>
          {lots.map((lot) => {
            const scanned = lot.lotNumber === focusLot;
            return (
              <tr key={`${lot.lotNumber}-${lot.fcId}`} className={scanned ? 'scanned-lot' : undefined} aria-current={scanned ? 'true' : undefined}>
                <th scope="row" className="code">
                  {lot.lotNumber}
                  {scanned && <span className="inv-mark inv-mark-info">scanned</span>}
                </th>
                <td>
                  <LotExpiry expiresAt={lot.expiresAt} mark={expiry.mark(lot.expiresAt)} />
                </td>
                <td>{lot.fcName ?? `Center ${lot.fcId}`}</td>
                <td className="end">{formatCount(lot.onHand)}</td>
                <td className="end">{formatCount(lot.fulfillable)}</td>
                <td>
                  {lot.exclusion === 'excluded' ? (
                    <a href={lotExclusionsHref(inventoryId)} className="inv-mark inv-mark-excluded">
                      {EXCLUSION_TEXT.excluded}
                    </a>
                  ) : (
                    EXCLUSION_TEXT[lot.exclusion]
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
  const gaps = QUANTITIES.filter((q) => !(q.itemOnly && perCenter.length > 1))
    .map((q) => ({ q, gap: totals[q.key] - perCenter.reduce((sum, l) => sum + l[q.key], 0) }))
    .filter(({ gap }) => gap !== 0);
  if (gaps.length === 0) return null;
  return (
    <p className="note" data-testid="quantities-unreconciled">
      The service’s totals differ from the sum of the centers:{' '}
      {gaps.map(({ q, gap }) => `${q.label.toLowerCase()} ${gap > 0 ? '+' : '−'}${formatCount(Math.abs(gap))}`).join(', ')} (counted for the item but at no
      center listed here).
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
  if (excluded === 0 && expired === 0) return null;
  const parts = [excluded > 0 ? `${countOf(excluded, 'unit')} in excluded lots` : null, expired > 0 ? `${countOf(expired, 'unit')} in expired lots` : null];
  return (
    <p className="note" data-testid="held-lots">
      Not fulfillable: {parts.filter(Boolean).join(' and ')}. They stay on hand but cannot ship, so the fulfillable quantities above and in the lots leave them
      out.
    </p>
  );
}
