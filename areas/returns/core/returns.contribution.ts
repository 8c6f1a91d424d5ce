import { returnChannels } from '../common/ipc.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import { ReturnsDesk } from './desk.js';
import { returnDraftPolicy } from './draft-policy.js';
import { returnHandlers } from './handlers.js';

/**
 * Returns: intake (drafts, submit through the outbox), the list and detail, cancel and edit. The desk
 * hears every event, because its outbox sends when the service is reachable again or after a sign-in.
 */
export const returnsArea = defineCoreArea({
  id: 'returns',
  channels: returnChannels,
  needs: [
    'dataDir',
    'scope',
    'drafts',
    'api',
    'channelId',
    'emit',
    'log',
    'clock',
    'outboxRetry',
    'settings',
    'environmentId',
    'mirror',
    'sharedStore',
    'journal',
  ],
  provides: ['outbox'],
  draftPolicies: (ctx) => ({
    'return-intake': returnDraftPolicy({
      defaultFulfillmentCenter: () => ctx.settings.get().returnIntake?.[ctx.environmentId()]?.fulfillmentCenter ?? null,
      clock: ctx.clock,
    }),
  }),
  create: async (ctx) => {
    const desk = new ReturnsDesk({
      dataDir: ctx.dataDir,
      scope: ctx.scope,
      drafts: (scope) => ctx.drafts(scope),
      api: ctx.api,
      channelId: ctx.channelId,
      emit: ctx.emit,
      log: ctx.log,
      clock: ctx.clock,
      ...(ctx.outboxRetry ? { retry: ctx.outboxRetry } : {}),
      store: () => ctx.sharedStore,
      journal: ctx.journal,
    });
    await desk.start();
    // The store answering again (or set up in Settings): what waited for it goes out now.
    ctx.sharedStore.onChange((state) => {
      if (state === 'connected') desk.outbox().wake();
    });
    return {
      handlers: returnHandlers({ desk, api: ctx.api, settings: ctx.settings, environmentId: ctx.environmentId, mirror: ctx.mirror }),
      onEvent: (event, payload) => desk.onEvent(event, payload as never),
      close: () => desk.close(),
      services: { outbox: { list: () => desk.outbox().list() } },
    };
  },
});
