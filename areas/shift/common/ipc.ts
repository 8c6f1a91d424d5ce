import { z } from 'zod';
import { DateTime } from '../../../shared/schemas/common.js';
import { ShiftReport } from './report.js';
import { PrintJob } from '../../printing/common/ipc.js';

/**
 * The end of a shift: the report of a stretch of time (what the desk did, per clerk, from its
 * journal; what still waits in the outbox) and the same as a PDF with the clerk's handover note.
 */

/** The clerk's handover note: a few lines for the next shift (the journal keeps it whole). */
export const HandoverNote = z.string().max(2000);

export const ShiftReportInput = z
  .object({
    from: DateTime,
    to: DateTime,
    /** Only this clerk's work (null: work done with no clerk at the desk); absent: every clerk's. */
    clerkId: z.string().max(200).nullable().optional(),
  })
  .strict();
export type ShiftReportInput = z.infer<typeof ShiftReportInput>;

export const ShiftPdfInput = ShiftReportInput.extend({
  /** What the clerk leaves for the next shift, printed at the foot of the report. */
  note: HandoverNote,
  /** The desk's locale: the PDF's words and numbers in its language (English without one). */
  locale: z.string().min(2).max(35).optional(),
  /** The zone its times are said in (the desk's; UTC without one). */
  timeZone: z.string().min(1).max(100).optional(),
}).strict();
export type ShiftPdfInput = z.infer<typeof ShiftPdfInput>;

export const shiftChannels = {
  /** The shift's report, made from the desk's journal and outbox alone (no request to the service). */
  'shift.report': { input: ShiftReportInput, output: ShiftReport },
  /** The handover note being written, kept on this desk's disk until a report carries it. */
  'shift.note': { input: z.object({}).strict(), output: z.object({ note: HandoverNote, savedAt: DateTime.nullable() }) },
  /** Keeps the note as typed (each pause, and when the view is left), so a closed window or a crash loses none of it. */
  'shift.saveNote': { input: z.object({ note: HandoverNote }).strict(), output: z.object({ savedAt: DateTime }) },
  /**
   * The report as a PDF (A4), the handover note at its foot. Made, it is recorded in the journal
   * (the shift, the clerk, the note) and the note on disk is let go: the next shift starts a new one.
   */
  'shift.pdf': {
    input: ShiftPdfInput,
    output: z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), base64: z.string() }),
  },
  /**
   * The report's short summary (the desk, whose shift and when, returns and their units by action,
   * receiving orders, scans not matched, what waits in the outbox, the note's first lines) as a label
   * to the desk's label printer, through the print queue; the job as the queue left it. The note stays:
   * only the PDF hands it over.
   */
  'shift.label': { input: ShiftPdfInput, output: PrintJob },
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const shiftIpc = { id: 'shift', channels: shiftChannels } as const;
