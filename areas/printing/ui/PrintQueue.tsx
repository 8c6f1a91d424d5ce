import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { PrintJob } from '../common/ipc';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { formatTime } from '../../../renderer/src/format';
import { useT } from '../../../renderer/src/i18n/useT';
import { Dialog } from '../../../renderer/src/ui/Dialog';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { handToBrowser } from './browserPrint';
import { isKept, isOnItsWay, jobProblem, jobStateText, jobTitle, queueSummary } from './printerText';
import { usePrintJobs } from './queries';
import './printing.css';

/**
 * The print queue in the status bar: one short line ("Printing 1 · 1 kept") that opens the list of
 * jobs, each with its state in words, what went wrong, Send again and Dismiss. Nothing shows until the
 * desk has printed something this session. Mounted once, in the status bar's printing slot.
 */
export function PrintQueueSlot() {
  const { t } = useT();
  const jobs = usePrintJobs().data ?? [];
  const [open, setOpen] = useState(false);
  const summary = queueSummary(t, jobs);
  const kept = jobs.some(isKept);
  return (
    <>
      {summary && (
        <button
          type="button"
          className={`print-queue-slot ${kept ? 'print-queue-attention' : jobs.some(isOnItsWay) ? 'print-queue-busy' : ''}`}
          aria-label={t('printing.queue.open', { summary })}
          onClick={() => setOpen(true)}
        >
          {summary}
        </button>
      )}
      <Dialog title={t('printing.queue.title')} isOpen={open} onOpenChange={setOpen} wide>
        <PrintQueuePanel jobs={jobs} />
      </Dialog>
    </>
  );
}

/** Every job of this session, newest first. A kept job is sent again only here, at the clerk's word. */
export function PrintQueuePanel({ jobs }: { jobs: readonly PrintJob[] }) {
  const { t, said } = useT();
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
        <p className="state">{t('printing.queue.empty')}</p>
      ) : (
        <table className="print-queue-table" aria-label={t('printing.queue.jobs')}>
          <thead>
            <tr>
              <th scope="col">{t('printing.queue.col.what')}</th>
              <th scope="col">{t('printing.queue.col.printer')}</th>
              <th scope="col">{t('printing.queue.col.state')}</th>
              <th scope="col">{t('printing.queue.col.sent')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('printing.queue.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => {
              const problem = jobProblem(said, job);
              return (
                <tr key={job.id} data-testid="print-job" className={`print-job-${job.state}`}>
                  <th scope="row">{jobTitle(t, job)}</th>
                  <td>{job.printerName}</td>
                  <td className="print-job-state">
                    <strong>{jobStateText(job)}</strong>
                    {job.attempts > 1 && <span className="muted"> · {t('printing.queue.attempts', { count: job.attempts })}</span>}
                    {problem && <div className="print-job-problem">{problem}</div>}
                  </td>
                  <td className="print-job-time">{formatTime(job.createdAt)}</td>
                  <td className="print-job-actions">
                    <JobActions job={job} retry={retry} dismiss={dismiss} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

type Mutation = UseMutationResult<unknown, Error, string>;

/** A job's buttons: the browser's print dialog again, Send again for a kept job, Dismiss once it is not on its way. */
function JobActions({ job, retry, dismiss }: { job: PrintJob; retry: Mutation; dismiss: Mutation }) {
  const { t } = useT();
  return (
    <>
      {job.state === 'to-browser' && (
        <button
          type="button"
          onClick={() => retry.mutate(job.id)}
          disabled={retry.isPending}
          aria-label={t('printing.queue.printAgainNamed', { what: jobTitle(t, job) })}
        >
          {t('printing.queue.printAgain')}
        </button>
      )}
      {isKept(job) && (
        <button
          type="button"
          onClick={() => retry.mutate(job.id)}
          disabled={retry.isPending}
          aria-label={t('printing.queue.sendAgainNamed', { what: jobTitle(t, job) })}
        >
          {retry.isPending && retry.variables === job.id ? t('printing.queue.sending') : t('printing.queue.sendAgain')}
        </button>
      )}
      {!isOnItsWay(job) && (
        <button
          type="button"
          className="quiet"
          onClick={() => dismiss.mutate(job.id)}
          disabled={dismiss.isPending}
          aria-label={t('printing.queue.dismissNamed', { what: jobTitle(t, job) })}
        >
          {t('printing.queue.dismiss')}
        </button>
      )}
    </>
  );
}
