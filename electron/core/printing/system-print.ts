import type { SystemPrinter, SystemPrinterProfile, SystemPrinters } from '../../../shared/ipc/printing.js';
import type { SendOutcome } from './zpl-transport.js';

/**
 * The system's printers, as the shell reaches them: Electron lists them and prints a PDF silently
 * (electron/main.ts); the browser host has no such port, since a page can neither list the system's
 * printers nor print without the browser's dialog. Everything else (which printer, what size, what
 * the clerk is told) is decided here, where it can be tested without Electron.
 */
export interface SystemPrintPort {
  list(): Promise<SystemPrinter[]>;
  /** Resolves once the system has taken the job; rejects with the system's reason when it did not. */
  printPdf(pdf: Buffer, options: SystemPrintOptions): Promise<void>;
}

export interface SystemPrintOptions {
  /** The system's name of the printer; null: the system's default printer (Electron prints to it when given no name). */
  deviceName: string | null;
  /** The page, exactly the label (Electron's custom page sizes are in microns). */
  widthMicrons: number;
  heightMicrons: number;
  copies: number;
  /** The job's name in the system's queue. */
  title: string;
}

export const BROWSER_HOST_PRINTERS =
  'The browser host cannot reach this computer’s printers: a system printer prints through the browser’s own print dialog, where the printer and the paper size are chosen for each job. The desktop app (Electron) prints to it directly, with no dialog.';

export async function listSystemPrinters(port: SystemPrintPort | undefined): Promise<SystemPrinters> {
  if (!port) return { available: false, reason: BROWSER_HOST_PRINTERS, printers: [] };
  const printers = await port.list();
  return {
    available: true,
    reason: printers.length === 0 ? 'This computer has no printer set up: add the printer in the system’s printer settings, then look again.' : null,
    printers,
  };
}

/**
 * What the system says of a printer, from Electron's `PrinterInfo.options` (CUPS attributes on Linux
 * and macOS: printer-state 3 idle, 4 processing, 5 stopped; a queue that refuses jobs is stopped too).
 * Windows gives no state there: unknown, which never stops a job.
 */
export function printerStatus(options: Record<string, string> | undefined): SystemPrinter['status'] {
  if (options?.['printer-is-accepting-jobs'] === 'false') return 'stopped';
  switch (options?.['printer-state']) {
    case '3':
      return 'ready';
    case '4':
      return 'busy';
    case '5':
      return 'stopped';
    default:
      return 'unknown';
  }
}

/** As a network printer's outcome, but "printed" means the system took the job: its queue prints it. */
export type PdfOutcome = { kind: 'printed' } | Exclude<SendOutcome, { kind: 'printed' }>;

export const MICRONS_PER_MM = 1000;
export const labelMicrons = (p: Pick<SystemPrinterProfile, 'widthMm' | 'heightMm'>) => ({
  widthMicrons: Math.round(p.widthMm * MICRONS_PER_MM),
  heightMicrons: Math.round(p.heightMm * MICRONS_PER_MM),
});

/** Where a system printer is, in the clerk's words. */
export const deviceWords = (p: Pick<SystemPrinterProfile, 'name' | 'deviceName'>) =>
  p.deviceName ? `${p.name} (${p.deviceName} on this computer)` : `${p.name} (this computer’s default printer)`;

/**
 * One PDF job to a system printer: the printer is looked up among the system's first (a printer
 * unplugged or removed is said so before anything is sent, and a stopped queue would only hold the
 * job), then the PDF is handed over. Each step within the profile's timeout.
 */
export async function sendPdf(port: SystemPrintPort, profile: SystemPrinterProfile, pdf: Buffer, copies: number, title: string): Promise<PdfOutcome> {
  const timeoutMs = profile.timeoutSeconds * 1000;
  const who = deviceWords(profile);
  let printers: SystemPrinter[];
  try {
    printers = await within(port.list(), timeoutMs);
  } catch (error) {
    return {
      kind: 'not-sent',
      problem: `The system’s printers could not be read (${reason(error)}), so nothing was sent to ${who}. Send the job again in a moment.`,
    };
  }
  // The system does not say which printer is its default: a profile without a device is only checked for some printer at all.
  const found = profile.deviceName === null ? null : printers.find((p) => p.name === profile.deviceName);
  if (profile.deviceName === null ? printers.length === 0 : !found)
    return {
      kind: 'not-sent',
      problem:
        profile.deviceName === null
          ? `This computer has no printer set up, so ${profile.name} did not print. Set the printer up in the system’s printer settings, then send the job again.`
          : `${profile.deviceName} is not among this computer’s printers now, so ${profile.name} did not print. Check that it is plugged in and on, and set up in the system’s printer settings, then send the job again.`,
    };
  if (found?.status === 'stopped')
    return {
      kind: 'not-sent',
      problem: `${who} is stopped in the system’s print queue, so nothing was sent. Resume it in the system’s printer settings (and look at the printer: paper, lid), then send the job again.`,
    };
  try {
    await within(port.printPdf(pdf, { deviceName: profile.deviceName, ...labelMicrons(profile), copies, title }), timeoutMs);
    return { kind: 'printed' };
  } catch (error) {
    if (error instanceof TimedOut)
      return {
        kind: 'unsure',
        problem: `${who} did not take the job within ${profile.timeoutSeconds} s. Look at the printer and the system’s print queue: send the job again only if the labels did not come out.`,
      };
    return {
      kind: 'not-sent',
      problem: `${who} did not take the job: ${reason(error)}. Check that it is on and has labels, then send the job again.`,
    };
  }
}

class TimedOut extends Error {}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');

async function within<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimedOut(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
