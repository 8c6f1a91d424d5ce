import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent } from 'react';
import { EventCategory } from '../../../shared/schemas/inventory';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';
import { errorParts } from '../../../renderer/src/ui/ErrorNote';
import { centerChoices, centerLabel } from '../../../renderer/src/ui/centerChoices';
import { Select, type Choice } from '../../../renderer/src/ui/Select';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { defaultRange, historyQuery } from './historyData';
import { HistoryResult } from './HistoryResult';
import { itemIds, type HistorySearch } from './search';
import { useHistoryRun } from './useHistoryRun';
import './history.css';
import { DayRangeField } from '../../../renderer/src/ui/DayRangeField';
import { useItemNames, type ItemNaming } from '../../inventory/ui';
import { useCenters } from '../../../renderer/src/app/centers';

const categoryChoices = (t: Translate): Choice<string>[] => [
  { id: 'all', label: t('history.allCategories') },
  ...EventCategory.options.map((c) => ({ id: c, label: t('history.category', { category: c }) })),
];

/**
 * Inventory history: the query lives in the address; main reads every page
 * through the cursor while a progress line counts them (Cancel stops it in main); the events in a
 * virtualized table, on-hand over time as a step chart, and the rows as shown exported as CSV.
 */
export function HistoryView() {
  const search = useSearch({ from: '/inventory/history' });
  const navigate = useNavigate({ from: '/inventory/history' });
  const range = useMemo(() => defaultRange(new Date()), []);
  const from = search.from ?? range.from;
  const to = search.to ?? range.to;
  const ids = itemIds(search);
  const { t } = useT();
  const check = historyQuery(t, { fc: search.fc, inventoryIds: ids, from, to, category: search.category });
  const [runKey, setRunKey] = useState(0);
  const { run, cancel } = useHistoryRun(check.ok ? check.input : null, runKey);
  const centers = useCenters();
  const names = useItemNames(ids);
  const centerName = (id: number | undefined) => (id ? centerLabel(t, centers.data?.find((c) => c.id === id) ?? { id }) : '');

  return (
    <section className="workspace history" aria-labelledby="history-title">
      <header className="workspace-header">
        <ViewHeading id="history-title">{t('history.title')}</ViewHeading>
        <a href="#/inventory" className="button-link quiet">
          {t('history.back')}
        </a>
      </header>
      <HistoryForm
        key={JSON.stringify(search)}
        search={search}
        from={from}
        to={to}
        centers={centers.data ?? []}
        ids={ids}
        names={names}
        onSubmit={(next) => {
          setRunKey((k) => k + 1);
          void navigate({ search: next }); // the router shows a failed navigation itself; nothing waits for it
        }}
      />
      {!check.ok ? (
        <p className="state" role="alert" data-testid="history-check">
          {check.message}
        </p>
      ) : (
        <HistoryResult
          run={run}
          cancel={cancel}
          retry={() => setRunKey((k) => k + 1)}
          fcId={check.input.fc}
          centerName={centerName(check.input.fc)}
          ids={ids}
          search={search}
          days={check.days}
        />
      )}
    </section>
  );
}

/**
 * The query form; it changes the address only on submit, where the range is checked again. The
 * address keeps inventory ids, but the Items field shows the SKUs a clerk reads on the shelf (an id
 * only while the cache has not named it) with the names beside its label; the ids are on hover.
 */
