import { formatCount } from '../format';

/** Previous/next through a paged list; the page itself lives in the address. */
export function Pager({
  label,
  page,
  totalPages,
  totalCount,
  noun,
  onPage,
}: {
  label: string;
  page: number;
  totalPages: number;
  totalCount: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  const last = Math.max(1, totalPages);
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      <span>
        Page {formatCount(page)} of {formatCount(last)} · {formatCount(totalCount)} {noun}
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= last}>
        Next
      </button>
    </nav>
  );
}
