import type { PrintJob } from '../common/ipc';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { currentWords, type Translate } from '../../../renderer/src/i18n/useT';
import { jobTitle } from './printerText';

/**
 * A system printer's job in the browser host: a page cannot reach the system's printers or print
 * without the browser's dialog, so main keeps the job's PDF (one page per label, each the label's
 * size) and the page opens the browser's print dialog on it, where the clerk chooses the printer and
 * the paper. A job in any other state went to its printer in main, and nothing happens here.
 *
 * The PDF goes in a hidden frame as a blob: URL (same origin, nothing served by the host; the CSP's
 * `frame-src blob:` admits it), as the box labels PDF does; `printFrame` is the one place that asks
 * the browser to print, so tests can stand in for it (headless Chromium cannot print a PDF).
 */
export async function handToBrowser(job: PrintJob): Promise<PrintJob> {
  if (job.state !== 'to-browser') return job;
  const pdf = await call('printing.jobs.pdf', { jobId: job.id });
  const bytes = Uint8Array.from(atob(pdf.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const frame = document.createElement('iframe');
  frame.hidden = true;
  // The frame's title names the document in the print dialog: the job, in the clerk's language.
  frame.title = jobTitle(currentWords().t, job);
  frame.dataset.printJob = job.id;
  frame.src = url;
  frame.onload = () => printFrame(frame, url);
  document.body.append(frame);
  // The dialog holds its own copy once open; the frame and the URL go after a minute.
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, 60_000);
  return job;
}

/** The browser's print dialog on the frame's PDF; where it cannot open (a blocked frame), the PDF opens in a tab to print from the viewer. */
function printFrame(frame: HTMLIFrameElement, url: string): void {
  try {
    frame.contentWindow?.print();
  } catch {
    window.open(url, '_blank', 'noopener');
  }
}

/**
 * What the clerk is told of a system printer's job in the browser host. Outside a component (a
 * notice raised when the job comes back) it is said in the language in force at that moment.
 */
export function browserDialogWords(size: { widthMm: number; heightMm: number } | null, t: Translate = currentWords().t): string {
  return size ? t('printing.browser.openedSize', { width: size.widthMm, height: size.heightMm }) : t('printing.browser.opened');
}
