import type { unidentifiedChannels } from '../common/ipc.js';
import type { HandlersFor } from '../../../electron/core/ipc/registry.js';
import { UnidentifiedDesk, type UnidentifiedDeskDeps } from './desk.js';

export type UnidentifiedHandlerDeps = UnidentifiedDeskDeps;

/** The unidentified receipts' channels, thin over the desk. */
export function unidentifiedHandlers(deps: UnidentifiedHandlerDeps): HandlersFor<typeof unidentifiedChannels> {
  const desk = new UnidentifiedDesk(deps);
  return {
    'unidentified.list': (input, call) => desk.list(input, call.signal),
    'unidentified.get': ({ id }, call) => desk.get(id, call.signal),
    'unidentified.attachment': (input, call) => desk.attachment(input, call.signal),
    'unidentified.candidates': (input, call) => desk.candidates(input, call.signal),
    'unidentified.link': (input, call) => desk.link(input, call.signal),
    'unidentified.byCode': ({ code, how }, call) => desk.byCode(code, how ?? 'exact', call.signal),
  };
}
