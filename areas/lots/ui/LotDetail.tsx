import { useParams } from '@tanstack/react-router';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { LotExclusionsAnswer } from '../common/ipc';
import { expiryDay } from '../../../shared/time/expiry';
import { formatCount, formatDateTime, formatDay } from '../../../renderer/src/format';
import { useT } from '../../../renderer/src/i18n/useT';
import { LotInput } from '../../../renderer/src/scan/LotInput';
import { centerLabel } from '../../../renderer/src/ui/centerChoices';
import { QueryState } from '../../../renderer/src/ui/QueryState';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { RecordJournal } from '../../journal/ui';
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
  const { query, refresh } = useLotExclusions(id);
  const [refreshing, setRefreshing] = useState(false);
  const { t } = useT();
  return (
    <section className="workspace lots" aria-labelledby="lot-detail-title">
      <QueryState query={query} loading={t('lots.detail.loading')} failed={t('lots.detail.loadFailed')}>
        {(data) => (
          <LotExclusions
            data={data}
            refreshing={refreshing}
            refresh={() => {
              setRefreshing(true);
              void refresh()
                .catch(() => undefined)
                .finally(() => setRefreshing(false));
            }}
          />
        )}
      </QueryState>
      {query.data === undefined && (
        <header className="workspace-header">
          <ViewHeading id="lot-detail-title">{t('lots.detail.titleForId', { id })}</ViewHeading>
        </header>
      )}
    </section>
  );
}

