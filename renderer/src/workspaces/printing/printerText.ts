import type { LabelPrinterProfile, PrintJob } from '../../../../shared/ipc/printing';
import { labelOf } from '../../../../shared/labels';

/** A profile's settings in one line: where it is and what it prints on ("192.168.1.40 port 9100 · 4x6 in labels · 203 dpi"). */
export function profileLine(p: LabelPrinterProfile): string {
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
  if (kept > 0) parts.push(`${kept} kept`);
  else if (going === 0) parts.push(`${printed} printed`);
  return parts.join(' · ');
}

/** A job's state in words for the queue's list. */
export function jobStateText(job: PrintJob): string {
  return labelOf('PrintJobState', job.state);
}
