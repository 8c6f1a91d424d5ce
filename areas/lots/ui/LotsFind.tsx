import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useRef, useState, type RefObject } from 'react';
import type { CachedItem } from '../../../shared/schemas/inventory-cache';
import { useAccountKey } from '../../../renderer/src/app/accountKey';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import { useScanField } from '../../../renderer/src/scan/useScanField';
import { DataTable, type DataColumn, type SortingState } from '../../../renderer/src/ui/DataTable';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { ExclusionsInForce } from './ExclusionsInForce';
import { lotsQueries } from './queries';
import './lots.css';

const columnsIn = (t: Translate): DataColumn<CachedItem>[] => [
  { id: 'name', accessorFn: (i) => i.name, header: t('lots.col.name'), sortFn: 'text' },
  { id: 'sku', accessorFn: (i) => i.sku, header: t('lots.col.sku'), sortFn: 'alphanumeric', meta: { width: '14em' } },
  { id: 'lotted', accessorFn: (i) => (i.flags.lot ? t('lots.lotTracked') : '—'), header: t('lots.col.lots'), sortFn: 'text', meta: { width: '7em' } },
  { id: 'lots', accessorFn: (i) => i.lots.length, header: t('lots.col.inStock'), sortFn: 'basic', meta: { align: 'end', width: '8em' } },
];

const RESULT_ROW = '.lots-find .data-table tbody tr[tabindex="0"]';

/** The search field's keys, as in every other list: `/` reaches it, ↓ goes from it into the results. */
function useSearchKeys(field: RefObject<HTMLInputElement | null>) {
  const { t } = useT();
  useShortcut({
    keys: 'ArrowDown',
    description: t('lots.keys.intoResults'),
    group: t('lots.title'),
    inFields: true,
    scope: () => field.current,
    handler: () => document.querySelector<HTMLElement>(RESULT_ROW)?.focus(),
  });
  useShortcut({
    keys: '/',
    description: t('lots.keys.toSearch'),
    group: t('lots.title'),
    handler: (event) => {
      event.preventDefault();
      field.current?.focus();
      field.current?.select();
    },
  });
}

/**
 * The find step's data and commands: typed text searches the inventory cache by name or SKU as you
 * type; Enter or a scan looks the code up exactly (any code: SKU, barcode, GTIN, GS1 string) and opens
 * the item when one matches (or when exactly one item was found by name or SKU).
 */
function useLotsFind(field: RefObject<HTMLInputElement | null>) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const deferred = useDeferredValue(text.trim());
  const [lookupError, setLookupError] = useState<unknown>(null);
  const { t } = useT();
  const results = useQuery({ ...lotsQueries.find(useAccountKey(), deferred), enabled: deferred.length > 0 });
  const open = (inventoryId: number) => void navigate({ to: '/lots/$id', params: { id: inventoryId } });
  const lookUp = async (code: string) => {
    setLookupError(null);
    try {
      const answer = await call('inventory.lookup', { code });
      if (answer.matches.length === 1) return open(answer.matches[0]!.item.inventoryId);
      const found = results.data?.q === code ? results.data.hits : [];
      if (answer.matches.length === 0 && found.length === 1) return open(found[0]!.item.inventoryId);
      if (answer.matches.length === 0) setLookupError(new Error(t('lots.find.noItem', { code: answer.lookedUp })));
      else setLookupError(new Error(t('lots.find.shared', { count: answer.matches.length, code: answer.lookedUp })));
      setText(answer.lookedUp);
    } catch (error) {
      setLookupError(error);
    }
  };
  useScanField(field, (scan) => {
    const code = scan.text.trim();
    setText(code);
    if (code) void lookUp(code); // never rejects: a failed lookup shows as the field's error
  });
  useSearchKeys(field);
  const edit = (value: string) => {
    setText(value);
    setLookupError(null);
  };
  return { text, edit, deferred, results, lookupError, lookUp, open };
}

/** Lot exclusions, first step: find the item; below, every exclusion in force. */
export function LotsFind() {
  const field = useRef<HTMLInputElement>(null);
  const find = useLotsFind(field);
  const hits = find.results.data?.hits.map((h) => h.item) ?? [];
  const { t } = useT();
  return (
    <section className="workspace list lots lots-find" aria-labelledby="lots-title">
      <header className="workspace-header">
        <ViewHeading id="lots-title">{t('lots.title')}</ViewHeading>
      </header>
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (find.text.trim()) void find.lookUp(find.text.trim()); // never rejects: a failed lookup shows as the field's error
        }}
      >
        <label className="inline-field">
          <span>{t('lots.find.item')}</span>
          <input
            ref={field}
            type="search"
            value={find.text}
            onChange={(e) => find.edit(e.target.value)}
            placeholder={t('lots.find.placeholder')}
            maxLength={200}
            size={36}
            spellCheck={false}
            autoComplete="off"
            aria-describedby="lots-find-hint"
          />
        </label>
        <button type="submit">{t('lots.find.open')}</button>
        <span id="lots-find-hint" className="muted">
          {t('lots.find.hint')}
        </span>
      </form>
      <FindResults find={find} hits={hits} />
      <ExclusionsInForce />
    </section>
  );
}

/** What the search found; with matches listed, a code that names no item is not an error: the list is the answer. */
function FindResults({ find, hits }: { find: ReturnType<typeof useLotsFind>; hits: CachedItem[] }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const { results, deferred } = find;
  const { t } = useT();
  const columns = useMemo(() => columnsIn(t), [t]);
  return (
    <>
      {find.lookupError !== null &&
        (hits.length === 0 ? (
          <ErrorNote error={find.lookupError} />
        ) : (
          <p className="note" role="status">
            {t('lots.find.notExact')}
          </p>
        ))}
      {results.isError && <ErrorNote error={results.error} prefix={t('lots.find.searchFailed')} />}
      {deferred.length === 0 ? (
        <p className="state">{t('lots.find.prompt')}</p>
      ) : results.data && hits.length === 0 ? (
        <p className="state" role="status">
          {t('lots.find.none', { text: deferred })}
        </p>
      ) : results.data ? (
        <>
          <p className="muted" role="status">
            {t('lots.find.found', {
              count: results.data.total,
              capped: results.data.totalCapped ? 'yes' : 'no',
              shown: results.data.total > hits.length ? hits.length : 0,
            })}
          </p>
          <DataTable
            label={t('lots.find.table')}
            columns={columns}
            data={hits}
            getRowId={(i) => String(i.inventoryId)}
            sorting={sorting}
            onSortingChange={setSorting}
            onOpen={(i) => find.open(i.inventoryId)}
            openHint={t('lots.find.openHint')}
            totalRows={hits.length}
            firstRowIndex={0}
          />
        </>
      ) : null}
    </>
  );
}
