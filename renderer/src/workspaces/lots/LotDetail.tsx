import { useParams } from '@tanstack/react-router';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { LotExclusionsAnswer } from '../../../../shared/ipc/lots';
import { expiryDay } from '../../../../shared/lots/expiry';
import { formatCount, formatDateTime, formatDay } from '../../format';
import { countOf } from '../../../../shared/counts';
import { LotInput } from '../../scan/LotInput';
import { QueryState } from '../../ui/QueryState';
import { ViewHeading } from '../../ui/ViewHeading';
import { ConfirmLotAction } from './ConfirmLotAction';
import { LotExpiry, useExpiryMarks } from './LotExpiry';
import { useLotExclusions, type LotAction, type LotRef } from './queries';
import './lots.css';

const when = (iso: string | null | undefined) => formatDateTime(iso);

/**
 * One item's lots and lot exclusions (spec 4.9): the lots in stock with their
 * expiry (expired and soon-to-expire marked, threshold in Settings), the active and the deleted
 * exclusions; exclude, delete and restore, each confirmed, the service's refusals said in words.
 */
export function LotDetail() {
  const { id } = useParams({ from: '/lots/$id' });
  const query = useLotExclusions(id);
  return (
    <section className="workspace lots" aria-labelledby="lot-detail-title">
      <QueryState query={query} what="lot exclusions">
        {(data) => <LotExclusions data={data} refreshing={query.isFetching} refresh={() => void query.refetch()} />}
      </QueryState>
      {query.data === undefined && (
        <header className="workspace-header">
          <ViewHeading id="lot-detail-title">Lot exclusions for item {id}</ViewHeading>
        </header>
      )}
    </section>
  );
}

function LotExclusions({ data, refreshing, refresh }: { data: LotExclusionsAnswer; refreshing: boolean; refresh: () => void }) {
  const expiry = useExpiryMarks();
  const [pending, setPending] = useState<{ action: LotAction; lot: LotRef } | null>(null);
  const active = new Set(data.active.map((e) => e.lotNumber));
  const firstCenter = data.lots[0]?.fcId;
  const ask = (action: LotAction, lotNumber: string, lotDate?: string | null) =>
    setPending({ action, lot: { inventoryId: data.inventoryId, lotNumber, ...(lotDate !== undefined ? { lotDate } : {}) } });

  return (
    <>
      <header className="workspace-header">
        <ViewHeading id="lot-detail-title">
          Lot exclusions · {data.name} <span className="muted">({data.sku})</span>
        </ViewHeading>
        <div className="header-actions">
          <a className="button-link" href={`#/inventory/history?item=${data.inventoryId}${firstCenter ? `&fc=${firstCenter}` : ''}`}>
            History
          </a>
          <a className="button-link" href="#/lots">
            Another item
          </a>
          <button type="button" onClick={refresh} disabled={refreshing}>
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      </header>
      <p className="muted">
        Lots expiring within {countOf(expiry.threshold, 'day')} are marked (Settings → Lots). Exclusions are read from the service now; lots and quantities from
        the inventory cache{data.freshness.syncedAt ? ` as of ${when(data.freshness.syncedAt)}` : ''}. Inventory id {data.inventoryId}.
      </p>

      <LotsInStock data={data} active={active} ask={ask} />

      <ExclusionTable
        id="active-exclusions"
        title="Exclusions in force"
        empty="No lot of this item is excluded."
        rows={data.active}
        action={(e) => (
          <button type="button" onClick={() => ask('delete', e.lotNumber)} aria-label={`Delete exclusion of lot ${e.lotNumber}`}>
            Delete exclusion…
          </button>
        )}
      />
      <ExclusionTable
        id="deleted-exclusions"
        title="Deleted exclusions"
        empty="No deleted exclusions."
        rows={data.deleted}
        action={(e) =>
          active.has(e.lotNumber) ? (
            <span className="muted">Excluded again</span>
          ) : (
            <button type="button" onClick={() => ask('restore', e.lotNumber)} aria-label={`Restore the exclusion of lot ${e.lotNumber}`}>
              Restore…
            </button>
          )
        }
      />

      <ExcludeByNumber onAsk={(lotNumber) => ask('exclude', lotNumber)} />
      <ConfirmLotAction pending={pending} itemLabel={`${data.name} (${data.sku})`} onClose={() => setPending(null)} />
    </>
  );
}

