import { z } from 'zod';
import { Said } from '../../../shared/errors.js';
import { DPI_CHOICES, LABEL_LANGUAGES, LABEL_SIZES, MAX_COPIES, type LabelSize } from './item-label.js';
import { DateTime } from '../../../shared/schemas/common.js';
import { NoInput } from '../../../shared/ipc/define.js';

/**
 * Printing at the desk: the desk's printers (kept per desk, not per account: the printers are the
 * bench's, whoever signs in) and the jobs sent to them. A network label printer takes ZPL on a raw
 * TCP port, and main reads its host status before and after each job; a system printer takes a PDF
 * the size of the label through the system's print queue (Electron), or through the browser's own
 * print dialog (browser host). Main sends one job at a time per printer and keeps a job the printer
 * could not take so the clerk can send it again.
 */

const ProfileId = z.string().min(1).max(64);
const ProfileName = z.string().trim().min(1, 'Give the printer a name the desk knows it by.').max(60);
/** How long the printer may take to answer, per step (network: connect, status, job; system: the system taking the job). */
const TimeoutSeconds = z.number().int().min(1).max(120);

export const NetworkPrinterProfile = z.object({
  id: ProfileId,
  name: ProfileName,
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
  timeoutSeconds: TimeoutSeconds,
});
export type NetworkPrinterProfile = z.infer<typeof NetworkPrinterProfile>;

/** A label side in millimetres, to a tenth: what the stock's box says, 10 mm to 300 mm. */
const LabelSide = (side: string) =>
  z
    .number()
    .min(10, `The label's ${side} is at least 10 mm.`)
    .max(300, `The label's ${side} is at most 300 mm.`)
    .refine((mm) => Math.abs(mm * 10 - Math.round(mm * 10)) < 1e-6, `Give the label's ${side} in millimetres to a tenth at most (for example 101.6).`);

/**
 * A printer the operating system knows (a USB label printer with its driver, an office printer), printed
 * to through the system's print queue with a PDF the size of the label and no margins. `deviceName` is
 * the system's name for it; null is the system's default printer (Electron) or the one chosen in the
 * browser's print dialog (browser host, which cannot reach the system's printers itself).
 */
export const SystemPrinterProfile = z.object({
  id: ProfileId,
  name: ProfileName,
  kind: z.literal('system'),
  deviceName: z.string().trim().min(1).max(200).nullable(),
  widthMm: LabelSide('width'),
  heightMm: LabelSide('height'),
  timeoutSeconds: TimeoutSeconds,
});
export type SystemPrinterProfile = z.infer<typeof SystemPrinterProfile>;

/** Profiles written before there were system printers have no kind: they are all network label printers. */
const withKind = (raw: unknown): unknown => (raw !== null && typeof raw === 'object' && !('kind' in raw) ? { ...raw, kind: 'network-label' } : raw);

export const PrinterProfile = z.preprocess(withKind, z.discriminatedUnion('kind', [NetworkPrinterProfile, SystemPrinterProfile]));
export type PrinterProfile = z.infer<typeof PrinterProfile>;
export type PrinterKind = PrinterProfile['kind'];

/** A new profile (no id yet) or a changed one; all but the name and where it is have defaults. */
export const NetworkPrinterProfileInput = NetworkPrinterProfile.extend({
  id: ProfileId.optional(),
  port: NetworkPrinterProfile.shape.port.default(9100),
  dpi: NetworkPrinterProfile.shape.dpi.default(203),
  size: NetworkPrinterProfile.shape.size.default('4x6'),
  darkness: NetworkPrinterProfile.shape.darkness.default(0),
  timeoutSeconds: TimeoutSeconds.default(5),
}).strict();

/** A system printer takes longer than a raw port: the system spools the PDF before it answers. */
export const SystemPrinterProfileInput = SystemPrinterProfile.extend({
  id: ProfileId.optional(),
  deviceName: SystemPrinterProfile.shape.deviceName.default(null),
  widthMm: SystemPrinterProfile.shape.widthMm.default(101.6),
  heightMm: SystemPrinterProfile.shape.heightMm.default(152.4),
  timeoutSeconds: TimeoutSeconds.default(30),
}).strict();

export const PrinterProfileInput = z.discriminatedUnion('kind', [NetworkPrinterProfileInput, SystemPrinterProfileInput]);

// Not exported as an enum of its own: the choices are languages, named in their own words (LANGUAGES), not a label table's.
const LabelLanguage = z.enum(LABEL_LANGUAGES);

