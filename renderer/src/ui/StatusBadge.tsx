import { labelOf } from '../../../shared/labels';

type StatusKind = 'ReceivingStatus' | 'ReturnStatus' | 'BoxStatus' | 'DistributionStatus';

/** A record's status as a badge in the desk's words; its colours come from the status tokens in styles.css. */
export function StatusBadge({ kind, status }: { kind: StatusKind; status: string }) {
  return <span className={`status status-${status}`}>{labelOf(kind, status)}</span>;
}
