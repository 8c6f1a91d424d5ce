import { useMutation } from '@tanstack/react-query';
import type { Said } from '../../../../shared/errors';
import type { OutboxEntryView } from '../../../../shared/schemas/outbox';
import { call, errorMessage } from '../../../../renderer/src/bridge/dockdesk';
import { formatTime } from '../../../../renderer/src/format';
import { sentences } from '../../../../renderer/src/i18n/sentences';
import { useT } from '../../../../renderer/src/i18n/useT';
import { centerLabel } from '../../../../renderer/src/ui/centerChoices';

/** A draft the service sent back with field errors, as its event said (its sentences, said when shown). */
export interface ReturnedDraft {
  draftId: string;
  referenceId: string;
  said: Said[];
}

/** The outbox dialog's content: why it waits, what the service sent back, and every return in it with Retry and Back to drafts. */
export function OutboxPanel({
  entries,
  waitingReason,
  returned,
  onChanged,
  onOpenDraft,
}: {
  entries: OutboxEntryView[];
  /** Why nothing moves, already in the clerk's language. */
  waitingReason: string | null;
  returned: ReturnedDraft[];
  onChanged: () => void;
  onOpenDraft: (draftId: string) => void;
}) {
  const retry = useMutation({ mutationFn: (id: string) => call('outbox.retry', { id }), onSettled: onChanged });
  const discard = useMutation({
    mutationFn: (id: string) => call('outbox.discard', { id }),
    onSuccess: ({ draft }) => onOpenDraft(draft.id),
    onSettled: onChanged,
  });
  const error = retry.error ?? discard.error;
  const { t } = useT();
  return (
    <div className="outbox-panel">
      {waitingReason && (
        <p className="note" role="status">
          {waitingReason}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      {returned.length > 0 && <ReturnedDrafts returned={returned} onOpenDraft={onOpenDraft} />}
      {entries.length === 0 ? (
        <p className="state">{t('returns.outbox.nothing')}</p>
      ) : (
        <OutboxTable
          entries={entries}
          waitingReason={waitingReason}
          retrying={retry.isPending}
          discarding={discard.isPending}
          onRetry={(id) => retry.mutate(id)}
          onDiscard={(id) => discard.mutate(id)}
        />
      )}
    </div>
  );
}

function ReturnedDrafts({ returned, onOpenDraft }: { returned: ReturnedDraft[]; onOpenDraft: (draftId: string) => void }) {
  const { t, said } = useT();
  return (
    <>
      <h3>{t('returns.outbox.sentBack')}</h3>
      <ul className="outbox-returned">
        {returned.map((r) => (
          <li key={r.draftId}>
            <span>
              <strong>{r.referenceId}</strong> {sentences(said, r.said)}
            </span>
            <button type="button" onClick={() => onOpenDraft(r.draftId)}>
              {t('returns.outbox.openDraft', { reference: r.referenceId })}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

interface RowActions {
  /** Said once above the table; a row repeats only a reason of its own. */
  waitingReason: string | null;
  retrying: boolean;
  discarding: boolean;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
}

function OutboxTable({ entries, ...actions }: { entries: OutboxEntryView[] } & RowActions) {
  const { t } = useT();
  return (
    <table className="outbox-table" aria-label={t('returns.outbox.table')}>
      <thead>
        <tr>
          <th scope="col">{t('returns.outbox.col.reference')}</th>
          <th scope="col">{t('returns.outbox.col.tracking')}</th>
          <th scope="col">{t('returns.outbox.col.center')}</th>
          <th scope="col" className="num">
            {t('returns.outbox.col.contents')}
          </th>
          <th scope="col">{t('returns.outbox.col.state')}</th>
          <th scope="col">{t('returns.outbox.col.queued')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('returns.outbox.col.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <OutboxRow key={e.id} entry={e} {...actions} />
        ))}
      </tbody>
    </table>
  );
}

function OutboxRow({ entry: e, waitingReason, retrying, discarding, onRetry, onDiscard }: { entry: OutboxEntryView } & RowActions) {
  const canAct = e.state === 'failed' || e.state === 'waiting' || e.state === 'held' || e.state === 'queued';
  const { t, label, said } = useT();
  const why = e.state === 'sent' ? null : sentences(said, e.said);
  return (
    <tr data-testid={`outbox-${e.referenceId}`}>
      <td className="code">{e.referenceId}</td>
      <td className="code">{e.trackingNumber ?? '—'}</td>
      <td className="outbox-center">{centerLabel(t, e.fulfillmentCenter)}</td>
      <td className="num">
        {t('returns.units', { count: e.unitCount })}
        <div className="muted">{t('returns.items', { count: e.lineCount })}</div>
      </td>
      <td className={`outbox-state outbox-${e.state}`}>
        <strong>{label('OutboxState', e.state)}</strong>
        {e.outcomeUnknown && e.state !== 'sent' && <span className="muted"> · {t('returns.outbox.outcomeUnknown')}</span>}
        {why && why !== waitingReason && <div className="muted">{why}</div>}
        {e.state === 'sent' && e.returnId !== null && <div className="muted">{t('returns.outbox.returnId', { returnId: String(e.returnId) })}</div>}
      </td>
      <td className="outbox-time">{formatTime(e.queuedAt)}</td>
      <td className="outbox-actions">
        {canAct && (
          <>
            <button type="button" onClick={() => onRetry(e.id)} disabled={retrying} aria-label={t('returns.outbox.retry.label', { reference: e.referenceId })}>
              {t('returns.outbox.retry')}
            </button>
            <button
              type="button"
              className="quiet"
              onClick={() => onDiscard(e.id)}
              disabled={discarding}
              aria-label={t('returns.outbox.backToDrafts.label', { reference: e.referenceId })}
            >
              {t('returns.outbox.backToDrafts')}
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
