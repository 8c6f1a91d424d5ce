import { desksChannels } from '../common/ipc.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import { sayError } from '../../../electron/core/words.js';
import { DeskPresence } from './desk-presence.js';
import { SharedBudget } from './shared-budget.js';
import { problemSaid, SharedStoreLink, type SharingScope } from './shared-store.js';
import { SyncCoordinator } from './shared-sync.js';

/**
 * Desks sharing a store: this desk's link to the warehouse's PostgreSQL store (off unless set in
 * Settings), and the store's parts other areas use while it answers (the shared outbox, the shared sync).
 */
export const desksArea = defineCoreArea({
  id: 'desks',
  channels: desksChannels,
  needs: ['settings', 'log', 'environments', 'secrets', 'emit'],
  provides: ['sharedStore', 'sharedSync'],
  create: async (ctx) => {
    const sharing = (): SharingScope | null => {
      const active = ctx.environments.active;
      // The local emulator runs inside this desk: no other desk reaches the same service.
      if (active.env.kind === 'local') return null;
      const account = active.session.getState().account?.subject;
      return account ? { environment: serviceKey(active.env.apiBaseUrl), account } : null;
    };
    const link = new SharedStoreLink({ settings: ctx.settings, secrets: () => ctx.secrets('shared store'), sharing, log: ctx.log });
    const presence = new DeskPresence({
      pool: () => link.connection(),
      sharing,
      deskId: link.deskId,
      deskName: () => link.deskName(),
      signedInAs: () => {
        const account = ctx.environments.active.session.getState().account;
        return account ? (account.name ?? account.email ?? account.subject) : null;
      },
      changed: (answer) => ctx.emit('desks.presence.changed', answer),
      lost: (error) => link.lost(error),
      log: ctx.log,
    });
    const budget = new SharedBudget({
      pool: () => link.connection(),
      sharing,
      deskId: link.deskId,
      budget: () => ctx.environments.active.api.budget,
      lost: (error) => link.lost(error),
      log: ctx.log,
    });
    const sync = syncCoordinator(link, sharing, ctx.log);
    // Settles once the desk has joined the other desks after the store answered (presence said, both listeners on).
    let joining: Promise<unknown> = Promise.resolve();
    link.onChange((state) => {
      ctx.emit('desks.store.changed', link.view());
      if (state === 'connected') {
        joining = Promise.all([presence.connected(), budget.connected(), sync.connected()]);
      } else {
        presence.disconnected();
        budget.disconnected();
        sync.disconnected();
      }
    });
    await link.start();
    return {
      handlers: {
        'desks.store.get': async () => link.view(),
        'desks.store.save': async (input) => {
          if (input.connection === null) await presence.leaveAll();
          const saved = await link.save(input);
          if (!saved.ok) throw sayError('invalid_input', problemSaid(saved.problem, 'saving'));
          // Said connected once it hears the others: what they say from now on reaches it.
          await joining;
          return link.view();
        },
        'desks.presence.enter': (record) => presence.enter(record),
        'desks.presence.exit': async (record) => {
          await presence.exit(record);
          return {};
        },
      },
      // Another account or service at this desk: it says so, and what it has open, there.
      onEvent: (event) => {
        if (event !== 'session.changed') return;
        // Whether the desk has anything to share follows the service and account signed in.
        ctx.emit('desks.store.changed', link.view());
        budget.rebind();
        sync.rebind();
        if (link.state() === 'connected') joining = presence.connected();
      },
      close: async () => {
        await sync.close();
        await budget.close();
        await presence.close();
        await link.close();
      },
      services: { sharedStore: link, sharedSync: sync },
    };
  },
});

/** Who syncs for the desks sharing the store: this desk while it holds the lease, else it follows the store. */
function syncCoordinator(link: SharedStoreLink, sharing: () => SharingScope | null, log: (line: string) => void): SyncCoordinator {
  return new SyncCoordinator({
    pool: () => link.connection(),
    state: () => link.state(),
    onStateChange: (listener) => link.onChange(listener),
    sharing,
    deskId: link.deskId,
    lost: (error) => link.lost(error),
    log,
  });
}

/** One service, however a desk spells its address: scheme and host in lower case, no trailing slash. */
export function serviceKey(apiBaseUrl: string): string {
  try {
    const url = new URL(apiBaseUrl);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return apiBaseUrl.trim().replace(/\/+$/, '').toLowerCase();
  }
}
