import { foldCode } from '../../../shared/codes.js';
import { AppErrorException } from '../../../shared/errors.js';
import type { returnChannels } from '../common/ipc.js';
import type { ReturnRecord } from '../../../shared/schemas/returns.js';
import type { AccountMirror } from '../../../electron/core/mirror/index.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import type { HandlersFor } from '../../../electron/core/ipc/registry.js';
import type { SettingsService } from '../../../electron/core/settings/settings.js';
import type { ReturnsDesk } from './desk.js';
import { listPage } from './list-query.js';
import { getReturn, getShipment, listReturns } from './resources.js';
import { namedOrderById } from '../../receiving/core/index.js';

export interface ReturnHandlerDeps {
  desk: ReturnsDesk;
  api: () => ApiClient;
  settings: SettingsService;
  environmentId: () => string;
  /** The account mirror: every return as last read; a lookup answers from it first. */
  mirror: AccountMirror;
}

type LookupInput = { referenceId: string } | { trackingNumber: string } | { id: number };

/**
 * Returns with this reference, tracking number or id from the account mirror, at no request; null
 * when the service must be asked: the mirror has not read returns, or has none of them and is not
 * fresh. By id, a fresh mirror asks only for an id newer than every return it holds (one made since
 * it looked), as receiving's lookup does for an order's id: the palette asks every number typed for
 * a return of that id, and a listed order's id typed there is thus answered without a request.
 */
async function heldReturns(mirror: AccountMirror, input: LookupInput): Promise<ReturnRecord[] | null> {
  const state = await mirror.state();
  if (state.returnsAt === null) return null;
  if ('id' in input) {
    const byId = state.returns.filter((r) => r.id === input.id);
    const newest = state.returns.reduce((m, r) => Math.max(m, r.id), 0);
    return byId.length > 0 || (mirror.isFresh() && input.id <= newest) ? byId : null;
  }
  const found =
    'referenceId' in input
      ? state.returns.filter((r) => r.reference_id === input.referenceId.trim())
      : state.returns.filter((r) => r.tracking_number && foldCode(r.tracking_number) === foldCode(input.trackingNumber));
  return found.length > 0 || mirror.isFresh() ? found : null;
}

export function returnHandlers(deps: ReturnHandlerDeps): HandlersFor<typeof returnChannels> {
  const { desk } = deps;
  const defaults = () => ({ defaultFulfillmentCenter: deps.settings.get().returnIntake?.[deps.environmentId()]?.fulfillmentCenter ?? null });
  return {
    'returns.submit': async (input) => desk.submit(input.draftId),
    'returns.nextBox': async (input) => desk.nextBox(input.draftId),
    'outbox.list': async () => ({ entries: await desk.outbox().list(), status: await desk.outbox().status() }),
    'outbox.retry': async (input) => desk.outbox().retry(input.id),
    'outbox.discard': async (input) => ({ draft: await desk.outbox().discard(input.id) }),
    'returns.list': async (input, call) => listPage(deps.api(), input, call.signal),
    'returns.get': async (input, call) => {
      const detail = await desk.detail(input.id, call.signal);
      // Read for its page, it is held: its claim pack is then made offline as well.
      await deps.mirror.keepReturn(detail.record);
      return detail;
    },
    'returns.cancel': async (input, call) => desk.cancel(input.id, call.signal),
    'returns.edit': async (input, call) => desk.edit(input.id, call.signal),
    'returns.lookup': async (input, call) => {
      // A scan that named a receiving order by its exact id has its record: no list is read for it.
      if ('referenceId' in input && (await namedOrderById(deps.api(), input.referenceId))) return { items: [] };
      const held = await heldReturns(deps.mirror, input);
      if (held) return { items: held };
      if ('id' in input) {
        try {
          return { items: [await getReturn(deps.api(), input.id, call.signal)] };
        } catch (error) {
          if (error instanceof AppErrorException && error.appError.code === 'not_found') return { items: [] };
          throw error;
        }
      }
      const query = 'referenceId' in input ? { referenceIds: [input.referenceId] } : { trackingNumbers: [input.trackingNumber] };
      return { items: (await listReturns(deps.api(), { ...query, limit: 50 }, null, call.signal)).items };
    },
    'returns.findOrder': async (input, call) => ({ orders: await desk.findOrder(input.reference, call.signal) }),
    'returns.originalShipment': async (input, call) => {
      const s = await getShipment(deps.api(), input.id, call.signal);
      return {
        id: s.id ?? input.id,
        orderId: s.order_id ?? null,
        orderReference: s.reference_id ?? null,
        storeOrderId: s.store_order_id ?? null,
        trackingNumber: s.tracking?.tracking_number ?? null,
        carrier: s.tracking?.carrier ?? null,
      };
    },
    'returns.settings.get': async () => defaults(),
    'returns.settings.set': async (input) => {
      const environmentId = deps.environmentId();
      deps.settings.update((s) => {
        s.returnIntake = { ...s.returnIntake, [environmentId]: { fulfillmentCenter: input.defaultFulfillmentCenter } };
      });
      return defaults();
    },
  };
}
