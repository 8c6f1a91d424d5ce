import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { PrintJob } from '../../../../shared/ipc/printing';
import { call } from '../../bridge/dockdesk';
import { formatTime } from '../../format';
import { Dialog } from '../../ui/Dialog';
import { ErrorNote } from '../../ui/ErrorNote';
import { handToBrowser } from './browserPrint';
import { isKept, isOnItsWay, jobStateText, queueSummary } from './printerText';
import { usePrintJobs } from './queries';
import './printing.css';

/**
 * The print queue in the status bar: one short line ("Printing 1 · 1 kept") that opens the list of
 * jobs, each with its state in words, what went wrong, Send again and Dismiss. Nothing shows until the
 * desk has printed something this session. Mounted once, in the status bar's printing slot.
 */
export function PrintQueueSlot() {
  const jobs = usePrintJobs().data ?? [];
  const [open, setOpen] = useState(false);
  const summary = queueSummary(jobs);
  const kept = jobs.some(isKept);
  return (
    <>
      {summary && (
        <button
          type="button"
          className={`print-queue-slot ${kept ? 'print-queue-attention' : jobs.some(isOnItsWay) ? 'print-queue-busy' : ''}`}
          aria-label={`${summary}. Open the print queue`}
          onClick={() => setOpen(true)}
        >
          {summary}
        </button>
      )}
      <Dialog title="Print queue" isOpen={open} onOpenChange={setOpen} wide>
        <PrintQueuePanel jobs={jobs} />
      </Dialog>
    </>
  );
}

/** Every job of this session, newest first. A kept job is sent again only here, at the clerk's word. */
export function PrintQueuePanel({ jobs }: { jobs: readonly PrintJob[] }) {
  // A job of a system printer in the browser host opens the browser's print dialog again.
  const retry = useMutation({ mutationFn: async (jobId: string) => handToBrowser(await call('printing.jobs.retry', { jobId })) });
  const panel = useRef<HTMLDivElement>(null);
  const dismiss = useMutation({
    mutationFn: (jobId: string) => call('printing.jobs.dismiss', { jobId }),
    // The row and its button are gone: focus stays in the dialog, on the next job's first action or its Close.
    onSuccess: () =>
      requestAnimationFrame(() => {
        const dialog = panel.current?.closest('[role="dialog"]');
        if (dialog && !dialog.contains(document.activeElement)) dialog.querySelector<HTMLElement>('tbody button, button')?.focus();
      }),
  });
  const error = retry.error ?? dismiss.error;
  return (
    <div className="print-queue-panel" ref={panel}>
      {error && <ErrorNote error={error} />}
      {jobs.length === 0 ? (
        <p className="state">Nothing in the print queue: every label sent this session is done and cleared.</p>
      ) : (
        <table className="print-queue-table" aria-label="Print jobs">
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Printer</th>
              <th scope="col">State</th>
              <th scope="col">Sent</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.id} data-testid="print-job" className={`print-job-${job.state}`}>
                <th scope="row">{job.what}</th>
                <td>{job.printerName}</td>
                <td className="print-job-state">
                  <strong>{jobStateText(job)}</strong>
                  {job.attempts > 1 && <span className="muted"> · sent {job.attempts} times</span>}
                  {job.problem && <div className="print-job-problem">{job.problem}</div>}
                </td>
                <td className="print-job-time">{formatTime(job.createdAt)}</td>
                <td className="print-job-actions">
                  {job.state === 'to-browser' && (
                    <button type="button" onClick={() => retry.mutate(job.id)} disabled={retry.isPending} aria-label={`Print again: ${job.what}`}>
                      Print again
                    </button>
                  )}
                  {isKept(job) && (
                    <button type="button" onClick={() => retry.mutate(job.id)} disabled={retry.isPending} aria-label={`Send again: ${job.what}`}>
                      {retry.isPending && retry.variables === job.id ? 'Sending…' : 'Send again'}
                    </button>
                  )}
                  {!isOnItsWay(job) && (
                    <button
                      type="button"
                      className="quiet"
                      onClick={() => dismiss.mutate(job.id)}
                      disabled={dismiss.isPending}
                      aria-label={`Dismiss: ${job.what}`}
                    >
                      Dismiss
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
