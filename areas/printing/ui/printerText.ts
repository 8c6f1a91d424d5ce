import type { PrinterProfile, PrintJob, SystemPrinters } from '../common/ipc';
import { LABEL_SIZES, type LabelSize } from '../common/item-label';
import { sentences } from '../../../renderer/src/i18n/sentences';
import { currentWords, type Translate, type Words } from '../../../renderer/src/i18n/useT';

/** Stock sizes in millimetres (as a system printer's profile keeps its size), from the inch sizes label stock is sold in. */
export const STOCK_MM = Object.fromEntries(
  (Object.keys(LABEL_SIZES) as LabelSize[]).map((s) => [s, { widthMm: LABEL_SIZES[s].widthIn * 25.4, heightMm: LABEL_SIZES[s].heightIn * 25.4 }]),
) as Record<LabelSize, { widthMm: number; heightMm: number }>;

/** A label size as the clerk knows it: "4x6 in" for stock sizes, else "57 × 32 mm". */
export function sizeWords(t: Translate, p: PrinterProfile): string {
  if (p.kind === 'network-label') return t('printing.size.stock', { size: p.size });
  const stock = (Object.keys(STOCK_MM) as LabelSize[]).find(
    (s) => Math.abs(STOCK_MM[s].widthMm - p.widthMm) < 0.05 && Math.abs(STOCK_MM[s].heightMm - p.heightMm) < 0.05,
  );
  return stock ? t('printing.size.stock', { size: stock }) : t('printing.size.mm', { width: p.widthMm, height: p.heightMm });
}

/** A profile's settings in one line: where it is and what it prints on ("192.168.1.40 port 9100 · 4x6 in labels · 203 dpi"). */
export function profileLine(t: Translate, p: PrinterProfile, browserHost = false): string {
  if (p.kind === 'system') {
    const size = sizeWords(t, p);
    if (browserHost) return t('printing.line.systemBrowser', { size });
    return p.deviceName ? t('printing.line.systemDevice', { device: p.deviceName, size }) : t('printing.line.systemDefault', { size });
  }
  return t('printing.line.network', {
    host: p.host,
    port: p.port,
    size: p.size,
    dpi: p.dpi,
    darknessSet: p.darkness === 0 ? 'printer' : 'own',
    darkness: `${p.darkness > 0 ? '+' : ''}${p.darkness}`,
  });
}

const ON_ITS_WAY: ReadonlySet<PrintJob['state']> = new Set(['queued', 'sending']);
/** A job the printer could not take, or may not have printed: kept until the clerk sends it again or dismisses it. */
const KEPT: ReadonlySet<PrintJob['state']> = new Set(['not-sent', 'stopped-after', 'unsure']);

export const isOnItsWay = (job: PrintJob) => ON_ITS_WAY.has(job.state);
export const isKept = (job: PrintJob) => KEPT.has(job.state);

/** The queue in the status bar, as short as it can be said: "Printing 1 · 1 kept", "Print queue · 3 printed". */
export function queueSummary(t: Translate, jobs: readonly PrintJob[]): string | null {
  if (jobs.length === 0) return null;
  const going = jobs.filter(isOnItsWay).length;
  const kept = jobs.filter(isKept).length;
  const printed = jobs.filter((j) => j.state === 'printed').length;
  const dialog = jobs.filter((j) => j.state === 'to-browser').length;
  if (going > 0) return kept > 0 ? t('printing.queue.summary.printingKept', { going, kept }) : t('printing.queue.summary.printing', { going });
  if (kept > 0) return t('printing.queue.summary.kept', { kept });
  if (dialog === 0) return t('printing.queue.summary.printed', { printed });
  return printed > 0 ? t('printing.queue.summary.printedDialog', { printed, dialog }) : t('printing.queue.summary.dialog', { dialog });
}

/** What a job prints, in the clerk's language when main said it by a message id (English `what` otherwise). */
export function jobTitle(t: Translate, job: PrintJob): string {
  if (!job.title) return job.what;
  const text = (t as (id: string, values?: Record<string, string | number>) => string)(job.title.id, job.title.values);
  return text === job.title.id ? job.what : text;
}

/** A job's state in words for the queue's list. */
export function jobStateText(job: PrintJob): string {
  return currentWords().label('PrintJobState', job.state);
}

/** What went wrong with a job and what to do, in the clerk's language; null when nothing did. */
export const jobProblem = (said: Words['said'], job: PrintJob): string | null => sentences(said, job.problem);

/** Why the system's printers offer nothing to choose, in the clerk's language; null when they do. */
export const systemPrintersReason = (said: Words['said'], printers: SystemPrinters): string | null => sentences(said, printers.reason);
