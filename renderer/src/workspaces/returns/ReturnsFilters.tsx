import { ReturnStatus } from '../../../../shared/schemas/returns';
import { labelOf } from '../../../../shared/labels';
import { ComboBox, Select, type Choice } from '../../ui/Select';
import { TextFilter } from '../../ui/TextFilter';
import { useReturnCenters } from './queries';
import { hasFilters, type ReturnsSearch } from './search';
import { DayRangeField } from '../../ui/DayRangeField';

const statusChoices: Choice<'any' | ReturnStatus>[] = [
  { id: 'any', label: 'All statuses' },
  ...ReturnStatus.options.map((s) => ({ id: s, label: labelOf('ReturnStatus', s) })),
];

export function ReturnsFilters({ search, setSearch }: { search: ReturnsSearch; setSearch: (change: Partial<ReturnsSearch>) => void }) {
  const centers = useReturnCenters();
  const centerChoices: Choice<string>[] = (centers.data?.items ?? []).map((c) => ({ id: String(c.id), label: c.name ?? `Center ${c.id}` }));
  return (
    <div className="filters wrap">
      <TextFilter label="Find" name="q" placeholder="Reference or tracking number" value={search.q} onApply={(q) => setSearch({ q })} />
      <Select label="Status" value={search.status ?? 'any'} choices={statusChoices} onChange={(v) => setSearch({ status: v === 'any' ? undefined : v })} />
      <ComboBox
        label="Fulfillment center"
        placeholder="All centers"
        value={search.fc ? String(search.fc) : null}
        choices={centerChoices}
        onChange={(v) => setSearch({ fc: v === null ? undefined : Number(v) })}
      />
      <DayRangeField
        legend="Created"
        fromLabel="Created from"
        toLabel="Created to"
        from={search.from}
        to={search.to}
        onChange={(from, to) => setSearch({ from, to })}
      />
      {hasFilters(search) && (
        <button type="button" className="quiet" onClick={() => setSearch({ status: undefined, fc: undefined, from: undefined, to: undefined, q: undefined })}>
          Clear filters
        </button>
      )}
    </div>
  );
}
