import type { OutboxEntryView } from '../../../../../shared/schemas/outbox';

/** An outbox entry's state in words for the desk (the intake's confirmation and the outbox panel). */
export function outboxStateText(entry: OutboxEntryView): string {
  switch (entry.state) {
    case 'sent':
      return entry.returnId ? `sent, return ${entry.returnId}.` : 'sent.';
    case 'sending':
      return 'sending now.';
    case 'queued':
      return 'in the outbox, about to be sent.';
    case 'waiting':
      return `waiting in the outbox: ${entry.message ?? 'it will be sent when the service answers again.'}`;
    case 'held':
      return `held in the outbox: ${entry.message ?? 'it needs something of you first.'}`;
    case 'failed':
      return `failed: ${entry.message ?? 'the service refused it.'} Retry or take it back into the drafts from the outbox.`;
  }
}
