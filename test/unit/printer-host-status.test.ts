import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { compiled } from '../../build/i18n-catalogs.js';
import { parseHostStatus, stopSentences } from '../../areas/printing/core/host-status.js';
import { englishOfSentences } from '../../electron/core/words.js';

/**
 * A label printer's stop, read from its answer to ~HS: one whole sentence per cause, each saying what
 * stops it and what to do, so a clerk reads every cause in the desk's language and no sentence is
 * put together from pieces.
 */
const frame = (fields: string) => `\x02${fields}\x03\r\n`;
/** String 1: paper out (b) and paused (c); string 2: head up (o) and ribbon out (p), as the ZPL guide lays ~HS out. */
const answer = ({ paperOut = false, paused = false, headOpen = false, ribbonOut = false }) =>
  frame(`030,${+paperOut},${+paused},1245,000,0,0,0,000,0,0,0`) + frame(`000,0,${+headOpen},${+ribbonOut},1,2,4,0,00000000,1,000`) + frame('1234,0');

describe('a label printer’s stop in words', () => {
  it('a printer with its head open and out of labels gives two sentences, said in German from the built catalogs', () => {
    const status = parseHostStatus(answer({ headOpen: true, paperOut: true }));
    expect(status).toEqual({ paperOut: true, paused: false, headOpen: true, ribbonOut: false });
    const sentences = stopSentences(status!);
    expect(sentences.map((s) => s.id)).toEqual(['printing.jobProblem.stop.headOpen', 'printing.jobProblem.stop.paperOut']);

    const german = createIntl({ locale: 'de', messages: compiled('de') });
    expect(sentences.map(({ id, values }) => german.formatMessage({ id }, values))).toEqual([
      'Der Druckkopf ist offen: den Druckkopf schließen, bis er einrastet.',
      'Der Drucker hat keine Etiketten mehr: eine neue Etikettenrolle einlegen.',
    ]);
    expect(englishOfSentences(sentences)).toBe('Its print head is open: close the head until it clicks. It is out of labels: load a new roll of labels.');
  });

  it('says nothing of a ready printer, and every cause of one stopped for several', () => {
    expect(stopSentences(parseHostStatus(answer({}))!)).toEqual([]);
    const all = stopSentences(parseHostStatus(answer({ paperOut: true, paused: true, headOpen: true, ribbonOut: true }))!);
    expect(all.map((s) => s.id)).toEqual([
      'printing.jobProblem.stop.headOpen',
      'printing.jobProblem.stop.paperOut',
      'printing.jobProblem.stop.ribbonOut',
      'printing.jobProblem.stop.paused',
    ]);
  });
});
