import { clerksChannels } from '../common/ipc.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import { clerksDesk } from './desk.js';

/**
 * Clerks taking turns at the desk's one sign-in: the desk's clerks (names, badges, PINs as hashes),
 * whose turn it is, and the `clerks` service the journal stamps each entry from.
 */
export const clerksArea = defineCoreArea({
  id: 'clerks',
  channels: clerksChannels,
  needs: ['settings', 'emit', 'log', 'clock'],
  provides: ['clerks'],
  create: (ctx) => {
    const desk = clerksDesk(ctx.settings, (view) => ctx.emit('clerks.changed', view), ctx.log, ctx.clock);
    return {
      handlers: {
        'clerks.get': async () => desk.view(),
        'clerks.add': async ({ name, pin }) => desk.add(name, pin),
        'clerks.rename': async ({ id, name }) => desk.rename(id, name),
        'clerks.pin.set': async ({ id, pin }) => desk.setPin(id, pin),
        'clerks.remove': async ({ id }) => desk.remove(id),
        'clerks.idle.set': async ({ minutes }) => desk.setIdle(minutes),
        'clerks.turn.take': async (input) => desk.take('badge' in input ? { badge: input.badge } : { id: input.id }, input.pin),
        'clerks.turn.end': async ({ why }) => {
          if (why === 'idle') ctx.log('clerks: the desk was idle; no clerk now');
          return desk.end();
        },
      },
      services: { clerks: desk.service },
    };
  },
});
