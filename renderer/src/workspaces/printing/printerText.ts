import type { PrinterProfile, PrintJob } from '../../../../shared/ipc/printing';
import { LABEL_SIZES, type LabelSize } from '../../../../shared/printing/item-label';
import { currentWords } from '../../i18n/useT';

/** Stock sizes in millimetres (as a system printer's profile keeps its size), from the inch sizes label stock is sold in. */
export const STOCK_MM = Object.fromEntries(
  (Object.keys(LABEL_SIZES) as LabelSize[]).map((s) => [s, { widthMm: LABEL_SIZES[s].widthIn * 25.4, heightMm: LABEL_SIZES[s].heightIn * 25.4 }]),
) as Record<LabelSize, { widthMm: number; heightMm: number }>;

/** A label size as the clerk knows it: "4x6 in" for stock sizes, else "57 × 32 mm". */
export function sizeWords(p: PrinterProfile): string {
  if (p.kind === 'network-label') return `${p.size} in`;
  const stock = (Object.keys(STOCK_MM) as LabelSize[]).find(
    (s) => Math.abs(STOCK_MM[s].widthMm - p.widthMm) < 0.05 && Math.abs(STOCK_MM[s].heightMm - p.heightMm) < 0.05,
  );
  return stock ? `${stock} in` : `${p.widthMm} × ${p.heightMm} mm`;
}

/** A profile's settings in one line: where it is and what it prints on ("192.168.1.40 port 9100 · 4x6 in labels · 203 dpi"). */
export function profileLine(p: PrinterProfile, browserHost = false): string {
  if (p.kind === 'system') {
    const where = browserHost ? 'through the browser’s print dialog' : p.deviceName ? `${p.deviceName} on this computer` : 'this computer’s default printer';
    return `System printer: ${where} · ${sizeWords(p)} labels, no margins`;
  }
  const darkness = p.darkness === 0 ? 'darkness as set on the printer' : `darkness ${p.darkness > 0 ? '+' : ''}${p.darkness}`;
  return `Network label printer at ${p.host} port ${p.port} · ${p.size} in labels · ${p.dpi} dpi · ${darkness}`;
}

const ON_ITS_WAY: ReadonlySet<PrintJob['state']> = new Set(['queued', 'sending']);
/** A job the printer could not take, or may not have printed: kept until the clerk sends it again or dismisses it. */
const KEPT: ReadonlySet<PrintJob['state']> = new Set(['not-sent', 'stopped-after', 'unsure']);

export const isOnItsWay = (job: PrintJob) => ON_ITS_WAY.has(job.state);
export const isKept = (job: PrintJob) => KEPT.has(job.state);

/** The queue in the status bar, as short as it can be said: "Printing 1 · 1 kept", "Print queue · 3 printed". */
export function queueSummary(jobs: readonly PrintJob[]): string | null {
  if (jobs.length === 0) return null;
  const going = jobs.filter(isOnItsWay).length;
  const kept = jobs.filter(isKept).length;
  const printed = jobs.filter((j) => j.state === 'printed').length;
  const parts = [going > 0 ? `Printing ${going}` : 'Print queue'];
  const dialog = jobs.filter((j) => j.state === 'to-browser').length;
  if (kept > 0) parts.push(`${kept} kept`);
  else if (going === 0 && (printed > 0 || dialog === 0)) parts.push(`${printed} printed`);
  if (kept === 0 && going === 0 && dialog > 0) parts.push(`${dialog} to the print dialog`);
  return parts.join(' · ');
}

/** A job's state in words for the queue's list. */
export function jobStateText(job: PrintJob): string {
  return currentWords().label('PrintJobState', job.state);
}
