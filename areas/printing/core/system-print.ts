import { said } from '../../../shared/errors.js';
import type { SystemPrinter, SystemPrinterProfile, SystemPrinters } from '../common/ipc.js';
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

/**
 * The shell's printers, and why none can be chosen when so: the browser host cannot reach them (a
 * system printer prints through the page's print dialog there), or the system has none set up.
 */
export async function listSystemPrinters(port: SystemPrintPort | undefined): Promise<SystemPrinters> {
  if (!port) return { available: false, reason: [said('printing.systemPrinters.browserHost')], printers: [] };
  const printers = await port.list();
  return { available: true, reason: printers.length === 0 ? [said('printing.systemPrinters.none')] : [], printers };
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

/**
 * Which printer a sentence names: the profile's name and where it is (the system's device, or the
 * system's default printer), each message choosing its words by `where`.
 */
const whoOf = (p: Pick<SystemPrinterProfile, 'name' | 'deviceName'>) => ({
  where: p.deviceName ? 'device' : 'default',
  printer: p.name,
  device: p.deviceName ?? '',
});

/**
 * One PDF job to a system printer: the printer is looked up among the system's first (a printer
 * unplugged or removed is said so before anything is sent, and a stopped queue would only hold the
 * job), then the PDF is handed over. Each step within the profile's timeout.
 */
export async function sendPdf(port: SystemPrintPort, profile: SystemPrinterProfile, pdf: Buffer, copies: number, title: string): Promise<PdfOutcome> {
  const timeoutMs = profile.timeoutSeconds * 1000;
  const who = whoOf(profile);
  let printers: SystemPrinter[];
  try {
    printers = await within(port.list(), timeoutMs);
  } catch (error) {
    return { kind: 'not-sent', problem: [said('printing.jobProblem.systemListFailed', { ...who, error: reason(error) })] };
  }
  // The system does not say which printer is its default: a profile without a device is only checked for some printer at all.
  const found = profile.deviceName === null ? null : printers.find((p) => p.name === profile.deviceName);
  if (profile.deviceName === null ? printers.length === 0 : !found)
    return {
      kind: 'not-sent',
      problem: [
        profile.deviceName === null
          ? said('printing.jobProblem.systemNoPrinter', { printer: profile.name })
          : said('printing.jobProblem.systemDeviceMissing', { device: profile.deviceName, printer: profile.name }),
      ],
    };
  if (found?.status === 'stopped')
    return { kind: 'not-sent', problem: [said('printing.jobProblem.systemStopped', { printer: profile.name, device: found.name })] };
  try {
    await within(port.printPdf(pdf, { deviceName: profile.deviceName, ...labelMicrons(profile), copies, title }), timeoutMs);
    return { kind: 'printed' };
  } catch (error) {
    if (error instanceof TimedOut)
      return { kind: 'unsure', problem: [said('printing.jobProblem.systemTimedOut', { ...who, seconds: profile.timeoutSeconds })] };
    return { kind: 'not-sent', problem: [said('printing.jobProblem.systemRefused', { ...who, error: reason(error) })] };
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
