import { ReturnStatus } from '../../../shared/schemas/returns';
import { CenterFilter } from '../../../renderer/src/ui/CenterFilter';
import { Select, type Choice } from '../../../renderer/src/ui/Select';
import { TextFilter } from '../../../renderer/src/ui/TextFilter';
import { useT, type Words } from '../../../renderer/src/i18n/useT';
import { useCenters } from '../../../renderer/src/app/centers';
import { hasFilters, type ReturnsSearch } from './search';
import { DayRangeField } from '../../../renderer/src/ui/DayRangeField';

const statusChoices = ({ t, label }: Words): Choice<'any' | ReturnStatus>[] => [
  { id: 'any', label: t('returns.filters.allStatuses') },
  ...ReturnStatus.options.map((s) => ({ id: s, label: label('ReturnStatus', s) })),
];

export function ReturnsFilters({ search, setSearch }: { search: ReturnsSearch; setSearch: (change: Partial<ReturnsSearch>) => void }) {
  const centers = useCenters();
  const words = useT();
  const { t } = words;
  return (
    <div className="filters wrap">
      <TextFilter
        label={t('returns.filters.find')}
        name="q"
        placeholder={t('returns.filters.findPlaceholder')}
        value={search.q}
        onApply={(q) => setSearch({ q })}
      />
      <Select
        label={t('returns.filters.status')}
        value={search.status ?? 'any'}
        choices={statusChoices(words)}
        onChange={(v) => setSearch({ status: v === 'any' ? undefined : v })}
      />
      <CenterFilter centers={centers.data ?? []} value={search.fc} onChange={(fc) => setSearch({ fc })} />
      <DayRangeField
        legend={t('returns.filters.created')}
        fromLabel={t('returns.filters.createdFrom')}
        toLabel={t('returns.filters.createdTo')}
        from={search.from}
        to={search.to}
        onChange={(from, to) => setSearch({ from, to })}
      />
      {hasFilters(search) && (
        <button type="button" className="quiet" onClick={() => setSearch({ status: undefined, fc: undefined, from: undefined, to: undefined, q: undefined })}>
          {t('returns.filters.clear')}
        </button>
      )}
    </div>
  );
}
