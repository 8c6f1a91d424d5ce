import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { OutboxEntryView } from '../../../shared/schemas/outbox';
import { englishMessages, loadMessages } from '../../../renderer/src/i18n/catalogs';
import { wordsOf } from '../../../renderer/src/i18n/useT';
import { outboxStateText } from '../../../areas/returns/ui/outbox/outboxText';

/** An outbox entry's state in the intake's confirmation: main's reason in the clerk's language, or the English an older entry kept, said as recorded. */
function entry(state: OutboxEntryView['state'], said: OutboxEntryView['said']): OutboxEntryView {
  return {
    id: 'draft-0001',
    operation: 'create',
    referenceId: 'RMA-1',
    trackingNumber: null,
    fulfillmentCenter: { id: 1, name: 'Reno' },
    lineCount: 1,
    unitCount: 2,
    state,
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
    expect(outboxStateText(de, entry('held', [{ id: 'errors.outbox.heldForSignIn' }]))).toBe(
      'im Postausgang zurückgehalten: Wartet auf die Anmeldung: erneut anmelden, dann wird sie gesendet.',
    );
    const refused = entry('failed', [{ id: 'errors.outbox.refused' }, { id: 'errors.serviceSaid', values: { message: 'No.' } }]);
    expect(outboxStateText(de, refused)).toContain('Der Dienst hat diese Retoure nicht angenommen. Der Dienst meldet: „No.“');
  });

  it('says the English of an entry saved before main kept its sentences as recorded, and the state’s own words where there is no reason', async () => {
    const de = wordsOf(createIntl({ locale: 'de', messages: await loadMessages('de') }));
    expect(outboxStateText(de, entry('waiting', [{ id: 'errors.outbox.asRecorded', values: { text: 'Offline: the service cannot be reached.' } }]))).toBe(
      'wartet im Postausgang: So aufgezeichnet, bevor der Arbeitsplatz seine Sätze aufbewahrte: Offline: the service cannot be reached.',
    );
    expect(outboxStateText(de, entry('waiting', null))).toBe('wartet im Postausgang: Sie wird gesendet, sobald der Dienst wieder antwortet.');
    const en = wordsOf(createIntl({ locale: 'en', messages: englishMessages }));
    expect(outboxStateText(en, entry('waiting', [{ id: 'errors.outbox.offline' }]))).toBe(
      'waiting in the outbox: Offline: the service cannot be reached. It is sent when the connection is back.',
    );
  });
});
