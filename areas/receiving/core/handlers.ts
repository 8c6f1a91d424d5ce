import type { receivingChannels } from '../common/ipc.js';
import type { HandlersFor } from '../../../electron/core/ipc/registry.js';
import { englishWords, wordsFor } from '../../../electron/core/words.js';
import { ReceivingDesk, type ReceivingDeskDeps } from './desk.js';
import { ImportDesk, type ImportDeskDeps } from './import/index.js';

export { cancelRefusal } from './desk.js';

export type ReceivingHandlerDeps = ReceivingDeskDeps & { import: ImportDeskDeps };

/** The receiving channels, thin over the receiving desk. */
export function receivingHandlers(deps: ReceivingHandlerDeps): HandlersFor<typeof receivingChannels> {
  const desk = new ReceivingDesk(deps);
  const imports = new ImportDesk(deps.import);
  return {
    'receiving.list': (input, call) => desk.list(input, call.signal),
    'receiving.get': async (input, call) => desk.get(input.id, call.signal),
    'receiving.detail': (input, call) => desk.detail(input, call.signal),
    'receiving.held': (input) => desk.held(input),
    'receiving.lookup': async (input, call) => ({ matches: await desk.lookup(input, call.signal) }),
    'receiving.setExternalSync': async ({ id, isExternalSync }, call) => desk.setExternalSync(id, isExternalSync, call.signal),
    'receiving.cancel': (input, call) => desk.cancel(input, call.signal),
    'receiving.labels': async ({ id }, call) => {
      const pdf = await desk.labels(id, call.signal);
      return { fileName: `wro-${id}-box-labels.pdf`, contentType: 'application/pdf' as const, base64: pdf.toString('base64') };
    },
    'receiving.showLabels': async ({ id, mode, locale }, call) => {
      if (!deps.showLabels) return { shown: false };
      const pdf = await desk.labels(id, call.signal);
      const words = locale ? wordsFor('system', [locale]) : englishWords;
      await deps.showLabels({ pdf, fileName: `wro-${id}-box-labels.pdf`, title: words.t('receiving.labels.frameTitle', { id }) }, mode);
      return { shown: true };
    },
    'receiving.discrepancies': ({ id }, call) => desk.discrepancies(id, call.signal),
    'receiving.discrepancyCsv': ({ id, locale }, call) => desk.discrepancyCsv(id, locale, call.signal),
    'receiving.discrepancyList': (input, call) => desk.discrepancyList(input, call.signal),
    'receiving.resolveItem': (input, call) => desk.resolveItem(input, call.signal),
    'receiving.create': (input, call) => desk.create(input, call.signal),
    'receiving.importCheck': (input) => imports.check(input),
  };
}
