import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ReturnDraft } from '../../../../shared/schemas/return-draft';
import { useAccountKey } from '../../../../renderer/src/app/accountKey';
import { useStillHere } from '../../../../renderer/src/app/stillHere';
import { call } from '../../../../renderer/src/bridge/dockdesk';
import { returnsQueries } from '../queries';
import { useT } from '../../../../renderer/src/i18n/useT';
import { ErrorNote } from '../../../../renderer/src/ui/ErrorNote';
import { ViewHeading } from '../../../../renderer/src/ui/ViewHeading';

/**
 * The newest return still in progress (not one that edits an existing return), or a new draft when
 * there is none: main fills in its reference id and the desk's default fulfillment center.
 */
async function openOrCreate(): Promise<string> {
  const { items } = await call('drafts.list', { kind: 'return-intake' });
  for (const summary of items.slice(0, 10)) {
    const record = await call('drafts.get', { id: summary.id }).catch(() => null);
    const value = record ? ReturnDraft.safeParse(record.value) : null;
    if (value?.success && value.data.editOf === null && value.data.submitAttempts === 0) return summary.id;
  }
  const value = keptCenter ? { fulfillmentCenter: keptCenter } : {};
  return (await call('drafts.save', { kind: 'return-intake', value })).id;
}

/**
 * The center of the return just sent: the next one is most likely received at the same desk, so it
 * starts there (over the Settings default, which only a new session starts from).
 */
let keptCenter: { id: number; name: string | null } | null = null;
export function keepCenterForNextReturn(center: { id: number; name: string | null } | null): void {
  if (center) keptCenter = center;
}

/** `#/returns/new`: opens (or starts) the return in progress and moves to its own address. */
export function NewReturn() {
  const navigate = useNavigate();
  const stillHere = useStillHere();
  const { t } = useT();
  // Never cached: each visit asks again, so a submitted draft is not opened twice.
  const target = useQuery({ queryKey: returnsQueries.openDraft(useAccountKey()), queryFn: openOrCreate, gcTime: 0, staleTime: 0, retry: false });
  useEffect(() => {
    if (target.data && stillHere()) void navigate({ to: '/returns/drafts/$draftId', params: { draftId: target.data }, replace: true }); // the router shows a failed navigation itself; nothing waits for it
  }, [target.data, navigate, stillHere]);
  return (
    <section className="workspace intake" aria-labelledby="intake-title">
      <header className="workspace-header">
        <ViewHeading id="intake-title">{t('returns.intake.title')}</ViewHeading>
      </header>
      {target.isError ? (
        <>
          <ErrorNote error={target.error} />
          <Link to="/returns/new" reloadDocument={false} onClick={() => void target.refetch()}>
            {t('returns.intake.tryAgain')}
          </Link>
        </>
      ) : (
        <p className="state" role="status">
          {t('returns.intake.openingInProgress')}
        </p>
      )}
    </section>
  );
}
