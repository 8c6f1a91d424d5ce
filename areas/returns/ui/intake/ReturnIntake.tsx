import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import type { EventPayload } from '../../../../shared/ipc/contract';
import { ReturnDraft } from '../../../../shared/schemas/return-draft';
import { useAccountKey } from '../../../../renderer/src/app/accountKey';
import { useDockdeskEvent } from '../../../../renderer/src/bridge/dockdesk';
import { useT } from '../../../../renderer/src/i18n/useT';
import { ErrorNote } from '../../../../renderer/src/ui/ErrorNote';
import { ViewHeading } from '../../../../renderer/src/ui/ViewHeading';
import { IntakeCamera } from '../../../evidence/ui';
import { returnsQueries } from '../queries';
import { CenterField, IntakeActions, IntakeHeader, LinesTable, OrderFields, Problems, ReferenceAndTracking, ScanBar } from './IntakeParts';
import { useIntakeForm, type LineActions } from './useIntakeForm';
import './intake.css';

/** `#/returns/drafts/<draftId>`: one return in progress. */
export function ReturnIntake({ draftId }: { draftId: string }) {
  const queryClient = useQueryClient();
  const draftQuery = returnsQueries.draft(useAccountKey(), draftId);
  const record = useQuery(draftQuery);
  const draftKey = draftQuery.queryKey;
  const onChanged = useCallback(
    (p: EventPayload<'drafts.changed'>) => {
      if (p.reason === 'returned' && p.ids.includes(draftId)) void queryClient.invalidateQueries({ queryKey: draftKey }); // never rejects: a failed refetch shows in the query's own error state
    },
    [draftId, draftKey, queryClient],
  );
  useDockdeskEvent('drafts.changed', onChanged);
  const { t } = useT();

  if (record.isPending)
    return (
      <section className="workspace intake" aria-labelledby="intake-title">
        <header className="workspace-header">
          <ViewHeading id="intake-title">{t('returns.intake.title')}</ViewHeading>
        </header>
        <p className="state" role="status">
          {t('returns.intake.opening')}
        </p>
      </section>
    );
  if (record.isError)
    return (
      <section className="workspace intake" aria-labelledby="intake-title">
        <header className="workspace-header">
          <ViewHeading id="intake-title">{t('returns.intake.title')}</ViewHeading>
        </header>
        <ErrorNote error={record.error} />
        <Link to="/returns/new">{t('returns.intake.startNew')}</Link>
      </section>
    );
  const parsed = ReturnDraft.safeParse(record.data.value);
  if (!parsed.success || record.data.kind !== 'return-intake')
    return (
      <section className="workspace intake" aria-labelledby="intake-title">
        <header className="workspace-header">
          <ViewHeading id="intake-title">{t('returns.intake.title')}</ViewHeading>
        </header>
        <p className="error" role="alert">
          {t('returns.intake.notAReturn', { draftId })}
        </p>
      </section>
    );
  // Keyed by revision: a draft that came back from the service (outbox.returned) starts over from what main stored.
  return <IntakeForm key={`${draftId}:${record.data.revision}`} draftId={draftId} revision={record.data.revision} initial={parsed.data} />;
}

/**
 * One return being received: the controller (useIntakeForm) holds the draft and its commands; the
 * parts show it. Scans anywhere in the form are the intake's; where focus is says what they fill.
 */
function IntakeForm({ draftId, revision, initial }: { draftId: string; revision: number; initial: ReturnDraft }) {
  const formRef = useRef<HTMLElement>(null);
  const trackingRef = useRef<HTMLInputElement>(null);
  const itemRef = useRef<HTMLInputElement>(null);
  const c = useIntakeForm(draftId, revision, initial, { form: formRef, tracking: trackingRef, item: itemRef });
  // Rows are memoized: a scan redraws its own line, not the whole return. Their handlers go through a ref.
  const lineActions = useRef<LineActions>(c.lineCommands);
  useEffect(() => {
    lineActions.current = c.lineCommands;
  });
  return (
    <section className="workspace intake" aria-labelledby="intake-title" ref={formRef}>
      <IntakeHeader c={c} />
      <div className="intake-context">
        <ReferenceAndTracking c={c} trackingRef={trackingRef} itemRef={itemRef} />
        <CenterField c={c} />
        <OrderFields c={c} />
      </div>
      <ScanBar c={c} itemRef={itemRef} />
      <Problems c={c} />
      <LinesTable c={c} actions={lineActions} />
      <IntakeActions c={c} />
      <IntakeCamera draftId={draftId} lines={c.draft.lines} lastLine={c.last?.line ?? null} form={formRef} />
    </section>
  );
}
