import { said, type Saying } from '../../../shared/errors.js';

/**
 * A Zebra printer's answer to `~HS`: three strings, each framed by STX and ETX and ended by CR LF. The
 * flags the desk acts on are in string 1 (b: paper out, c: paused) and string 2 (o: head up, that is
 * open; p: ribbon out), as the ZPL programming guide describes ~HS.
 */
export interface HostStatus {
  paperOut: boolean;
  paused: boolean;
  headOpen: boolean;
  ribbonOut: boolean;
}

const STX = '\x02';
const ETX = '\x03';

/** True once `text` holds the three framed strings of one answer. */
export function hasWholeStatus(text: string): boolean {
  return text.split(ETX).length > 3;
}

/** Reads the answer; null when it is not a host status (a printer that does not speak ZPL, say). */
export function parseHostStatus(text: string): HostStatus | null {
  const strings = text
    .split(ETX)
    .filter((part) => part.includes(STX))
    .map((part) => part.slice(part.lastIndexOf(STX) + 1).split(','));
  const [one, two] = strings;
  if (strings.length < 3 || !one || !two || one.length < 3 || two.length < 4) return null;
  return { paperOut: one[1] === '1', paused: one[2] === '1', headOpen: two[2] === '1', ribbonOut: two[3] === '1' };
}

/** Each stop flag's sentence: what stops the printer and what to do about it, in the order to see to them. */
const STOPS: readonly { flag: keyof HostStatus; sentence: Saying }[] = [
  { flag: 'headOpen', sentence: said('printing.jobProblem.stop.headOpen') },
  { flag: 'paperOut', sentence: said('printing.jobProblem.stop.paperOut') },
  { flag: 'ribbonOut', sentence: said('printing.jobProblem.stop.ribbonOut') },
  { flag: 'paused', sentence: said('printing.jobProblem.stop.paused') },
];

/** What stops the printer and what to do, one whole sentence per cause; empty when nothing does. */
export function stopSentences(status: HostStatus): Saying[] {
  return STOPS.filter((stop) => status[stop.flag]).map((stop) => stop.sentence);
}