/** The item's lots from the cache: where, expiry (marked), quantities, whether excluded, and the row's action. */
function LotsInStock({
  data,
  active,
  ask,
}: {
  data: LotExclusionsAnswer;
  active: ReadonlySet<string>;
  ask: (action: LotAction, lotNumber: string, lotDate?: string | null) => void;
}) {
  const expiry = useExpiryMarks();
  return (
    <>
      <h2 id="lots-in-stock">Lots in stock</h2>
      {data.lots.length === 0 ? (
        <p className="state">The inventory cache holds no lots of this item. A lot can still be excluded by its number below.</p>
      ) : (
        <table className="plain-table" aria-labelledby="lots-in-stock">
          <thead>
            <tr>
              <th scope="col">Lot</th>
              <th scope="col">Center</th>
              <th scope="col">Expires</th>
              <th scope="col" className="num">
                On hand
              </th>
              <th scope="col" className="num">
                Fulfillable
              </th>
              <th scope="col">Exclusion</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.lots.map((lot) => {
              const excluded = active.has(lot.lotNumber);
              return (
                <tr key={`${lot.fcId}-${lot.lotNumber}`}>
                  <th scope="row">{lot.lotNumber}</th>
                  <td>{lot.fcName ?? `Center ${lot.fcId}`}</td>
                  <td>
                    <LotExpiry expiresAt={lot.expiresAt} mark={expiry.mark(lot.expiresAt)} />
                  </td>
                  <td className="num">{formatCount(lot.onHand)}</td>
                  {/* An excluded lot ships nothing, whatever the cache last read before the exclusion. */}
                  <td className="num">{formatCount(excluded ? 0 : lot.fulfillable)}</td>
                  <td>{excluded ? <span className="badge excluded">Excluded</span> : 'Not excluded'}</td>
                  <td>
                    {excluded ? (
                      <button type="button" onClick={() => ask('delete', lot.lotNumber)} aria-label={`Delete exclusion of lot ${lot.lotNumber}`}>
                        Delete exclusion…
                      </button>
                    ) : (
                      <button type="button" onClick={() => ask('exclude', lot.lotNumber, lot.expiresAt)} aria-label={`Exclude lot ${lot.lotNumber}`}>
                        Exclude…
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}

type ExclusionRow = LotExclusionsAnswer['active'][number];

/** Active or deleted exclusions: lot, lot date, when excluded (and deleted), and the row's action. */
function ExclusionTable({
  id,
  title,
  empty,
  rows,
  action,
}: {
  id: string;
  title: string;
  empty: string;
  rows: ExclusionRow[];
  action: (row: ExclusionRow) => ReactNode;
}) {
  const deleted = rows.some((e) => e.deletedAt !== null);
  return (
    <>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="state">{empty}</p>
      ) : (
        <table className="plain-table" aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">Lot</th>
              <th scope="col">Expires</th>
              <th scope="col">{deleted ? 'Excluded' : 'Excluded since'}</th>
              {deleted && <th scope="col">Deleted</th>}
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={e.id}>
                <th scope="row">{e.lotNumber}</th>
                <td>{formatDay(expiryDay(e.lotDate))}</td>
                <td>{when(e.createdAt)}</td>
                {deleted && <td>{when(e.deletedAt)}</td>}
                <td>{action(e)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** A lot the cache does not list (not in stock, or arriving): excluded by its number. */
function ExcludeByNumber({ onAsk }: { onAsk: (lotNumber: string) => void }) {
  const id = useId();
  const [lot, setLot] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = lot.trim();
    if (!value) return setProblem('Type the lot number to exclude.');
    if (value.length > 100) return setProblem('A lot number has at most 100 characters.');
    setProblem(null);
    onAsk(value);
  };
  return (
    <form className="filters exclude-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>Exclude a lot by number</h2>
      <label className="inline-field">
        <span>Lot number</span>
        <LotInput value={lot} onChange={(e) => setLot(e.target.value)} maxLength={120} spellCheck={false} autoComplete="off" />
      </label>
      <button type="submit">Exclude…</button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
