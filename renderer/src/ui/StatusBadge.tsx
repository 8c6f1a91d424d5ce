import { humanize } from '../format';

/** A record's status as a badge; its colours come from the status tokens in styles.css. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status status-${status}`}>{humanize(status)}</span>;
}
