import { randomUUID } from 'node:crypto';
import { said, type Saying } from '../../../shared/errors.js';
import { appError, labelWords, sayError } from '../../../electron/core/words.js';
import {
  PrintingSettings,
  type NetworkPrinterProfile,
  type PrinterProfile,
  type PrintJob,
  type printingChannels,
  type SystemPrinterProfile,
} from '../common/ipc.js';
import { LabelProblem, itemLabelZpl, type ItemLabel, type LabelMedia, type LabelText } from '../common/item-label.js';
import { testLabelZpl } from '../common/test-label.js';
import { textLabelPrinter, textLabelZpl } from '../common/text-label.js';
import type { LabelPrinterService } from './label-printer.js';
import type { CoreContext } from '../../../electron/core/area.js';
import type { HandlersFor } from '../../../electron/core/ipc/registry.js';
import { boxIndexFor, getReceivingLabels } from '../../receiving/core/index.js';
import { boxLabelsPdf, boxLabelsZpl, rasterizePdf, warmRasterizer, type PageChoice } from './box-labels.js';
import { itemLabelPdf, testLabelPdf } from './label-pdf.js';
import { PrintQueue, PrintQueueError, type JobPayload } from './queue.js';
import { listSystemPrinters, type SystemPrintPort } from './system-print.js';
import type { JournalService } from '../../journal/core/index.js';
import type { JournalInput } from '../../journal/common/entry.js';

/** The desk's printers live in the settings file's own section for this area: per desk, whoever signs in. */
const SECTION = 'printing';
const DEFAULTS: PrintingSettings = { profiles: [], itemLabelPrinter: null, boxLabelPrinter: null, labelLanguage: 'en' };

type Deps = Pick<CoreContext, 'settings' | 'clock' | 'emit' | 'emulator' | 'api'> & {
  /** The shell's way to the system's printers (Electron); absent, a system printer's jobs go to the page's print dialog. */
  systemPrint?: SystemPrintPort | undefined;
  /** The desk's journal: labels printed for a receiving order or an item. */
  journal?: Pick<JournalService, 'record'>;
};

/**
 * A printed job as the journal keeps it: box labels under their receiving order, item labels under
 * their SKU, what was printed and on which printer; a test print is no record's and is not kept.
 * Nothing is asked of the service, so there is no answer.
 */
export function printedEntry(job: PrintJob): JournalInput | null {
  const values = job.title?.values ?? {};
  const record =
    values.order !== undefined
      ? { kind: 'receiving' as const, id: String(values.order), reference: null }
      : values.sku !== undefined
        ? { kind: 'item' as const, id: String(values.sku), reference: null }
        : null;
  if (!record) return null;
  return {
    what: {
      kind: 'labels.printed',
      record,
      details: { what: job.what, printer: job.printerName, state: job.state, ...(job.title ? { title: job.title.id } : {}) },
    },
    answer: null,
  };
}

/** The desk's printer profiles, read and written through the area's settings section. */
function profileStore(ctx: Pick<Deps, 'settings'>) {
  const read = () => ctx.settings.section(SECTION, PrintingSettings, DEFAULTS);
  const write = (change: Partial<PrintingSettings>) => ctx.settings.updateSection(SECTION, PrintingSettings, DEFAULTS, change);
  const profile = (id: string): PrinterProfile => {
    const found = read().profiles.find((p) => p.id === id);
    if (!found) throw appError('not_found', 'errors.printing.printerGone');
    return found;
  };
  return { read, write, profile };
}

type Handlers = HandlersFor<typeof printingChannels>;
type ProfileStore = ReturnType<typeof profileStore>;

function settingsHandlers({
  read,
  write,
  profile,
}: ProfileStore): Pick<
  Handlers,
  'printing.settings.get' | 'printing.profiles.save' | 'printing.profiles.remove' | 'printing.roles.set' | 'printing.labelLanguage.set'