export const PrintingSettings = z.object({
  /**
   * A profile that cannot be read (written by a newer Dockdesk, say) is left out rather than making
   * the whole section unreadable, which would lose every printer of the desk.
   */
  profiles: z
    .array(z.unknown())
    .max(50)
    .transform((items) =>
      items.flatMap((item) => {
        const parsed = PrinterProfile.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  /** Which profile prints item labels and which box labels; null: none chosen yet. */
  itemLabelPrinter: ProfileId.nullable(),
  boxLabelPrinter: ProfileId.nullable(),
  /** The language of the words printed on this desk's labels (one per desk, whoever signs in); English in older files. */
  labelLanguage: LabelLanguage.default('en'),
});
export type PrintingSettings = z.infer<typeof PrintingSettings>;

/**
 * The system's printers as the shell sees them. `available: false`: this shell cannot reach them (the
 * browser host), and the reason says what happens instead; with none set up, it says so too.
 */
export const SystemPrinter = z.object({
  name: z.string(),
  displayName: z.string(),
  /** What the system says of it: ready, busy printing, stopped (paused or disabled in its queue), or not said. */
  status: z.enum(['ready', 'busy', 'stopped', 'unknown']),
});
export type SystemPrinter = z.infer<typeof SystemPrinter>;

export const SystemPrinters = z.object({
  available: z.boolean(),
  /**
   * Why there is nothing to choose from, as whole sentences, each a message id with its arguments:
   * what the clerk reads, in the clerk's language. Empty when there are printers.
   */
  reason: z.array(Said),
  printers: z.array(SystemPrinter),
});
export type SystemPrinters = z.infer<typeof SystemPrinters>;

/**
 * Where a job is. queued and sending: on its way. printed: the printer was ready, took it, and was
 * still ready after. not-sent: the printer could not take it (stopped, unreachable); nothing was
 * sent. stopped-after: the printer took it and then reported a problem; it prints once that is
 * fixed. unsure: the connection broke while sending, or the system did not answer in time.
 * to-browser: a system printer's PDF, handed to the browser's print dialog (browser host), where the
 * clerk prints it or not. Only the clerk sends a job again.
 */
export const PrintJobState = z.enum(['queued', 'sending', 'printed', 'not-sent', 'stopped-after', 'unsure', 'to-browser']);
export type PrintJobState = z.infer<typeof PrintJobState>;

export const PrintJob = z.object({
  id: z.string(),
  printerId: ProfileId,
  printerName: z.string(),
  /** What it prints, in English ("3 item labels for SKU-10442"): logs, and the name of its PDF. */
  what: z.string(),
  /** The same as a message id with its arguments: what the queue shows, in the clerk's language. */
  title: Said.optional(),
  state: PrintJobState,
  /**
   * What went wrong and what to do, as whole sentences ("Bench 1 Zebra did not print.", one per cause
   * with what to do, "Then send the job again."), each a message id with its arguments: what the
   * clerk reads, in the clerk's language, one after another. Empty when nothing went wrong.
   */
  problem: z.array(Said),
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
    badge: z.boolean().optional(),
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
  'printing.profiles.save': { input: PrinterProfileInput, output: PrintingSettings },
  'printing.profiles.remove': { input: PrinterRef, output: PrintingSettings },
  'printing.roles.set': {
    input: z.object({ itemLabelPrinter: ProfileId.nullable().optional(), boxLabelPrinter: ProfileId.nullable().optional() }).strict(),
    output: PrintingSettings,
  },
  /** The built-in emulator's label printer, to set up as a profile like any network printer. */
  'printing.labelLanguage.set': { input: z.object({ language: LabelLanguage }).strict(), output: PrintingSettings },
  'printing.emulatedPrinter': { input: NoInput, output: z.object({ host: z.string(), port: z.number().int() }).nullable() },
  /** The system's printers to choose a system printer from; the browser host answers that it cannot reach them, and why. */
  'printing.systemPrinters': { input: NoInput, output: SystemPrinters },
  /** A label that shows the profile's size (and resolution and darkness), with a barcode to scan. */
  'printing.testPrint': { input: PrinterRef, output: PrintJob },
  /** Item labels to the chosen printer, or to the desk's item-label printer. */
  'printing.itemLabel.print': { input: z.object({ printerId: ProfileId.optional(), label: ItemLabelInput }).strict(), output: PrintJob },
  /**
   * The service's box labels (its PDF) to the desk's box-label printer in one job: for a network label
   * printer each page drawn at the printer's resolution and sent as a ZPL graphic, for a system printer
   * as a PDF of label-sized pages. No box-label printer set: refused, said so.
   */
  'printing.boxLabels.print': { input: BoxLabelsInput, output: PrintJob },
  'printing.jobs.list': { input: NoInput, output: PrintJobs },
  /** Sends a kept job again: only ever at the clerk's word. */
  'printing.jobs.retry': { input: JobRef, output: PrintJob },
  'printing.jobs.dismiss': { input: JobRef, output: PrintJobs },
  /**
   * A `to-browser` job's PDF, for the page to hand to the browser's print dialog: one page per label
   * (copies included, since the page cannot set the dialog's copies), each the label's size.
   */
  'printing.jobs.pdf': {
    input: JobRef,
    output: z.object({ fileName: z.string(), base64: z.string(), widthMm: z.number(), heightMm: z.number() }),
  },
} as const;

export const printingEvents = {
  /** The queue after any change (a job added, sent, kept or dismissed). */
  'printing.jobs.changed': PrintJobs,
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const printingIpc = { id: 'printing', channels: printingChannels, events: printingEvents } as const;
