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

/** What stops the printer and what to do, in the clerk's words; null when nothing does. */
export function describeStop(status: HostStatus): { what: string; fix: string } | null {
  const found: { what: string; fix: string }[] = [];
  if (status.headOpen) found.push({ what: 'its print head is open', fix: 'close the head until it clicks' });
  if (status.paperOut) found.push({ what: 'it is out of labels', fix: 'load a new roll of labels' });
  if (status.ribbonOut) found.push({ what: 'it is out of ribbon', fix: 'put in a new ribbon' });
  if (status.paused) found.push({ what: 'it is paused', fix: 'press its pause button to resume' });
  if (found.length === 0) return null;
  const join = (parts: string[]) => (parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`);
  return { what: join(found.map((f) => f.what)), fix: join(found.map((f) => f.fix)) };
}