> {
  return {
    'printing.settings.get': async () => read(),
    'printing.profiles.save': async (input) => {
      const saved: PrinterProfile = { ...input, id: input.id ?? randomUUID() };
      const current = read();
      if (input.id) profile(input.id);
      const clash = current.profiles.find((p) => p.id !== saved.id && p.name.toLowerCase() === saved.name.toLowerCase());
      if (clash) throw appError('validation', 'errors.printing.nameTaken', { name: clash.name });
      const profiles = current.profiles.some((p) => p.id === saved.id)
        ? current.profiles.map((p) => (p.id === saved.id ? saved : p))
        : [...current.profiles, saved];
      // The first printer set up prints both kinds of label until the clerk says otherwise.
      return write({ profiles, itemLabelPrinter: current.itemLabelPrinter ?? saved.id, boxLabelPrinter: current.boxLabelPrinter ?? saved.id });
    },
    'printing.profiles.remove': async ({ printerId }) => {
      const current = read();
      profile(printerId);
      return write({
        profiles: current.profiles.filter((p) => p.id !== printerId),
        itemLabelPrinter: current.itemLabelPrinter === printerId ? null : current.itemLabelPrinter,
        boxLabelPrinter: current.boxLabelPrinter === printerId ? null : current.boxLabelPrinter,
      });
    },
    'printing.roles.set': async (change) => {
      for (const id of [change.itemLabelPrinter, change.boxLabelPrinter]) if (id) profile(id);
      return write({
        ...(change.itemLabelPrinter !== undefined ? { itemLabelPrinter: change.itemLabelPrinter } : {}),
        ...(change.boxLabelPrinter !== undefined ? { boxLabelPrinter: change.boxLabelPrinter } : {}),
      });
    },
    // One label language per desk: the words on every label it prints from now on.
    'printing.labelLanguage.set': async ({ language }) => write({ labelLanguage: language }),
  };
}

/** Label problems and queue refusals reach the clerk as what they are, with the words they carry. */
async function told<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LabelProblem) throw sayError('validation', error.said, error.detail ? { detail: error.detail } : {});
    if (error instanceof PrintQueueError) throw sayError('conflict', error.said);
    throw error;
  }
}

/** Which pages of the labels PDF are the boxes asked for: the service gives one page per box, in the boxes' order. */
function chosenPages(boxes: { box_id: number; box_number?: number | undefined }[], orderId: number, boxIds: number[]): { choice: PageChoice; what: Saying } {
  const pages = boxIds.map((boxId) => {
    const at = boxes.findIndex((b) => b.box_id === boxId);
    if (at < 0) throw appError('not_found', 'errors.printing.boxNotInOrder', { box: boxId, order: orderId });
    return at;
  });
  const numbers = pages.map((i) => boxes[i]!.box_number ?? i + 1);
  const what =
    numbers.length === 1
      ? said('printlabel.job.boxLabel', { box: numbers[0]!, order: orderId })
      : said('printlabel.job.boxLabelsOf', { count: numbers.length, boxes: numbers.join(', '), order: orderId });
  return { choice: { pages, of: boxes.length }, what };
}

const media = (p: NetworkPrinterProfile): LabelMedia => ({ size: p.size, dpi: p.dpi, darkness: p.darkness });

/**
 * A system printer's PDF: one page and the system prints the copies, or (no port: the browser's print
 * dialog, which cannot be told a number of copies) one page per copy.
 */
async function itemLabelJob(p: PrinterProfile, label: ItemLabel, toSystem: boolean, text: LabelText): Promise<JobPayload> {
  if (p.kind === 'network-label') return { kind: p.kind, zpl: itemLabelZpl(label, media(p), text) };
  return { kind: p.kind, pdf: await itemLabelPdf(label, p, text, toSystem ? 1 : label.copies), copies: toSystem ? label.copies : 1, page: pageOf(p) };
}

async function testPrintJob(p: PrinterProfile, text: LabelText): Promise<JobPayload> {
  if (p.kind === 'network-label') return { kind: p.kind, zpl: testLabelZpl(p.name, media(p), text) };
  return { kind: p.kind, pdf: await testLabelPdf({ name: p.name, deviceName: p.deviceName ?? null }, p, text), copies: 1, page: pageOf(p) };
}

const pageOf = (p: SystemPrinterProfile) => ({ widthMm: p.widthMm, heightMm: p.heightMm });

/** Box labels for the profile's kind: each page a ZPL graphic at the printer's dots, or a PDF of label-sized pages. */
async function boxLabelsJob(
  p: PrinterProfile,
  pdf: Uint8Array,
  choice: PageChoice | undefined,
  text: LabelText,
): Promise<{ payload: JobPayload; pages: number }> {
  if (p.kind === 'system') {
    const made = await boxLabelsPdf(pdf, p, choice, text('printlabel.pdf.boxTitle'));
    return { payload: { kind: p.kind, pdf: made.pdf, copies: 1, page: pageOf(p) }, pages: made.pages };
  }
  const pages = await rasterizePdf(pdf, p, choice);
  const zpl = boxLabelsZpl(
    pages.map((page) => page.bitmap),
    media(p),
  );
  return { payload: { kind: p.kind, zpl }, pages: pages.length };
}

