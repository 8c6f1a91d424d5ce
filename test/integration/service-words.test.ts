import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppErrorException } from '../../shared/errors.js';
import { englishOf, wordsIn } from '../../electron/core/words.js';
import { cancelReceivingOrder } from '../../areas/receiving/core/resources.js';
import { createTestCore, signIn } from '../support/test-core.js';

/**
 * The service's refusals, over HTTP from the real emulator: the clerk reads the desk's own sentence
 * (a message id, said in the chosen language), and the service's words exactly as they came, marked
 * as the service's (serviceMessage), with the technical line apart.
 */
let t: Awaited<ReturnType<typeof createTestCore>>;

beforeAll(async () => {
  t = await createTestCore({ localEmulator: { inventoryItems: 5, receivingOrders: 3 } });
  await signIn(t);
});
afterAll(() => t?.dispose());

async function refusal(work: Promise<unknown>): Promise<AppErrorException> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppErrorException);
  return error as AppErrorException;
}

describe('the service’s words and the desk’s', () => {
  it('a 404 problem: the desk explains, the service’s detail travels verbatim', async () => {
    const result = await t.core.dispatch('receiving.get', { id: 987654321 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({
      code: 'not_found',
      said: { id: 'errors.api.notFound' },
      message: 'The service does not know this item (it may have been removed).',
      serviceMessage: 'Receiving order 987654321 does not exist.',
      detail: expect.stringContaining('answered HTTP 404'),
    });
  });

  it('a 422 refusal of an input: the desk’s sentence in the clerk’s language, the service’s message and field errors as they came', async () => {
    const { api, session } = t.core.environments.active;
    const channel = session.getState().channel!.id;
    const list = await t.core.dispatch('receiving.list', { page: 1, limit: 50 });
    if (!list.ok) throw new Error(list.error.message);
    const order = (list.value as { items: { id: number; status: string }[] }).items.find((o) => o.status === 'Awaiting')!;
    await cancelReceivingOrder(api, order.id, channel);
    // Cancelled already: the service refuses a second cancel with its validation dictionary.
    const error = await refusal(cancelReceivingOrder(api, order.id, channel));
    const words = `Only an Awaiting receiving order can be cancelled; ${order.id} is Cancelled.`;
    expect(error.appError).toMatchObject({
      code: 'validation',
      said: { id: 'errors.api.validation' },
      message: 'The service refused the input.',
      serviceMessage: `status: ${words}`,
      fieldErrors: { status: [words] },
      detail: expect.stringMatching(/^POST \/2026-07\/receiving\/\{id\}:cancel answered HTTP 422/),
    });
    // What the renderer does with it: the desk's sentence in German, the service's words untouched.
    const de = wordsIn('de');
    expect(de.t('errors.api.validation')).toBe('Der Dienst hat die Eingabe abgelehnt.');
    expect(de.t('errors.serviceSaid', { message: error.appError.serviceMessage! })).toBe(`Der Dienst meldet: „status: ${words}“`);
    expect(englishOf(error.appError.said as never)).toBe(error.appError.message);
  });
});
