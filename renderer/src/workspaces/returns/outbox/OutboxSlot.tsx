import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { EventPayload } from '../../../../../shared/ipc/contract';
import type { OutboxStatus } from '../../../../../shared/schemas/outbox';
import { useDockdeskEvent } from '../../../bridge/dockdesk';
import { Dialog } from '../../../ui/Dialog';
import { showToast } from '../../../ui/Toasts';
import { useAccountKey } from '../../../app/accountKey';
import { returnsQueries } from '../queries';
import { OutboxPanel, type ReturnedDraft } from './OutboxPanel';
import './outbox.css';

/**
 * The returns outbox in the status bar: how many returns wait and why, a click
 * opens the outbox with retry and "back to drafts" for what failed; a toast when a return that had
 * to wait was sent, and when the service sent one back with field errors. Mounted once, in the
 * status bar's outbox slot (returns' contribution).
 */
export function OutboxSlot() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { outbox, refresh, returned, forget } = useOutbox();
  const status = outbox.data?.status;
  return (
    <>
      {status && <OutboxButton status={status} returned={returned.length} onOpen={() => setOpen(true)} />}
      <Dialog title="Returns outbox" isOpen={open} onOpenChange={setOpen} wide>
        <OutboxPanel
          entries={outbox.data?.entries ?? []}
          waitingReason={status?.waitingReason ?? null}
          returned={returned}
          onChanged={refresh}
          onOpenDraft={(draftId) => {
            setOpen(false);
            forget(draftId);
            void navigate({ to: '/returns/drafts/$draftId', params: { draftId } }); // opening the draft is the whole action; its view reports a draft it cannot read
          }}
        />
      </Dialog>
    </>
  );
}

/** The outbox as main reports it, kept current by its events, and the drafts the service sent back this session. */
function useOutbox() {
  const queryClient = useQueryClient();
  const [returned, setReturned] = useState<ReturnedDraft[]>([]);
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
  const forget = useCallback((draftId: string) => setReturned((r) => r.filter((x) => x.draftId !== draftId)), []);
  return { outbox, refresh, returned, forget };
}

function OutboxButton({ status, returned, onOpen }: { status: OutboxStatus; returned: number; onOpen: () => void }) {
  const label =
    status.pending === 0
      ? returned > 0
        ? `Outbox: ${returned} returned`
        : 'Outbox empty'
      : `Outbox: ${status.pending} waiting${status.failed ? `, ${status.failed} failed` : ''}`;
  return (
    <button
      type="button"
      className={`outbox-slot ${status.failed || returned ? 'outbox-attention' : status.pending ? 'outbox-waiting' : ''}`}
      title={status.waitingReason ?? undefined}
      aria-label={`${label}${status.waitingReason ? `. ${status.waitingReason}` : ''}. Open the outbox`}
      onClick={onOpen}
    >
      {label}
    </button>
  );
}
