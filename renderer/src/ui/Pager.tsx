import { formatCount } from '../format';
import { unitWord, type CountUnit } from '../../../shared/counts';

/** Previous/next through a paged list; the page itself lives in the address. */
export function Pager({
  label,
  page,
  totalPages,
  totalCount,
  unit,
  orMore = false,
  onPage,
}: {
  label: string;
  page: number;
  totalPages: number;
  totalCount: number;
  /** What the list counts; `orMore` when the total is a floor (a capped search). */
  unit: CountUnit;
  orMore?: boolean;
  onPage: (page: number) => void;
}) {
  const last = Math.max(1, totalPages);
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      <span>
        Page {formatCount(page)} of {formatCount(last)} · {formatCount(totalCount)}
        {orMore ? '+' : ''} {unitWord(totalCount, unit)}
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= last}>
        Next
      </button>
    </nav>
  );
}
