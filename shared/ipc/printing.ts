import { z } from 'zod';
import { DPI_CHOICES, LABEL_SIZES, MAX_COPIES, type LabelSize } from '../printing/item-label.js';
import { DateTime } from '../schemas/common.js';
import { NoInput } from './define.js';

/**
 * Printing at the desk: the desk's label printers (kept per desk, not per account: the printers are
 * the bench's, whoever signs in) and the jobs sent to them. A network label printer takes ZPL on a
 * raw TCP port; main sends one job at a time per printer, reads its host status before and after,
 * and keeps a job the printer could not take so the clerk can send it again.
 */

const ProfileId = z.string().min(1).max(64);

export const LabelPrinterProfile = z.object({
  id: ProfileId,
  name: z.string().trim().min(1, 'Give the printer a name the desk knows it by.').max(60),
  kind: z.literal('network-label'),
  host: z
    .string()
    .trim()
    .min(1, 'Enter the printer’s address (its IP address or host name, from its network settings label).')
    .max(253)
    .regex(/^[A-Za-z0-9.:[\]-]+$/, 'An address has letters, digits, dots, dashes or colons only (for example 192.168.1.40).'),
  port: z.number().int().min(1).max(65535),
  dpi: z.union(DPI_CHOICES.map((d) => z.literal(d)) as [z.ZodLiteral<203>, z.ZodLiteral<300>, z.ZodLiteral<600>]),
  size: z.enum(Object.keys(LABEL_SIZES) as [LabelSize, ...LabelSize[]]),
  /** Relative to the printer's own darkness (^MD), -30 to 30; 0 leaves it as set on the printer. */
  darkness: z.number().int().min(-30).max(30),
  /** How long the printer may take to answer, per step (connect, status, job). */
  timeoutSeconds: z.number().int().min(1).max(60),
});
export type LabelPrinterProfile = z.infer<typeof LabelPrinterProfile>;

/** A new profile (no id yet) or a changed one; port, dpi, size, darkness and timeout have defaults. */
export const LabelPrinterProfileInput = LabelPrinterProfile.extend({
  id: ProfileId.optional(),
  port: LabelPrinterProfile.shape.port.default(9100),
  dpi: LabelPrinterProfile.shape.dpi.default(203),
  size: LabelPrinterProfile.shape.size.default('4x6'),
  darkness: LabelPrinterProfile.shape.darkness.default(0),
  timeoutSeconds: LabelPrinterProfile.shape.timeoutSeconds.default(5),
}).strict();

export const PrintingSettings = z.object({
  profiles: z.array(LabelPrinterProfile).max(50),
  /** Which profile prints item labels and which box labels; null: none chosen yet. */
  itemLabelPrinter: ProfileId.nullable(),
  boxLabelPrinter: ProfileId.nullable(),
});
export type PrintingSettings = z.infer<typeof PrintingSettings>;

/**
 * Where a job is. queued and sending: on its way. printed: the printer was ready, took it, and was
 * still ready after. not-sent: the printer could not take it (stopped, unreachable); nothing was
 * sent. stopped-after: the printer took it and then reported a problem; it prints once that is
 * fixed. unsure: the connection broke while sending. Only the clerk sends a job again.
 */
export const PrintJobState = z.enum(['queued', 'sending', 'printed', 'not-sent', 'stopped-after', 'unsure']);
export type PrintJobState = z.infer<typeof PrintJobState>;

export const PrintJob = z.object({
  id: z.string(),
  printerId: ProfileId,
  printerName: z.string(),
  /** What it prints, in the clerk's words ("3 item labels for SKU-10442"). */
  what: z.string(),
  state: PrintJobState,
  /** What went wrong and what to do, in plain words; null when nothing did. */
  problem: z.string().nullable(),
  bytes: z.number().int().min(0),
  /** Times it was sent (a job sent again by the clerk counts each). */
  attempts: z.number().int().min(0),
  createdAt: DateTime,
  finishedAt: DateTime.nullable(),
});
export type PrintJob = z.infer<typeof PrintJob>;

export const PrintJobs = z.object({ items: z.array(PrintJob) });

export const ItemLabelInput = z
  .object({
    sku: z.string().trim().min(1).max(100),
    name: z.string().max(300),
    gtin: z.string().max(14).nullable().optional(),
    lot: z.string().max(20).nullable().optional(),
    expiry: z.iso.date().nullable().optional(),
    copies: z.number().int().min(1).max(MAX_COPIES),
  })
  .strict();

/** Box labels of a receiving order: every box, or the boxes named (one, to reprint it). */
export const BoxLabelsInput = z
  .object({
    receivingOrderId: z.number().int().positive(),
    boxIds: z.array(z.number().int().positive()).min(1).max(500).optional(),
  })
  .strict();

const PrinterRef = z.object({ printerId: ProfileId }).strict();
const JobRef = z.object({ jobId: z.string().min(1).max(64) }).strict();

export const printingChannels = {
  'printing.settings.get': { input: NoInput, output: PrintingSettings },
  'printing.profiles.save': { input: LabelPrinterProfileInput, output: PrintingSettings },
  'printing.profiles.remove': { input: PrinterRef, output: PrintingSettings },
  'printing.roles.set': {
    input: z.object({ itemLabelPrinter: ProfileId.nullable().optional(), boxLabelPrinter: ProfileId.nullable().optional() }).strict(),
    output: PrintingSettings,
  },
  /** The built-in emulator's label printer, to set up as a profile like any network printer. */
  'printing.emulatedPrinter': { input: NoInput, output: z.object({ host: z.string(), port: z.number().int() }).nullable() },
  /** A label that shows the profile's size, resolution and darkness, with a barcode to scan. */
  'printing.testPrint': { input: PrinterRef, output: PrintJob },
  /** Item labels to the chosen printer, or to the desk's item-label printer. */
  'printing.itemLabel.print': { input: z.object({ printerId: ProfileId.optional(), label: ItemLabelInput }).strict(), output: PrintJob },
  /**
   * The service's box labels (its PDF) to the desk's box-label printer in one job, each page drawn at
   * the printer's resolution and sent as a ZPL graphic. No box-label printer set: refused, said so.
   */
  'printing.boxLabels.print': { input: BoxLabelsInput, output: PrintJob },
  'printing.jobs.list': { input: NoInput, output: PrintJobs },
  /** Sends a kept job again: only ever at the clerk's word. */
  'printing.jobs.retry': { input: JobRef, output: PrintJob },
  'printing.jobs.dismiss': { input: JobRef, output: PrintJobs },
} as const;

export const printingEvents = {
  /** The queue after any change (a job added, sent, kept or dismissed). */
  'printing.jobs.changed': PrintJobs,
} as const;
