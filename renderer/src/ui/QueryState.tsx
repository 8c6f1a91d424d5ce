import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorDetails, ErrorNote, errorParts } from './ErrorNote';
import { formatTime } from '../format';
import { useT } from '../i18n/useT';

/** What a view says while its data loads and when it fails, whole sentences from the catalogs ("Loading item 5…", "Item 5 could not be loaded"). */
interface Said {
  loading: string;
  failed: string;
}

/**
 * Loading, failure and stale data, said the same way in every view. A failed refresh never takes
 * the rows away: they stay with "Could not refresh: <reason>. Showing data from 14:02." and Retry.
 */
export function QueryState<T>({ query, children, loading, failed }: { query: UseQueryResult<T>; children: (data: T) => ReactNode } & Said) {
  const { t } = useT();
  if (query.isPending) {
    return (
      <p className="state" role="status" data-loading>
        {loading}
      </p>
    );
  }
  if (query.data === undefined) {
    return (
      <ErrorNote error={query.error} prefix={failed}>
        <button type="button" onClick={() => void query.refetch()}>
          {t('ui.tryAgain')}
        </button>
      </ErrorNote>
    );
  }
  return (
    <>
      {query.isError && <StaleNotice error={query.error} since={query.dataUpdatedAt} onRetry={() => void query.refetch()} retrying={query.isFetching} />}
      {children(query.data)}
    </>
  );
}

/**
 * Whether a reason already ends its sentence, inside a closing quote or bracket too (the service's
 * own words come quoted: “… Retry later.”), so the notice adds no second full stop after it.
 */
export function endsSentence(text: string): boolean {
  return /[.!?…]["'”’»)\]]*$/.test(text);
}

export function StaleNotice({ error, since, onRetry, retrying }: { error: unknown; since: number | string; onRetry: () => void; retrying: boolean }) {
  const reason = errorParts(error).message.trim();
  const { t } = useT();
  return (
    <div className="stale-notice" role="alert">
      <span>{t('ui.stale', { reason, ended: endsSentence(reason) ? 'yes' : 'no', time: formatTime(since) })}</span>
      <button type="button" onClick={onRetry} disabled={retrying}>
        {retrying ? t('ui.retrying') : t('ui.retry')}
      </button>
      <ErrorDetails error={error} />
    </div>
  );
}