/** The service's box labels of an order (all, or the boxes named) to the desk's box-label printer, as one job. */
function boxLabelPrinting(ctx: Pick<Deps, 'api'>, { read, profile }: ProfileStore, queue: PrintQueue) {
  return async ({ receivingOrderId, boxIds }: { receivingOrderId: number; boxIds?: number[] | undefined }, signal: AbortSignal) => {
    const id = read().boxLabelPrinter;
    if (!id) throw appError('validation', 'errors.printing.noBoxPrinter');
    const p = profile(id);
    const api = ctx.api();
    // One request: the PDF. Chosen boxes need the order's boxes too, which the order's page has read already.
    const [pdf, boxes] = await Promise.all([
      getReceivingLabels(api, receivingOrderId, signal),
      boxIds ? boxIndexFor(api).boxesOf(receivingOrderId, signal) : Promise.resolve(null),
    ]);
    const chosen = boxIds && boxes ? chosenPages(boxes, receivingOrderId, boxIds) : undefined;
    return told(async () => {
      const { payload, pages } = await boxLabelsJob(p, pdf, chosen?.choice, labelWords(read().labelLanguage));
      const what = chosen?.what ?? said('printlabel.job.boxLabels', { count: pages, order: receivingOrderId });
      return queue.submit(p, what, payload);
    });
  };
}

/** Warm-up of the PDF renderer at start, a while after the desk's own first reads. */
const WARM_AFTER_START_MS = 5000;

export function createPrintingDesk(ctx: Deps) {
  // A desk with a box-label printer loads the PDF renderer before the clerk's first print needs it:
  // soon after start, or as soon as such a printer is set.
  const warmFor = (settings: PrintingSettings): PrintingSettings => {
    // The warm-up settles either way (a failure is met again, and said, at the first print).
    if (settings.boxLabelPrinter) void warmRasterizer();
    return settings;
  };
  const plainStore = profileStore(ctx);
  const store: ProfileStore = { ...plainStore, write: (change) => warmFor(plainStore.write(change)) };
  const warmTimer = plainStore.read().boxLabelPrinter ? setTimeout(() => void warmRasterizer(), WARM_AFTER_START_MS).unref() : null;
  const { read, profile } = store;
  const queue = new PrintQueue({
    clock: ctx.clock,
    changed: (items) => ctx.emit('printing.jobs.changed', { items }),
    systemPrint: ctx.systemPrint,
    printed: async (job) => {
      const entry = printedEntry(job);
      if (entry) await ctx.journal?.record(entry);
    },
  });
  const toSystem = ctx.systemPrint !== undefined;
  const boxLabels = boxLabelPrinting(ctx, store, queue);
  const handlers: Handlers = {
    ...settingsHandlers(store),
    'printing.emulatedPrinter': async () => ctx.emulator.labelPrinter,
    'printing.systemPrinters': () => listSystemPrinters(ctx.systemPrint),
    'printing.testPrint': async ({ printerId }) => {
      const p = profile(printerId);
      return told(async () => queue.submit(p, said('printlabel.job.testPrint'), await testPrintJob(p, labelWords(read().labelLanguage))));
    },
    'printing.itemLabel.print': async ({ printerId, label }) => {
      const id = printerId ?? read().itemLabelPrinter;
      if (!id) throw appError('validation', 'errors.printing.noItemPrinter');
      const p = profile(id);
      const what = label.badge
        ? said('printlabel.job.badge', { name: label.name })
        : label.lot
          ? said('printlabel.job.itemLabelsLot', { count: label.copies, sku: label.sku, lot: label.lot })
          : said('printlabel.job.itemLabels', { count: label.copies, sku: label.sku });
      return told(async () => queue.submit(p, what, await itemLabelJob(p, label, toSystem, labelWords(read().labelLanguage))));
    },
    'printing.boxLabels.print': (input, call) => boxLabels(input, call.signal),
    'printing.jobs.list': async () => ({ items: queue.list() }),
    'printing.jobs.retry': async ({ jobId }) => {
      const job = queue.list().find((j) => j.id === jobId);
      return told(() => queue.retry(jobId, job ? read().profiles.find((x) => x.id === job.printerId) : undefined));
    },
    'printing.jobs.dismiss': async ({ jobId }) => {
      await told(() => queue.dismiss(jobId));
      return { items: queue.list() };
    },
    'printing.jobs.pdf': async ({ jobId }) => {
      const { pdf, page, what } = await told(() => queue.pdfOf(jobId));
      return { fileName: `${what}.pdf`, base64: pdf.toString('base64'), ...page };
    },
  };
  const labelPrinter: LabelPrinterService = {
    printText: async (label, what) => {
      const chosen = textLabelPrinter(read());
      if (!chosen.printer) throw sayError('validation', chosen.reason);
      const p = chosen.printer;
      return told(async () => queue.submit(p, what, { kind: p.kind, zpl: textLabelZpl(label, media(p)).zpl }));
    },
  };
  return {
    handlers,
    labelPrinter,
    idle: () => {
      if (warmTimer) clearTimeout(warmTimer);
      return queue.idle();
    },
  };
}