function HistoryForm({
  search,
  from,
  to,
  centers,
  ids,
  names,
  onSubmit,
}: {
  search: HistorySearch;
  from: string;
  to: string;
  centers: { id: number; name?: string | null | undefined }[];
  ids: number[];
  names: ReadonlyMap<number, ItemNaming>;
  onSubmit: (search: HistorySearch) => void;
}) {
  const [fc, setFc] = useState(search.fc ? String(search.fc) : '');
  // Null until the clerk types: the field follows the names as the cache answers.
  const [typed, setTyped] = useState<string | null>(null);
  const items = typed ?? ids.map((id) => names.get(id)?.sku ?? String(id)).join(', ');
  const named = ids.flatMap((id) => {
    const n = names.get(id);
    return n ? [{ id, ...n }] : [];
  });
  const [days, setDays] = useState({ from, to });
  const [category, setCategory] = useState<string>(search.category ?? 'all');
  const [problem, setProblem] = useState<string | null>(null);
  const { t, list } = useT();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const tokens = [...new Set(items.split(/[\s,;]+/).filter(Boolean))];
    if (tokens.length > 100) return setProblem(t('history.form.tooMany'));
    // A SKU this form put in the field is the item it came from, even where the code also names another.
    const resolved = await resolveItems(t, tokens, new Map(named.map((n) => [n.sku, n.id])));
    if (!resolved.ok) return setProblem(resolved.message);
    const ids = [...new Set(resolved.ids)];
    const check = historyQuery(t, { fc: fc ? Number(fc) : undefined, inventoryIds: ids, from: days.from, to: days.to });
    if (!check.ok) return setProblem(check.message);
    setProblem(null);
    onSubmit({
      fc: Number(fc),
      item: ids.length ? ids.join(',') : undefined,
      from: days.from,
      to: days.to,
      category: category === 'all' ? undefined : EventCategory.parse(category),
    });
  };

  return (
    <form className="filters history-form" onSubmit={(e) => void submit(e)} aria-label={t('history.form')} noValidate>
      <Select label={t('history.form.center')} value={fc} choices={centerChoices(t, centers)} onChange={setFc} />
      <ItemsField value={items} named={typed === null ? named : []} onChange={setTyped} list={list} />
      <DayRangeField
        legend={t('history.form.days')}
        fromLabel={t('history.form.from')}
        toLabel={t('history.form.to')}
        from={days.from || undefined}
        to={days.to || undefined}
        onChange={(from, to) => setDays({ from: from ?? '', to: to ?? '' })}
        sayReversed={false}
      />
      <Select label={t('history.form.category')} value={category} choices={categoryChoices(t)} onChange={setCategory} />
      <button type="submit" className="primary">
        {t('history.form.show')}
      </button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** The Items field, with the names of the items it shows beside its label (SKU, name and id of each on hover). */
function ItemsField({
  value,
  named,
  onChange,
  list,
}: {
  value: string;
  named: ({ id: number } & ItemNaming)[];
  onChange: (value: string) => void;
  list: (items: readonly string[]) => string;
}) {
  const { t } = useT();
  return (
    <div className="history-field">
      <span className="history-field-label">
        <label htmlFor="history-items">{t('history.form.items')}</label>
        {named.length > 0 && (
          <span
            id="history-items-names"
            className="history-items-names"
            title={named.map((n) => t('history.form.itemTitle', { sku: n.sku, name: n.name, id: n.id })).join('\n')}
          >
            {list(named.map((n) => n.name))}
          </span>
        )}
      </span>
      <input
        id="history-items"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('history.form.items.placeholder')}
        size={16}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={named.length > 0 ? 'history-items-names' : undefined}
      />
    </div>
  );
}

/**
 * The Items field: an inventory id as digits, anything else (a SKU, a barcode) looked up exactly in
 * the inventory cache; a code that finds no item or several is refused in words.
 */
async function resolveItems(
  t: Translate,
  tokens: string[],
  shown: ReadonlyMap<string, number>,
): Promise<{ ok: true; ids: number[] } | { ok: false; message: string }> {
  const ids: number[] = [];
  for (const token of tokens) {
    const known = shown.get(token);
    if (known !== undefined) {
      ids.push(known);
      continue;
    }
    if (/^\d{1,10}$/.test(token) && Number(token) >= 1 && Number(token) <= 2147483647) {
      ids.push(Number(token));
      continue;
    }
    if (token.length > 500) return { ok: false, message: t('history.form.codeTooLong', { code: token.slice(0, 20) }) };
    try {
      const { matches } = await call('inventory.lookup', { code: token });
      if (matches.length === 0) return { ok: false, message: t('history.form.noItem', { code: token }) };
      if (matches.length > 1) return { ok: false, message: t('history.form.several', { code: token, count: matches.length }) };
      ids.push(matches[0]!.item.inventoryId);
    } catch (error) {
      return { ok: false, message: t('history.form.lookupFailed', { code: token, reason: errorParts(error).message }) };
    }
  }
  return { ok: true, ids };
}
