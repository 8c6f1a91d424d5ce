import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { expiryDay } from '../../../shared/time/expiry';
import { formatDateTime, formatDay } from '../../../renderer/src/format';
import { useT } from '../../../renderer/src/i18n/useT';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { ConfirmLotAction } from './ConfirmLotAction';
import type { LotAction, LotRef } from './queries';
import { useExclusionsInForce } from './useExclusionsInForce';
import { filterRows, type InForceRow } from './inForce';

/** ↓/↑ (Home/End) move between the rows' links; Enter on one opens its item's lots, as in every list. */
function moveInRows(e: KeyboardEvent<HTMLElement>) {
  const links = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>('a.row-open')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: links.length - 1 }[e.key];
  if (to === undefined || at < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
  e.preventDefault();
  links[Math.max(0, Math.min(links.length - 1, to))]?.focus();
}

/** The exclusions as a table: item (name, then SKU), lot, its expiry, since when, and Delete exclusion. */
function InForceTable({ rows, labelId, onDelete }: { rows: InForceRow[]; labelId: string; onDelete: (row: InForceRow) => void }) {
  const { t } = useT();
  return (
    <table className="plain-table in-force" aria-labelledby={labelId}>
      <thead>
        <tr>
          <th scope="col">{t('lots.col.item')}</th>
          <th scope="col">{t('lots.col.lot')}</th>
          <th scope="col">{t('lots.col.expires')}</th>
          <th scope="col">{t('lots.col.excludedSince')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('lots.col.action')}</span>
          </th>
        </tr>
      </thead>
      <tbody onKeyDown={moveInRows}>
        {rows.map((r) => (
          <tr key={`${r.inventoryId}-${r.id}`}>
            <th scope="row">
              <a className="row-open" href={`#/lots/${r.inventoryId}`} title={t('lots.inForce.openTitle', { id: r.inventoryId })}>
                {r.name}
              </a>{' '}
              <span className="muted">({r.sku})</span>
            </th>
            <td>{r.lotNumber}</td>
            <td>{formatDay(expiryDay(r.lotDate))}</td>
            <td>{formatDateTime(r.createdAt)}</td>
            <td>
              {/* The confirmation's own words: "restore" is the service's word for making a deleted exclusion active again. */}
              <button type="button" onClick={() => onDelete(r)} aria-label={t('lots.inForce.deleteLabel', { lot: r.lotNumber, sku: r.sku })}>
                {t('lots.deleteExclusion')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How many are in force, as of when (the desk's copy), and while its first pass reads the items, how far it is. */
function InForceStatus({ list, shown }: { list: ReturnType<typeof useExclusionsInForce>; shown: number }) {
  const done = list.checked >= list.total;
  const { t } = useT();
  const counts = { exclusions: list.rows.length, items: list.total, filtered: shown !== list.rows.length ? 'yes' : 'no', shown };
  return (
    <>
      <p className="muted" role="status" data-testid="in-force-status">
        {done ? t('lots.inForce.done', counts) : t('lots.inForce.checking', { ...counts, checked: list.checked })}
      </p>
      {(list.asOf || list.offlineSince) && (
        <p className="muted" data-testid="in-force-as-of">
          {list.asOf && t('lots.inForce.asOf', { time: formatDateTime(list.asOf) })}
          {list.offlineSince && <> {t('lots.offlineSince', { time: formatDateTime(list.offlineSince) })}</>}
        </p>
      )}
    </>
  );
}

/**
 * Every lot exclusion in force, with a filter (item name, SKU or lot) and Delete exclusion, which deletes
 * the exclusion through the one confirmation (its Cancel has focus), so the lot fulfills orders again.
 */
export function ExclusionsInForce() {
  const id = useId();
  const list = useExclusionsInForce();
  const [filter, setFilter] = useState('');
  const [pending, setPending] = useState<{ action: LotAction; lot: LotRef; label: string } | null>(null);
  const { t } = useT();
  const table = useRef<HTMLDivElement>(null);
  const shown = filterRows(list.rows, filter);
  const intoRows = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowDown') return;
    const first = table.current?.querySelector<HTMLElement>('a.row-open');
    if (!first) return;
    e.preventDefault();
    first.focus();
  };
  if (list.query.isError) return <ErrorNote error={list.query.error} prefix={t('lots.inForce.candidatesFailed')} />;
  return (
    <section className="in-force" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('lots.inForce')}</h2>
      <div className="filters">
        <label className="inline-field">
          <span>{t('lots.inForce.filter')}</span>
          <input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            onKeyDown={intoRows}
            placeholder={t('lots.inForce.filter.placeholder')}
            spellCheck={false}
            autoComplete="off"
          />
        </label>
      </div>
      <InForceStatus list={list} shown={shown.length} />
      <div ref={table}>
        {shown.length > 0 && (
          <InForceTable
            rows={shown}
            labelId={`${id}-title`}
            onDelete={(r) => setPending({ action: 'delete', lot: { inventoryId: r.inventoryId, lotNumber: r.lotNumber }, label: `${r.name} (${r.sku})` })}
          />
        )}
      </div>
      <ConfirmLotAction pending={pending} itemLabel={pending?.label ?? ''} onClose={() => setPending(null)} />
    </section>
  );
}
