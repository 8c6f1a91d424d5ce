import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorDetails, ErrorNote, errorParts } from './ErrorNote';
import { formatTime } from '../format';

/**
 * Loading, failure and stale data, said the same way in every view. A failed refresh never takes
 * the rows away: they stay with "Could not refresh: <reason>. Showing data from 14:02." and Retry.
 */
export function QueryState<T>({ query, what, children }: { query: UseQueryResult<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <p className="state" role="status" data-loading>
        Loading {what}…
      </p>
    );
  }
  if (query.data === undefined) {
    return (
      <ErrorNote error={query.error} prefix={`${capitalize(what)} could not be loaded`}>
        <button type="button" onClick={() => void query.refetch()}>
          Try again
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

export function StaleNotice({ error, since, onRetry, retrying }: { error: unknown; since: number; onRetry: () => void; retrying: boolean }) {
  const reason = errorParts(error).message.replace(/\.$/, '');
  return (
    <div className="stale-notice" role="alert">
      <span>
        Could not refresh: {reason}. Showing data from {formatTime(since)}.
      </span>
      <button type="button" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
      <ErrorDetails error={error} />
    </div>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