function LotExclusions({ data, refreshing, refresh }: { data: LotExclusionsAnswer; refreshing: boolean; refresh: () => void }) {
  const expiry = useExpiryMarks();
  const { t, rich } = useT();
  const [pending, setPending] = useState<{ action: LotAction; lot: LotRef } | null>(null);
  const active = new Set(data.active.map((e) => e.lotNumber));
  const firstCenter = data.lots[0]?.center.id;
  const ask = (action: LotAction, lotNumber: string, lotDate?: string | null) =>
    setPending({ action, lot: { inventoryId: data.inventoryId, lotNumber, ...(lotDate !== undefined ? { lotDate } : {}) } });

  return (
    <>
      <header className="workspace-header">
        <ViewHeading id="lot-detail-title">
          {rich('lots.detail.title', { name: data.name, sku: data.sku, muted: (chunks) => <span className="muted">{chunks}</span> })}
        </ViewHeading>
        <div className="header-actions">
          <a className="button-link" href={`#/inventory/history?item=${data.inventoryId}${firstCenter ? `&fc=${firstCenter}` : ''}`}>
            {t('lots.detail.history')}
          </a>
          <a className="button-link" href="#/lots">
            {t('lots.detail.anotherItem')}
          </a>
          <button type="button" onClick={refresh} disabled={refreshing}>
            {refreshing ? t('lots.detail.refreshing') : t('lots.detail.refresh')}
          </button>
        </div>
      </header>
      <p className="muted">
        {data.freshness.syncedAt
          ? t('lots.detail.sources', { days: expiry.threshold, asOf: when(data.exclusionsAsOf), time: when(data.freshness.syncedAt), id: data.inventoryId })
          : t('lots.detail.sourcesNotSynced', { days: expiry.threshold, asOf: when(data.exclusionsAsOf), id: data.inventoryId })}
        {data.offlineSince && <> {t('lots.offlineSince', { time: when(data.offlineSince) })}</>}
      </p>

      <LotsInStock data={data} active={active} ask={ask} />

      <ExclusionTable
        id="active-exclusions"
        title={t('lots.inForce')}
        empty={t('lots.detail.noneExcluded')}
        rows={data.active}
        action={(e) => (
          <button type="button" onClick={() => ask('delete', e.lotNumber)} aria-label={t('lots.deleteExclusionOf', { lot: e.lotNumber })}>
            {t('lots.deleteExclusion')}
          </button>
        )}
      />
      <ExclusionTable
        id="deleted-exclusions"
        title={t('lots.detail.deleted')}
        empty={t('lots.detail.noneDeleted')}
        rows={data.deleted}
        action={(e) =>
          active.has(e.lotNumber) ? (
            <span className="muted">{t('lots.detail.excludedAgain')}</span>
          ) : (
            <button type="button" onClick={() => ask('restore', e.lotNumber)} aria-label={t('lots.restoreExclusionOf', { lot: e.lotNumber })}>
              {t('lots.restore')}
            </button>
          )
        }
      />

      <ExcludeByNumber onAsk={(lotNumber) => ask('exclude', lotNumber)} />
      {/* The journal keeps each lot under `<item>:<lot number>`: the item's lots in stock and those with an exclusion. */}
      <RecordJournal
        kind="lot"
        id={[...new Set([...data.lots, ...data.active, ...data.deleted].map((l) => `${data.inventoryId}:${l.lotNumber}`))]}
        when={when}
      />
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
  const { t } = useT();
  return (
    <>
      <h2 id="lots-in-stock">{t('lots.detail.inStock')}</h2>
      {data.lots.length === 0 ? (
        <p className="state">{t('lots.detail.noLots')}</p>
      ) : (
        <table className="plain-table" aria-labelledby="lots-in-stock">
          <thead>
            <tr>
              <th scope="col">{t('lots.col.lot')}</th>
              <th scope="col">{t('lots.col.center')}</th>
              <th scope="col">{t('lots.col.expires')}</th>
              <th scope="col" className="num">
                {t('lots.col.onHand')}
              </th>
              <th scope="col" className="num">
                {t('lots.col.fulfillable')}
              </th>
              <th scope="col">{t('lots.col.exclusion')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('lots.col.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.lots.map((lot) => {
              const excluded = active.has(lot.lotNumber);
              return (
                <tr key={`${lot.center.id}-${lot.lotNumber}`}>
                  <th scope="row">{lot.lotNumber}</th>
                  <td>{centerLabel(t, lot.center)}</td>
                  <td>
                    <LotExpiry expiresAt={lot.expiresAt} mark={expiry.mark(lot.expiresAt)} />
                  </td>
                  <td className="num">{formatCount(lot.onHand)}</td>
                  {/* An excluded lot ships nothing, whatever the cache last read before the exclusion. */}
                  <td className="num">{formatCount(excluded ? 0 : lot.fulfillable)}</td>
                  <td>{excluded ? <span className="badge excluded">{t('lots.excluded')}</span> : t('lots.notExcluded')}</td>
                  <td>
                    {excluded ? (
                      <button type="button" onClick={() => ask('delete', lot.lotNumber)} aria-label={t('lots.deleteExclusionOf', { lot: lot.lotNumber })}>
                        {t('lots.deleteExclusion')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        onClick={() => ask('exclude', lot.lotNumber, lot.expiresAt)}
                        aria-label={t('lots.excludeLot', { lot: lot.lotNumber })}
                      >
                        {t('lots.exclude')}
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
  const { t } = useT();
  return (
    <>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="state">{empty}</p>
      ) : (
        <table className="plain-table" aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{t('lots.col.lot')}</th>
              <th scope="col">{t('lots.col.expires')}</th>
              <th scope="col">{deleted ? t('lots.excluded') : t('lots.col.excludedSince')}</th>
              {deleted && <th scope="col">{t('lots.col.deleted')}</th>}
              <th scope="col">
                <span className="visually-hidden">{t('lots.col.action')}</span>
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
  const { t } = useT();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = lot.trim();
    if (!value) return setProblem(t('lots.byNumber.empty'));
    if (value.length > 100) return setProblem(t('lots.byNumber.tooLong'));
    setProblem(null);
    onAsk(value);
  };
  return (
    <form className="filters exclude-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t('lots.byNumber.title')}</h2>
      <label className="inline-field">
        <span>{t('lots.byNumber.lot')}</span>
        <LotInput value={lot} onChange={(e) => setLot(e.target.value)} maxLength={120} spellCheck={false} autoComplete="off" />
      </label>
      <button type="submit">{t('lots.exclude')}</button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
