import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { EventPayload } from '../../../../shared/ipc/contract';
import type { OutboxStatus } from '../../../../shared/schemas/outbox';
import { useDockdeskEvent } from '../../../../renderer/src/bridge/dockdesk';
import { sentences } from '../../../../renderer/src/i18n/sentences';
import { useT, type Words } from '../../../../renderer/src/i18n/useT';
import { Dialog } from '../../../../renderer/src/ui/Dialog';
import { showToast } from '../../../../renderer/src/ui/Toasts';
import { useAccountKey } from '../../../../renderer/src/app/accountKey';
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
  const { t, said } = useT();
  const status = outbox.data?.status;
  return (
    <>
      {status && <OutboxButton status={status} returned={returned.length} onOpen={() => setOpen(true)} />}
      <Dialog title={t('returns.outbox.title')} isOpen={open} onOpenChange={setOpen} wide>
        <OutboxPanel
          entries={outbox.data?.entries ?? []}
          waitingReason={status ? waitingWhy(said, status) : null}
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
  const { t, said } = useT();
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
            title: t('returns.outbox.sent', { reference: p.referenceId }),
            description: t('returns.outbox.sent.text', { returnId: String(p.returnId) }),
            tone: 'success',
          });
      },
      [refresh, t],
    ),
  );
  useDockdeskEvent(
    'outbox.returned',
    useCallback(
      (p: EventPayload<'outbox.returned'>) => {
        refresh();
        showToast({
          title: t('returns.outbox.returned', { reference: p.referenceId }),
          description: t('returns.outbox.returned.text', { message: sentences(said, p.said) ?? '' }),
          tone: 'error',
        });
        setReturned((r) => [{ draftId: p.draftId, referenceId: p.referenceId, said: p.said }, ...r.filter((x) => x.draftId !== p.draftId)].slice(0, 20));
      },
      [refresh, t, said],
    ),
  );
  const forget = useCallback((draftId: string) => setReturned((r) => r.filter((x) => x.draftId !== draftId)), []);
  return { outbox, refresh, returned, forget };
}

/** Why nothing moves, in the clerk's language. */
function waitingWhy(say: Words['said'], status: OutboxStatus): string | null {
  return sentences(say, status.waitingSaid);
}

function OutboxButton({ status, returned, onOpen }: { status: OutboxStatus; returned: number; onOpen: () => void }) {
  const { t, said } = useT();
  const why = waitingWhy(said, status);
  const label =
    status.pending === 0
      ? returned > 0
        ? t('returns.outbox.button.returned', { returned })
        : t('returns.outbox.button.empty')
      : t('returns.outbox.button.waiting', { pending: status.pending, failed: status.failed });
  return (
    <button
      type="button"
      className={`outbox-slot ${status.failed || returned ? 'outbox-attention' : status.pending ? 'outbox-waiting' : ''}`}
      title={why ?? undefined}
      aria-label={why ? t('returns.outbox.button.labelWhy', { label, why }) : t('returns.outbox.button.label', { label })}
      onClick={onOpen}
    >
      {label}
    </button>
  );
}
