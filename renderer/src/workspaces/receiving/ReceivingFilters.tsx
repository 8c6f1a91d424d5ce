import { Button, Menu, MenuItem, MenuTrigger, Popover, type Selection } from 'react-aria-components';
import { ReceivingStatus } from '../../../../shared/schemas/receiving';
import { useT } from '../../i18n/useT';
import { countOf } from '../../../../shared/counts';
import { ComboBox, Select, type Choice } from '../../ui/Select';
import { TextFilter } from '../../ui/TextFilter';
import { useFulfillmentCenters } from './queries';
import { FILTER_KEYS, hasFilters, statusesOf, type ReceivingSearch } from './search';
import { DayRangeField } from '../../ui/DayRangeField';

/** Status multi-select: a menu of checkable statuses (React Aria Menu, selectionMode multiple). */
function StatusFilter({ search, onChange }: { search: ReceivingSearch; onChange: (status: string | undefined) => void }) {
  const { label } = useT();
  const selected = statusesOf(search) ?? [];
  const summary =
    selected.length === 0
      ? 'All statuses'
      : selected.length <= 2
        ? selected.map((s) => label('ReceivingStatus', s)).join(', ')
        : countOf(selected.length, 'status');
  return (
    <div className="select">
      <span className="filter-label" id="status-filter-label">
        Status
      </span>
      <MenuTrigger>
        <Button className="select-button" aria-labelledby="status-filter-label status-filter-value">
          <span id="status-filter-value">{summary}</span>
          <span aria-hidden="true">▾</span>
        </Button>
        <Popover className="popover">
          <Menu
            className="listbox"
            aria-label="Statuses to show"
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

const syncChoices: Choice<'any' | 'yes' | 'no'>[] = [
  { id: 'any', label: 'Any' },
  { id: 'yes', label: 'Synced' },
  { id: 'no', label: 'Not synced' },
];

export function ReceivingFilters({ search, setSearch }: { search: ReceivingSearch; setSearch: (change: Partial<ReceivingSearch>) => void }) {
  const centers = useFulfillmentCenters();
  const centerChoices: Choice<string>[] = (centers.data ?? []).map((c) => ({ id: String(c.id), label: c.name ?? `Center ${c.id}` }));
  return (
    <div className="filters wrap">
      <TextFilter label="Find" name="find" placeholder="WRO id, PO or tracking number" value={search.find} onApply={(find) => setSearch({ find })} />
      <StatusFilter search={search} onChange={(status) => setSearch({ status })} />
      <ComboBox
        label="Fulfillment center"
        placeholder="All centers"
        value={search.fc ? String(search.fc) : null}
        choices={centerChoices}
        onChange={(v) => setSearch({ fc: v === null ? undefined : Number(v) })}
      />
      <TextFilter label="PO number" name="po" value={search.po} onApply={(po) => setSearch({ po: po?.replaceAll(',', '') || undefined })} />
      {/* The less used filters fold away so the list keeps its rows; open while any of them is set. */}
      <details
        className="more-filters"
        open={Boolean(search.due || search.dueTo || search.in || search.inTo || search.done || search.doneTo || search.sync) || undefined}
      >
        <summary>More filters</summary>
        <div className="filters">
          <DayRangeField
            legend="Expected arrival"
            fromLabel="Expected from"
            toLabel="Expected to"
            from={search.due}
            to={search.dueTo}
            onChange={(f, t) => setSearch({ due: f, dueTo: t })}
          />
          <DayRangeField
            legend="Created"
            fromLabel="Created from"
            toLabel="Created to"
            from={search.in}
            to={search.inTo}
            onChange={(f, t) => setSearch({ in: f, inTo: t })}
          />
          <DayRangeField
            legend="Completed"
            fromLabel="Completed from"
            toLabel="Completed to"
            from={search.done}
            to={search.doneTo}
            onChange={(f, t) => setSearch({ done: f, doneTo: t })}
          />
          <Select label="External sync" value={search.sync ?? 'any'} choices={syncChoices} onChange={(v) => setSearch({ sync: v === 'any' ? undefined : v })} />
        </div>
      </details>
      {hasFilters(search) && (
        <button type="button" className="quiet" onClick={() => setSearch(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])))}>
          Clear filters
        </button>
      )}
    </div>
  );
}
