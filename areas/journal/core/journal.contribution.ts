import { journalChannels } from '../common/ipc.js';
import { DEFAULT_DESKS_SETTINGS, DesksSettings } from '../../desks/common/store.js';
import { said } from '../../../shared/errors.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import type { JournalEntry, JournalState } from '../common/entry.js';
import { Journal } from './journal.js';
import { recordScans } from './scans.js';
import { journalService, type JournalService } from './service.js';
import { SharedJournal } from './shared-journal.js';

/** The service, saying each entry it appended, so a record's page shows it without asking again on a timer. */
function announced(service: JournalService, recorded: (record: JournalEntry['what']['record']) => void): JournalService {
  return {
    ...service,
    record: async (input) => {
      const entry = await service.record(input);
      if (entry) recorded(entry.what.record);
      return entry;
    },
  };
}

/** The desks area's settings section, where the desk's id and name are kept. */
const DESKS_SECTION = 'desks';

/**
 * The desk's journal: every write the desk makes and what the service answered, appended and
 * chained by hashes (journal.ts). Other areas record through the `journal` service; the page reads
 * whether it is whole and a record's or a shift's entries.
 */
export const journalArea = defineCoreArea({
  id: 'journal',
  channels: journalChannels,
  // sharedStore: the desks area gives the desk its id (made once, kept in its settings section) before
  // the journal stamps one, and the store through which the desks' journals are shared.
  needs: ['dataDir', 'clock', 'log', 'emit', 'settings', 'environments', 'environmentId', 'sharedStore', 'clerks'],
  provides: ['journal'],
  create: async (ctx) => {
    const desk = () => ({ id: ctx.sharedStore.deskId, name: ctx.settings.section(DESKS_SECTION, DesksSettings, DEFAULT_DESKS_SETTINGS).deskName });
    const journal = await Journal.open({
      dataDir: ctx.dataDir,
      log: ctx.log,
      stamp: () => ({
        at: ctx.clock.now().toISOString(),
        environment: ctx.environmentId(),
        // Which account's desks may read it in the store they share.
        account: ctx.environments.active.session.getState().account?.subject ?? null,
        // Whose turn it was as the write was recorded (null: no clerk had taken the turn).
        clerk: ctx.clerks.current(),
        desk: desk(),
      }),
    }).catch((error: unknown) => {
      // The desk still works (the service holds what it does); the journal's state says nothing is recorded.
      ctx.log(`journal: it could not be opened, and nothing is recorded this run: ${(error as Error).message}`);
      return null;
    });
    const state: JournalState = journal ? journal.state() : { ok: false, seq: null, how: 'unavailable', said: [said('journal.state.unavailable')] };
    ctx.emit('journal.state', state);
    const shared = journal
      ? new SharedJournal({
          store: () => ctx.sharedStore.journal(),
          deskId: ctx.sharedStore.deskId,
          after: (seq) => journal.after(seq),
          environmentId: ctx.environmentId,
          lost: (error) => ctx.sharedStore.lost(error),
          log: ctx.log,
        })
      : null;
    // Each time the store answers again, what was recorded meanwhile (and since the store last took this desk's entries) goes to it.
    const unsubscribe = ctx.sharedStore.onChange(() => {
      shared?.reset();
      shared?.publish();
    });
    shared?.publish();
    const service = journalService(() => journal, ctx.log, desk, { environmentId: ctx.environmentId, journal: shared });
    const recorded = (record: JournalEntry['what']['record']) => ctx.emit('journal.recorded', { record });
    return {
      handlers: {
        'journal.state': async () => (journal ? journal.state() : state),
        'journal.forRecord': async ({ kind, id }) => ({ entries: await service.atDesks(kind, id), desk: desk() }),
        'journal.range': async ({ from, to }) => ({ entries: journal ? journal.range(new Date(from), new Date(to)) : [] }),
        'journal.scans': async ({ scans }) => recordScans(service, scans, recorded),
      },
      // Another account or service: the store's rows for it are another list, asked where it stands afresh.
      onEvent: (event) => {
        if (event !== 'session.changed') return;
        shared?.reset();
        shared?.publish();
      },
      close: async () => {
        unsubscribe();
        await shared?.settled();
        await journal?.close();
      },
      services: {
        journal: announced(service, recorded),
      },
    };
  },
});
