import type { OutboxEntryView } from '../../../../../shared/schemas/outbox';
import type { Translate } from '../../../i18n/useT';

/**
 * An outbox entry's state in words for the desk (the intake's confirmation); the service's own reason,
 * where it gave one, stands in the sentence as it came.
 */
export function outboxStateText(t: Translate, entry: OutboxEntryView): string {
  switch (entry.state) {
    case 'sent':
      return entry.returnId ? t('returns.outbox.state.sentAs', { returnId: String(entry.returnId) }) : t('returns.outbox.state.sent');
    case 'sending':
      return t('returns.outbox.state.sending');
    case 'queued':
      return t('returns.outbox.state.queued');
    case 'waiting':
      return entry.message ? t('returns.outbox.state.waitingBecause', { message: entry.message }) : t('returns.outbox.state.waiting');
    case 'held':
      return entry.message ? t('returns.outbox.state.heldBecause', { message: entry.message }) : t('returns.outbox.state.held');
    case 'failed':
      return entry.message ? t('returns.outbox.state.failedBecause', { message: entry.message }) : t('returns.outbox.state.failed');
  }
}
