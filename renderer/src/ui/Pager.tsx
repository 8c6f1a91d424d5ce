import { useT } from '../i18n/useT';

/** What a paged list counts (the pager's line says it in the desk's language: ui.pager.status). */
export type PagerUnit = 'item' | 'order';

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
  unit: PagerUnit;
  orMore?: boolean;
  onPage: (page: number) => void;
}) {
  const last = Math.max(1, totalPages);
  const { t } = useT();
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {t('ui.pager.previous')}
      </button>
      <span>{t('ui.pager.status', { page, pages: last, count: totalCount, unit, orMore: orMore ? 'yes' : 'no' })}</span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= last}>
        {t('ui.pager.next')}
      </button>
    </nav>
  );
}
