import type { environmentChannels } from '../../../shared/ipc/environments.js';
import type { HandlersFor } from '../ipc/registry.js';
import type { EnvironmentManager } from './manager.js';

export function environmentHandlers(environments: EnvironmentManager): HandlersFor<typeof environmentChannels> {
  return {
    'environments.list': async () => environments.list(),
    'environments.save': async (input) => environments.save(input),
    'environments.remove': async ({ id }) => environments.remove(id),
    'environments.activate': async ({ id }) => (await environments.activate(id)).session.getState(),
    'environments.test': async (input) => environments.test(input),
  };
}
