import type { OutboxEntryView } from '../../../../shared/schemas/outbox';
import { sentences } from '../../../../renderer/src/i18n/sentences';
import type { Words } from '../../../../renderer/src/i18n/useT';

/**
 * An outbox entry's state in words for the desk (the intake's confirmation); main's reason, where it
 * gave one, stands in the sentence in the clerk's language.
 */
export function outboxStateText({ t, said }: Pick<Words, 't' | 'said'>, entry: OutboxEntryView): string {
  const message = sentences(said, entry.said);
  switch (entry.state) {
    case 'sent':
      return entry.returnId ? t('returns.outbox.state.sentAs', { returnId: String(entry.returnId) }) : t('returns.outbox.state.sent');
    case 'sending':
      return t('returns.outbox.state.sending');
    case 'queued':
      return t('returns.outbox.state.queued');
    case 'waiting':
      return message ? t('returns.outbox.state.waitingBecause', { message }) : t('returns.outbox.state.waiting');
    case 'held':
      return message ? t('returns.outbox.state.heldBecause', { message }) : t('returns.outbox.state.held');
    case 'failed':
      return message ? t('returns.outbox.state.failedBecause', { message }) : t('returns.outbox.state.failed');
  }
}
