import { randomUUID } from 'node:crypto';
import { said, type Saying } from '../../../shared/errors.js';
import type { PrinterProfile, PrintJob } from '../common/ipc.js';
import type { Clock } from '../../../electron/core/clock.js';
import { englishOf } from '../../../electron/core/words.js';
import type { LabelPage } from './label-pdf.js';
import { sendPdf, type PdfOutcome, type SystemPrintPort } from './system-print.js';
import { sendZpl, type SendOutcome, type ZplTarget } from './zpl-transport.js';

/**
 * The desk's print jobs: one at a time per printer (a printer's raw port serves one connection at a
 * time, and labels must come out in the order asked), each kept with what it sends until the clerk
 * dismisses it, so a job the printer could not take can be sent again, and only then: nothing here
 * sends a job twice on its own. A network label printer's job is ZPL; a system printer's is a PDF
 * of label-sized pages, handed to the system (Electron) or to the browser's print dialog (no port).
 */
export type JobPayload = { kind: 'network-label'; zpl: string } | { kind: 'system'; pdf: Buffer; copies: number; page: LabelPage };

interface Entry {
  job: PrintJob;
  payload: JobPayload;
}

/** Jobs kept for the queue's view; the oldest finished ones go first beyond this. */
const KEPT_JOBS = 50;

type Outcome = PdfOutcome | { kind: 'to-browser' };

export class PrintQueue {
  private readonly entries: Entry[] = [];
  /** Per printer, the end of the last job handed to it. */
  private readonly lanes = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: {
      clock: Clock;
      changed: (jobs: PrintJob[]) => void;
      send?: (target: ZplTarget, zpl: string) => Promise<SendOutcome>;
      /** The shell's way to the system's printers; absent (browser host): the page's print dialog prints. */
      systemPrint?: SystemPrintPort | undefined;
      /** Told of each job that printed (or went to the page's print dialog), before its caller hears: the desk's journal. */
      printed?: (job: PrintJob) => Promise<void>;
    },
  ) {}

  list(): PrintJob[] {
    return this.entries.map((e) => ({ ...e.job }));
  }

  /** Adds a job and returns it once the printer has taken it, or refused it, or could not be reached. */
  async submit(profile: PrinterProfile, title: Saying, payload: JobPayload): Promise<PrintJob> {
    const entry: Entry = {
      payload,
      job: {
        id: randomUUID(),
        printerId: profile.id,
        printerName: profile.name,
        what: englishOf(title),
        title: title.values ? { id: title.id, values: title.values } : { id: title.id },
        state: 'queued',
        problem: [],
        bytes: payload.kind === 'system' ? payload.pdf.byteLength : Buffer.byteLength(payload.zpl, 'utf8'),
        attempts: 0,
        createdAt: this.deps.clock.now().toISOString(),
        finishedAt: null,
      },
    };
    this.entries.unshift(entry);
    this.trim();
    return this.run(entry, profile);
  }

  /** Sends a kept job again, at the clerk's word; a job on its way or printed is not sent twice. */
  async retry(jobId: string, profile: PrinterProfile | undefined): Promise<PrintJob> {
    const entry = this.find(jobId);
    if (entry.job.state === 'queued' || entry.job.state === 'sending') throw new PrintQueueError(said('errors.printing.jobOnItsWay'));
    if (entry.job.state === 'printed') throw new PrintQueueError(said('errors.printing.jobPrinted'));
    if (!profile) throw new PrintQueueError(said('errors.printing.jobPrinterGone', { printer: entry.job.printerName }));
    if (profile.kind !== entry.payload.kind) throw new PrintQueueError(said('errors.printing.jobPrinterKind', { printer: profile.name }));
    entry.job = { ...entry.job, state: 'queued', problem: [], finishedAt: null, printerName: profile.name };
    return this.run(entry, profile);
  }

  dismiss(jobId: string): void {
    const entry = this.find(jobId);
    if (entry.job.state === 'queued' || entry.job.state === 'sending') throw new PrintQueueError(said('errors.printing.jobBusy'));
    this.entries.splice(this.entries.indexOf(entry), 1);
    this.deps.changed(this.list());
  }

  /** Resolves once every job handed over so far is done. */
  async idle(): Promise<void> {
    await Promise.all(this.lanes.values());
  }

  private run(entry: Entry, profile: PrinterProfile): Promise<PrintJob> {
    this.deps.changed(this.list());
    const previous = this.lanes.get(profile.id) ?? Promise.resolve();
    const done = previous.then(async () => {
      this.update(entry, { state: 'sending', attempts: entry.job.attempts + 1 });
      const outcome = await this.send(entry, profile);
      const finishedAt = this.deps.clock.now().toISOString();
      if (outcome.kind === 'printed' || outcome.kind === 'to-browser') {
        this.update(entry, { state: outcome.kind, problem: [], finishedAt });
        await this.deps.printed?.({ ...entry.job });
      } else this.update(entry, { state: outcome.kind, problem: outcome.problem, finishedAt });
    });
    const lane = done.catch(() => {});
    this.lanes.set(profile.id, lane);
    // The lane never rejects (caught above), so nothing waits on this tidy-up.
    void lane.then(() => {
      if (this.lanes.get(profile.id) === lane) this.lanes.delete(profile.id);
    });
    return done.then(() => ({ ...entry.job }));
  }

  /** The job to its printer, by the printer's kind. */
  private async send({ payload, job }: Entry, profile: PrinterProfile): Promise<Outcome> {
    if (payload.kind === 'network-label' && profile.kind === 'network-label') {
      const target = { name: profile.name, host: profile.host, port: profile.port, timeoutMs: profile.timeoutSeconds * 1000 };
      return (this.deps.send ?? sendZpl)(target, payload.zpl);
    }
    if (payload.kind === 'system' && profile.kind === 'system') {
      if (!this.deps.systemPrint) return { kind: 'to-browser' };
      return sendPdf(this.deps.systemPrint, profile, payload.pdf, payload.copies, `Dockdesk: ${job.what}`);
    }
    return { kind: 'not-sent', problem: [said('errors.printing.jobPrinterKind', { printer: profile.name })] };
  }

  /** A job's PDF, for the page to print through the browser's dialog. */
  pdfOf(jobId: string): { pdf: Buffer; page: LabelPage; what: string } {
    const { payload, job } = this.find(jobId);
    if (payload.kind !== 'system' || job.state !== 'to-browser') throw new PrintQueueError(said('errors.printing.jobNotBrowser'));
    return { pdf: payload.pdf, page: payload.page, what: job.what };
  }

  private update(entry: Entry, change: Partial<PrintJob>): void {
    entry.job = { ...entry.job, ...change };
    this.deps.changed(this.list());
  }

  private find(jobId: string): Entry {
    const entry = this.entries.find((e) => e.job.id === jobId);
    if (!entry) throw new PrintQueueError(said('errors.printing.jobGone'));
    return entry;
  }

  /** Drops the oldest finished jobs beyond the kept number; jobs still to be sent again are kept longest. */
  private trim(): void {
    while (this.entries.length > KEPT_JOBS) {
      const at = this.entries.findLastIndex((e) => e.job.state === 'printed');
      const fallback = this.entries.findLastIndex((e) => e.job.state !== 'queued' && e.job.state !== 'sending');
      const drop = at >= 0 ? at : fallback;
      if (drop < 0) return;
      this.entries.splice(drop, 1);
    }
  }
}

/** A queue action the clerk asked for that cannot be done, said why. */
export class PrintQueueError extends Error {
  override readonly name = 'PrintQueueError';
  constructor(readonly said: Saying) {
    super(englishOf(said));
  }
}
