import { useQuery } from '@tanstack/react-query';
import type { PrintJob } from '../../printing/common/ipc';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { downloadBlob } from '../../../renderer/src/ui/download';
import { errorParts } from '../../../renderer/src/ui/ErrorNote';
import { showToast } from '../../../renderer/src/ui/Toasts';
import { browserDialogWords, handToBrowser, jobProblem, jobTitle } from '../../printing/ui';
import { currentWords } from '../../../renderer/src/i18n/useT';

/**
 * Box labels: main fetches the PDF with the user's token and hands over only the bytes; the page
 * makes a blob: URL of them (same origin, no token, nothing served by the host) and lets the
 * browser's PDF viewer show or print it, or saves it as a file.
 */
async function labelsPdf(id: number): Promise<{ blob: Blob; fileName: string }> {
  const pdf = await call('receiving.labels', { id });
  const bytes = Uint8Array.from(atob(pdf.base64), (c) => c.charCodeAt(0));
  return { blob: new Blob([bytes], { type: pdf.contentType }), fileName: pdf.fileName };
}

/** A blob: URL of the labels; the viewer tab or the print frame keeps its own reference, ours goes after a minute. */
async function labelsUrl(id: number): Promise<string> {
  const url = URL.createObjectURL((await labelsPdf(id)).blob);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return url;
}

export async function viewLabels(id: number): Promise<void> {
  // Electron shows them in a label window of its own; the browser host answers shown: false.
  if ((await call('receiving.showLabels', { id, mode: 'view', locale: currentWords().locale })).shown) return;
  window.open(await labelsUrl(id), '_blank', 'noopener');
}

export async function saveLabels(id: number): Promise<void> {
  const { blob, fileName } = await labelsPdf(id);
  downloadBlob(fileName, blob);
}

/**
 * Electron: the system print dialog, from main's label window. Browser: a hidden frame holding the
 * PDF (the CSP's `frame-src blob:` admits it) and the browser's print dialog.
 */
export async function printLabels(id: number): Promise<void> {
  if ((await call('receiving.showLabels', { id, mode: 'print', locale: currentWords().locale })).shown) return;
  const url = await labelsUrl(id);
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = currentWords().t('receiving.labels.frameTitle', { id });
  frame.src = url;
  frame.dataset.labels = String(id);
  // A print dialog that cannot open (no printer, a blocked frame) must not take the page with it:
  // the PDF opens instead, to print or save from the viewer.
  frame.onload = () => {
    try {
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank', 'noopener');
    }
  };
  document.body.append(frame);
  setTimeout(() => frame.remove(), 60_000);
}

/**
 * The desk's box-label printer, when one is set (Settings → Printers): box labels then go straight
 * to it as one job, no dialog. Read from main's settings file, never the service, so it is read each
 * time the order page opens and a printer set meanwhile is seen.
 */
export function useBoxLabelPrinter(): { id: string; name: string } | null {
  const settings = useQuery({ queryKey: ['printing', 'settings'], queryFn: () => call('printing.settings.get', {}), staleTime: 0 });
  const id = settings.data?.boxLabelPrinter ?? null;
  const profile = settings.data?.profiles.find((p) => p.id === id);
  return profile ? { id: profile.id, name: profile.name } : null;
}

/**
 * Box labels to the box-label printer (all of the order's, or the boxes named), then the outcome said:
 * printed, or what stopped the printer with the job kept to send again at the clerk's word.
 */
export async function printBoxLabels(orderId: number, boxIds?: number[]): Promise<void> {
  const job = await call('printing.boxLabels.print', { receivingOrderId: orderId, ...(boxIds ? { boxIds } : {}) });
  tellJob(await handToBrowser(job));
}

/** The job's outcome in the language in force when it is told (`what` is main's name for the job). */
function tellJob(job: PrintJob): void {
  const { t, said } = currentWords();
  if (job.state === 'to-browser') {
    showToast({ title: t('receiving.job.toBrowser', { what: jobTitle(t, job) }), description: browserDialogWords(null), tone: 'success' });
    return;
  }
  if (job.state === 'printed') {
    showToast({
      title: t('receiving.job.printed', { what: jobTitle(t, job) }),
      description: t('receiving.job.sentTo', { printer: job.printerName }),
      tone: 'success',
    });
    return;
  }
  const outcome = job.state === 'stopped-after' ? 'held' : job.state === 'unsure' ? 'unsure' : 'failed';
  showToast({
    title: t('receiving.job.notPrinted', { what: jobTitle(t, job), outcome }),
    description: jobProblem(said, job) ?? t('receiving.job.notTaken', { printer: job.printerName }),
    tone: 'error',
    // Only the clerk sends a job again, once the printer is fixed: nothing goes out twice by itself.
    action: {
      label: t('receiving.job.sendAgain'),
      run: () => void call('printing.jobs.retry', { jobId: job.id }).then(handToBrowser).then(tellJob, tellRetryError),
    },
  });
}

function tellRetryError(error: unknown): void {
  showToast({ title: currentWords().t('receiving.job.notSentAgain'), description: errorParts(error).message, tone: 'error' });
}
