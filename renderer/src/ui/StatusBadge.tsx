import { useT } from '../i18n/useT';

type StatusKind = 'ReceivingStatus' | 'ReturnStatus' | 'BoxStatus' | 'DistributionStatus';

/** A record's status as a badge in the desk's words; its colours come from the status tokens in styles.css. */
export function StatusBadge({ kind, status }: { kind: StatusKind; status: string }) {
  const { label } = useT();
  return <span className={`status status-${status}`}>{label(kind, status)}</span>;
}
