import { Button, Menu, MenuItem, MenuTrigger, Popover, type Selection } from 'react-aria-components';
import { ReceivingStatus } from '../../../shared/schemas/receiving';
import { CenterFilter } from '../../../renderer/src/ui/CenterFilter';
import { Select, type Choice } from '../../../renderer/src/ui/Select';
import { TextFilter } from '../../../renderer/src/ui/TextFilter';
import { useCenters } from '../../../renderer/src/app/centers';
import { FILTER_KEYS, hasFilters, statusesOf, type ReceivingSearch } from './search';
import { DayRangeField } from '../../../renderer/src/ui/DayRangeField';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';

/** Status multi-select: a menu of checkable statuses (React Aria Menu, selectionMode multiple). */
function StatusFilter({ search, onChange }: { search: ReceivingSearch; onChange: (status: string | undefined) => void }) {
  const { t, label } = useT();
  const selected = statusesOf(search) ?? [];
  const names = selected.map((s) => label('ReceivingStatus', s));
  const summary =
    names.length === 0
      ? t('receiving.filter.allStatuses')
      : names.length === 1
        ? names[0]
        : names.length === 2
          ? t('receiving.filter.twoStatuses', { first: names[0]!, second: names[1]! })
          : t('receiving.filter.statusCount', { count: names.length });
  return (
    <div className="select">
      <span className="filter-label" id="status-filter-label">
        {t('receiving.filter.status')}
      </span>
      <MenuTrigger>
        <Button className="select-button" aria-labelledby="status-filter-label status-filter-value">
          <span id="status-filter-value">{summary}</span>
          <span aria-hidden="true">▾</span>
        </Button>
        <Popover className="popover">
          <Menu
            className="listbox"
            aria-label={t('receiving.filter.statusMenu')}
            selectionMode="multiple"
            selectedKeys={new Set(selected)}
            onSelectionChange={(keys: Selection) => {
              const list = keys === 'all' ? [] : ReceivingStatus.options.filter((s) => keys.has(s));
              onChange(list.length ? list.join(',') : undefined);
            }}
          >
            {ReceivingStatus.options.map((s) => (
              <MenuItem key={s} id={s} className="listbox-item">
                {label('ReceivingStatus', s)}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
    </div>
  );
}

const syncChoices = (t: Translate): Choice<'any' | 'yes' | 'no'>[] => [
  { id: 'any', label: t('receiving.filter.sync.any') },
  { id: 'yes', label: t('receiving.filter.sync.yes') },
  { id: 'no', label: t('receiving.filter.sync.no') },
];

export function ReceivingFilters({ search, setSearch }: { search: ReceivingSearch; setSearch: (change: Partial<ReceivingSearch>) => void }) {
  const centers = useCenters();
  const { t } = useT();
  return (
    <div className="filters wrap">
      <TextFilter
        label={t('receiving.filter.find')}
        name="q"
        placeholder={t('receiving.filter.findPlaceholder')}
        value={search.q}
        onApply={(q) => setSearch({ q })}
      />
      <StatusFilter search={search} onChange={(status) => setSearch({ status })} />
      <CenterFilter centers={centers.data ?? []} value={search.fc} onChange={(fc) => setSearch({ fc })} />
      <TextFilter label={t('receiving.filter.po')} name="po" value={search.po} onApply={(po) => setSearch({ po: po?.replaceAll(',', '') || undefined })} />
      {/* The less used filters fold away so the list keeps its rows; open while any of them is set. */}
      <details
        className="more-filters"
        open={Boolean(search.due || search.dueTo || search.in || search.inTo || search.done || search.doneTo || search.sync) || undefined}
      >
        <summary>{t('receiving.filter.more')}</summary>
        <div className="filters">
          <DayRangeField
            legend={t('receiving.filter.arrival')}
            fromLabel={t('receiving.filter.arrivalFrom')}
            toLabel={t('receiving.filter.arrivalTo')}
            from={search.due}
            to={search.dueTo}
            onChange={(f, t) => setSearch({ due: f, dueTo: t })}
          />
          <DayRangeField
            legend={t('receiving.filter.created')}
            fromLabel={t('receiving.filter.createdFrom')}
            toLabel={t('receiving.filter.createdTo')}
            from={search.in}
            to={search.inTo}
            onChange={(f, t) => setSearch({ in: f, inTo: t })}
          />
          <DayRangeField
            legend={t('receiving.filter.completed')}
            fromLabel={t('receiving.filter.completedFrom')}
            toLabel={t('receiving.filter.completedTo')}
            from={search.done}
            to={search.doneTo}
            onChange={(f, t) => setSearch({ done: f, doneTo: t })}
          />
          <Select
            label={t('receiving.filter.sync')}
            value={search.sync ?? 'any'}
            choices={syncChoices(t)}
            onChange={(v) => setSearch({ sync: v === 'any' ? undefined : v })}
          />
        </div>
      </details>
      {hasFilters(search) && (
        <button type="button" className="quiet" onClick={() => setSearch(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])))}>
          {t('receiving.filter.clear')}
        </button>
      )}
    </div>
  );
}
