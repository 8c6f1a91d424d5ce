import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../electron/core/api/api-client.js';
import { errorFromResponse } from '../../electron/core/api/errors.js';
import { OUTBOX_FILE } from '../../electron/core/data/desk-paths.js';
import type { DraftStore } from '../../electron/core/data/draft-store.js';
import { DurableFile, jsonCodec } from '../../electron/core/data/durable-file.js';
import { Outbox, waitingSaying } from '../../areas/returns/core/outbox.js';
import { englishOf, englishOfSaid, wordsIn } from '../../electron/core/words.js';
import type { Saying } from '../../shared/errors.js';

/**
 * Why a return waits crosses as the desk's sentences (message ids) only, so the clerk reads it in the
 * desk's language; an outbox file written before the sentences were kept still loads, and says its
 * English as recorded.
 */
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

function stored(id: string, reference: string, state: string, message: string | null) {
  const at = '2026-11-25T09:00:00.000Z';
  return {
    id,
    operation: 'create',
    draft: { id, kind: 'return-intake', value: {}, createdAt: at, updatedAt: at, revision: 1 },
    body: { reference_id: reference, fulfillment_center: { id: 1, name: 'Reno' }, inventory: [{ id: 7, quantity: 2 }] },
    state,
    message,
    outcomeUnknown: false,
    attempts: 1,
    queuedAt: at,
    lastAttemptAt: at,
    nextAttemptAt: null,
    sentAt: null,
    returnId: null,
    waited: true,
  };
}

/** An outbox whose file holds entries as an older desk wrote them (no sentences), with no write channel chosen. */
async function outboxWith(entries: unknown[], api: Partial<ApiClient> = {}, channelId: number | null = null): Promise<Outbox> {
  const dir = await mkdtemp(join(tmpdir(), 'dockdesk-outbox-words-'));
  dirs.push(dir);
  const old = new DurableFile<unknown>({ path: join(dir, OUTBOX_FILE), kind: 'dockdesk-outbox', version: 1, codec: jsonCodec((v) => v) });
  await old.write({ entries });
  return new Outbox(dir, {
    api: () => api as ApiClient,
    channelId: () => channelId,
    drafts: {} as DraftStore,
    emit: () => {},
    log: () => {},
    clock: { now: () => new Date('2026-11-25T10:00:00.000Z') },
  });
}

const german = wordsIn('de');
const sayInGerman = (s: { id: string; values?: Record<string, string | number> }) =>
  (german.t as (id: string, values?: Record<string, string | number>) => string)(s.id, s.values);

describe('the outbox’s reasons in the clerk’s language', () => {
  it('reads an entry saved with English only: it says that English as recorded, in the clerk’s language around it', async () => {
    const outbox = await outboxWith([stored('old-entry-1', 'RMA-OLD', 'held', 'Waiting for sign-in: sign in again and it is sent.')]);
    const [entry] = await outbox.list();
    const asRecorded = [{ id: 'errors.outbox.asRecorded', values: { text: 'Waiting for sign-in: sign in again and it is sent.' } }];
    expect(entry).toMatchObject({ referenceId: 'RMA-OLD', state: 'held', said: asRecorded });
    expect(entry).not.toHaveProperty('message');
    expect(await outbox.status()).toEqual({ pending: 1, failed: 0, waitingSaid: asRecorded });
    expect(sayInGerman(entry!.said![0]!)).toBe(
      'So aufgezeichnet, bevor der Arbeitsplatz seine Sätze aufbewahrte: Waiting for sign-in: sign in again and it is sent.',
    );
    await outbox.close();
  });

  it('holds an entry for the write channel with the sentence’s id, and says it in English and in German', async () => {
    const outbox = await outboxWith([stored('new-entry-1', 'RMA-NEW', 'queued', null)]);
    await outbox.drain();
    const [entry] = await outbox.list();
    expect(entry!.state).toBe('held');
    expect(entry!.said).toEqual([{ id: 'errors.outbox.heldForChannel' }]);
    expect(englishOfSaid(entry!.said!)).toBe('Waiting for the write channel: choose it in Settings, then it is sent.');
    expect(await outbox.status()).toMatchObject({ waitingSaid: entry!.said });
    expect(entry!.said!.map(sayInGerman)).toEqual(['Wartet auf den Schreibkanal: ihn in den Einstellungen wählen, dann wird sie gesendet.']);
    await outbox.close();
  });

  it('a refusal no retry fixes: the desk’s sentence, the error’s own and the service’s words (as they came), each a sentence of its own', async () => {
    const refusal = errorFromResponse('POST /2026-07/return', 403, {
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail: 'Token may not write returns.',
    });
    const outbox = await outboxWith([stored('refused-entry-1', 'RMA-403', 'queued', null)], { call: () => Promise.reject(refusal) }, 12);
    await outbox.drain();
    const [entry] = await outbox.list();
    expect(entry!.state).toBe('failed');
    expect(entry!.said).toEqual([
      { id: 'errors.outbox.refused' },
      { id: 'errors.api.forbidden' },
      { id: 'errors.serviceSaid', values: { message: 'Token may not write returns.' } },
    ]);
    expect(englishOfSaid(entry!.said!)).toBe(
      'The service did not take this return. This account is not allowed to do that. The service said: “Token may not write returns.”',
    );
    expect(entry!.said!.map(sayInGerman).join(' ')).toBe(
      'Der Dienst hat diese Retoure nicht angenommen. ' + sayInGerman({ id: 'errors.api.forbidden' }) + ' Der Dienst meldet: „Token may not write returns.“',
    );
    await outbox.close();
  });

  it('says each reason a return waits in German, and in English as the log has it', () => {
    const codes = ['network', 'timeout', 'rate_limited', 'server'];
    expect(codes.map((c) => englishOf(waitingSaying(c)))).toEqual([
      'Offline: the service cannot be reached. It is sent when the connection is back.',
      'Not sent yet: the service did not answer in time. It is tried again automatically.',
      'Not sent yet: the service asked the desk to slow down. It is tried again automatically.',
      'Not sent yet: the service is having a problem. It is tried again automatically.',
    ]);
    expect(sayInGerman(waitingSaying('network') satisfies Saying)).toBe(
      'Offline: Der Dienst ist nicht erreichbar. Sie wird gesendet, sobald die Verbindung wieder steht.',
    );
  });
});
