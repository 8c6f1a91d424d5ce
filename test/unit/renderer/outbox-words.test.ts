import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { OutboxEntryView } from '../../../shared/schemas/outbox';
import { englishMessages, loadMessages } from '../../../renderer/src/i18n/catalogs';
import { wordsOf } from '../../../renderer/src/i18n/useT';
import { outboxStateText } from '../../../areas/returns/ui/outbox/outboxText';

/** An outbox entry's state in the intake's confirmation: main's reason in the clerk's language, or the English an older entry kept. */
function entry(state: OutboxEntryView['state'], message: string | null, said: OutboxEntryView['said']): OutboxEntryView {
  return {
    id: 'draft-0001',
    operation: 'create',
    referenceId: 'RMA-1',
    trackingNumber: null,
    fulfillmentCenter: { id: 1, name: 'Reno' },
    lineCount: 1,
    unitCount: 2,
    state,
    message,
    said,
    outcomeUnknown: false,
    attempts: 1,
    queuedAt: '2026-11-25T10:00:00.000Z',
    lastAttemptAt: null,
    nextAttemptAt: null,
    sentAt: null,
    returnId: null,
  };
}

describe('why a return waits, in the desk’s language', () => {
  it('says main’s sentences in German, the service’s words as they came', async () => {
    const de = wordsOf(createIntl({ locale: 'de', messages: await loadMessages('de') }));
    expect(outboxStateText(de, entry('held', 'Waiting for sign-in: sign in again and it is sent.', [{ id: 'errors.outbox.heldForSignIn' }]))).toBe(
      'im Postausgang zurückgehalten: Wartet auf die Anmeldung: erneut anmelden, dann wird sie gesendet.',
    );
    const refused = entry('failed', 'The service did not take this return. The service said: “No.”', [
      { id: 'errors.outbox.refused' },
      { id: 'errors.serviceSaid', values: { message: 'No.' } },
    ]);
    expect(outboxStateText(de, refused)).toContain('Der Dienst hat diese Retoure nicht angenommen. Der Dienst meldet: „No.“');
  });

  it('shows the English of an entry saved before main kept its sentences', async () => {
    const de = wordsOf(createIntl({ locale: 'de', messages: await loadMessages('de') }));
    expect(outboxStateText(de, entry('waiting', 'Offline: the service cannot be reached.', null))).toBe(
      'wartet im Postausgang: Offline: the service cannot be reached.',
    );
    const en = wordsOf(createIntl({ locale: 'en', messages: englishMessages }));
    expect(outboxStateText(en, entry('waiting', null, [{ id: 'errors.outbox.offline' }]))).toBe(
      'waiting in the outbox: Offline: the service cannot be reached. It is sent when the connection is back.',
    );
  });
});
