import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import type { EventPayload } from '../../../../../shared/ipc/contract';
import type { OutboxEntryView } from '../../../../../shared/schemas/outbox';
import { call, errorMessage, useDockdeskEvent } from '../../../bridge/dockdesk';
import { formatTime } from '../../../format';
import { Dialog } from '../../../ui/Dialog';
import { showToast } from '../../../ui/Toasts';
import { labelOf } from '../../../../../shared/labels';
import { useAccountKey } from '../../../app/accountKey';
import { returnsQueries } from '../queries';
import './outbox.css';

/**
 * The returns outbox in the status bar: how many returns wait and why, a click
 * opens the outbox with retry and "back to drafts" for what failed; a toast when a return that had
 * to wait was sent, and when the service sent one back with field errors. Mounted once, in the
 * status bar's outbox slot (returns' contribution).
 */
export function OutboxSlot() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [returned, setReturned] = useState<{ draftId: string; referenceId: string; message: string }[]>([]);
  const outboxQuery = returnsQueries.outbox(useAccountKey());
  const outbox = useQuery(outboxQuery);
  const outboxKey = outboxQuery.queryKey;
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: outboxKey }), [queryClient, outboxKey]);
  useDockdeskEvent('outbox.changed', refresh);
  useDockdeskEvent(
    'outbox.sent',
    useCallback(
      (p: EventPayload<'outbox.sent'>) => {
        refresh();
        if (p.queued)
          showToast({
            title: `Return ${p.referenceId} was sent`,
            description: `It had waited in the outbox; the service holds it as return ${p.returnId}.`,
            tone: 'success',
          });
      },
      [refresh],
    ),
  );
  useDockdeskEvent(
    'outbox.returned',
    useCallback(
      (p: EventPayload<'outbox.returned'>) => {
        refresh();
        showToast({
          title: `Return ${p.referenceId} came back to the drafts`,
          description: `${p.message} Open it from the outbox’s list of returned drafts.`,
          tone: 'error',
        });
        setReturned((r) => [{ draftId: p.draftId, referenceId: p.referenceId, message: p.message }, ...r.filter((x) => x.draftId !== p.draftId)].slice(0, 20));
      },
      [refresh],
    ),
  );

  const status = outbox.data?.status;
  const content = useMemo(() => {
    if (!status) return null;
    const label =
      status.pending === 0
        ? returned.length > 0
          ? `Outbox: ${returned.length} returned`
          : 'Outbox empty'
        : `Outbox: ${status.pending} waiting${status.failed ? `, ${status.failed} failed` : ''}`;
    return (
      <button
        type="button"
        className={`outbox-slot ${status.failed || returned.length ? 'outbox-attention' : status.pending ? 'outbox-waiting' : ''}`}
        title={status.waitingReason ?? undefined}
        aria-label={`${label}${status.waitingReason ? `. ${status.waitingReason}` : ''}. Open the outbox`}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
    );
  }, [status, returned.length]);
  return (
    <>
      {content}
      <Dialog title="Returns outbox" isOpen={open} onOpenChange={setOpen} wide>
        <OutboxPanel
          entries={outbox.data?.entries ?? []}
          waitingReason={status?.waitingReason ?? null}
          returned={returned}
          onChanged={refresh}
          onOpenDraft={(draftId) => {
            setOpen(false);
            setReturned((r) => r.filter((x) => x.draftId !== draftId));
            void navigate({ to: '/returns/drafts/$draftId', params: { draftId } }); // opening the draft is the whole action; its view reports a draft it cannot read
          }}
        />
      </Dialog>
    </>
  );
}

function OutboxPanel({
  entries,
  waitingReason,
  returned,
  onChanged,
  onOpenDraft,
}: {
  entries: OutboxEntryView[];
  waitingReason: string | null;
  returned: { draftId: string; referenceId: string; message: string }[];
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
      {returned.length > 0 && (
        <>
          <h3>Sent back by the service</h3>
          <ul className="outbox-returned">
            {returned.map((r) => (
              <li key={r.draftId}>
                <span>
                  <strong>{r.referenceId}</strong> {r.message}
                </span>
                <button type="button" onClick={() => onOpenDraft(r.draftId)}>
                  Open draft {r.referenceId}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {entries.length === 0 ? (
        <p className="state">Nothing in the outbox: every submitted return has reached the service.</p>
      ) : (
        <table className="outbox-table" aria-label="Returns in the outbox">
          <thead>
            <tr>
              <th scope="col">Reference</th>
              <th scope="col">Tracking</th>
              <th scope="col">Center</th>
              <th scope="col">Lines</th>
              <th scope="col">State</th>
              <th scope="col">Queued</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => {
              const canAct = e.state === 'failed' || e.state === 'waiting' || e.state === 'held' || e.state === 'queued';
              return (
                <tr key={e.id} data-testid={`outbox-${e.referenceId}`}>
                  <td>{e.referenceId}</td>
                  <td>{e.trackingNumber ?? '—'}</td>
                  <td>{e.fulfillmentCenter.name ?? e.fulfillmentCenter.id}</td>
                  <td className="num">
                    {e.lineCount} / {e.unitCount}
                  </td>
                  <td className={`outbox-state outbox-${e.state}`}>
                    <strong>{labelOf('OutboxState', e.state)}</strong>
                    {e.outcomeUnknown && e.state !== 'sent' && (
                      <span className="muted"> · may already be with the service; checked before it is sent again</span>
                    )}
                    {e.message && e.state !== 'sent' && <div className="muted">{e.message}</div>}
                    {e.state === 'sent' && e.returnId !== null && <div className="muted">Return {e.returnId}</div>}
                  </td>
                  <td>{formatTime(e.queuedAt)}</td>
                  <td className="outbox-actions">
                    {canAct && (
                      <>
                        <button type="button" onClick={() => retry.mutate(e.id)} disabled={retry.isPending} aria-label={`Retry ${e.referenceId} now`}>
                          Retry
                        </button>
                        <button
                          type="button"
                          className="quiet"
                          onClick={() => discard.mutate(e.id)}
                          disabled={discard.isPending}
                          aria-label={`Back to drafts: ${e.referenceId}`}
                        >
                          Back to drafts
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
