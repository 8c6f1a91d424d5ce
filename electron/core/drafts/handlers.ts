import { appError } from '../words.js';
import type { draftChannels } from '../../../shared/ipc/drafts.js';
import type { DraftStore } from '../data/draft-store.js';
import type { HandlersFor } from '../ipc/registry.js';

export interface DraftHandlerDeps {
  /** The draft store of the active environment and account. */
  drafts: () => Promise<DraftStore>;
}

export function draftHandlers(deps: DraftHandlerDeps): HandlersFor<typeof draftChannels> {
  return {
    'drafts.list': async (input) => {
      const store = await deps.drafts();
      return { items: await store.list(input.kind), problems: store.problems };
    },
    'drafts.get': async (input) => {
      const found = await (await deps.drafts()).get(input.id);
      if (!found) throw appError('not_found', 'errors.drafts.gone');
      return found;
    },
    'drafts.save': async (input) => (await deps.drafts()).save(input),
    'drafts.discard': async (input) => ({ discarded: await (await deps.drafts()).discard(input.id) }),
  };
}
