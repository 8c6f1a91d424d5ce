import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LabelPrinterCondition, LabelPrinterJob } from '../../emulator/label-printer.js';
import type { PrintJob, PrintingSettings } from '../../areas/printing/common/ipc.js';
import { LABEL_SIZES } from '../../areas/printing/common/item-label.js';
import { normalizeGtin } from '../../shared/scan/codes.js';
import { parseGs1 } from '../../shared/scan/gs1.js';
import { createTestCore } from '../support/test-core.js';
import { renderZpl } from '../support/zpl-render.js';
import { englishOfSaid } from '../../electron/core/words.js';

/**
 * The printing area of a real core against the built-in emulator's label printer, over raw TCP:
 * profiles kept per desk, test prints and item labels printed, and a printer that is stopped or
 * cannot be reached told in plain words, with the job kept and never sent twice on its own.
 */
let t: Awaited<ReturnType<typeof createTestCore>>;
let printer: { host: string; port: number };

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await t.core.dispatch(channel, input);
  if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code });
  return result.value as T;
}
const printed = async () => (await t.core.emulator.control.call<{ items: LabelPrinterJob[] }>('GET', '/label-printer/jobs')).items;
const setPrinter = (c: Partial<LabelPrinterCondition>) => t.core.emulator.control.call('PUT', '/label-printer', c);
const ITEM = { sku: 'SKU-20931', name: 'Lemon curd 320 g', gtin: '5012345678900', lot: 'B7-2611', expiry: '2027-03-15', copies: 2 };

beforeAll(async () => {
  t = await createTestCore({ localEmulator: { inventoryItems: 5, receivingOrders: 2 } });
  printer = (await call<{ host: string; port: number } | null>('printing.emulatedPrinter', {}))!;
});
afterAll(() => t?.dispose());
beforeEach(async () => {
  await t.core.emulator.control.call('DELETE', '/label-printer/jobs');
  await setPrinter({ paperOut: false, ribbonOut: false, headOpen: false, paused: false, unreachable: false });
});

async function addPrinter(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const settings = await call<PrintingSettings>('printing.profiles.save', { name, kind: 'network-label', host: printer.host, port: printer.port, ...extra });
  return settings.profiles.find((p) => p.name === name)!.id;
}

describe('printing at the desk', () => {
  it('keeps printer profiles per desk with their defaults, across a restart, and the first one prints both kinds of label', async () => {
    expect(printer.host).toBe('127.0.0.1');
    const id = await addPrinter('Bench 1 Zebra');
    const settings = await call<PrintingSettings>('printing.settings.get', {});
    expect(settings.profiles.find((p) => p.id === id)).toMatchObject({ port: printer.port, dpi: 203, size: '4x6', darkness: 0, timeoutSeconds: 5 });
    expect(settings.itemLabelPrinter).toBe(id);
    expect(settings.boxLabelPrinter).toBe(id);
    await expect(call('printing.profiles.save', { name: 'bench 1 zebra', kind: 'network-label', host: 'x' })).rejects.toThrow(
      /named “Bench 1 Zebra” is set up already/,
    );
    await expect(call('printing.profiles.save', { name: 'Bad', kind: 'network-label', host: 'printer one' })).rejects.toMatchObject({ code: 'invalid_input' });

    const dataDir = t.dataDir;
    await t.dispose(false);
    t = await createTestCore({ dataDir, localEmulator: { inventoryItems: 5, receivingOrders: 2 } });
    const again = await call<PrintingSettings>('printing.settings.get', {});
    expect(again.profiles.map((p) => p.name)).toContain('Bench 1 Zebra');
    expect(again.itemLabelPrinter).toBe(id);
    // The emulator's printer moved to a new port with the restart; point the profile at it.
    printer = (await call<{ host: string; port: number }>('printing.emulatedPrinter', {}))!;
    await call('printing.profiles.save', { ...again.profiles.find((p) => p.id === id)!, port: printer.port });
  });

  it('prints a test label and item labels whose barcodes scan back as the item and its lot', async () => {
    const id = await addPrinter('Bench 2 Zebra', { dpi: 300, size: '4x3' });
    const test = await call<PrintJob>('printing.testPrint', { printerId: id });
    expect(test).toMatchObject({ state: 'printed', problem: [], attempts: 1, what: 'Test print', title: { id: 'printlabel.job.testPrint' } });
    const job = await call<PrintJob>('printing.itemLabel.print', { printerId: id, label: ITEM });
    expect(job).toMatchObject({
      state: 'printed',
      what: '2 item labels for SKU-20931, lot B7-2611',
      title: { id: 'printlabel.job.itemLabelsLot', values: { count: 2, sku: 'SKU-20931', lot: 'B7-2611' } },
    });

    const jobs = await printed();
    expect(jobs.map((j) => j.state)).toEqual(['printed', 'printed']);
    expect(jobs[0]!.zpl).toContain('Test print: Bench 2 Zebra');
    expect(jobs[1]!.bytes).toBe(job.bytes);
    const [label] = await renderZpl(jobs[1]!.zpl, LABEL_SIZES['4x3'], 300);
    expect(label!.barcodes[0]).toBe('SKU-20931');
    const gs1 = parseGs1(label!.barcodes[1]!.slice(3), { now: new Date('2026-11-25T00:00:00Z') });
    expect(label!.barcodes[1]!.startsWith(']C1')).toBe(true);
    expect(gs1).toMatchObject({ ok: true, gtin14: normalizeGtin(ITEM.gtin), lot: 'B7-2611', expiry: '2027-03-15' });
    expect(jobs[1]!.zpl).toContain('^PQ2,0,1,Y');
  }, 60_000);

  it.each([
    { condition: { paperOut: true }, words: /did not print\. It is out of labels: load a new roll of labels\. Then send the job again\./ },
    { condition: { headOpen: true }, words: /did not print\. Its print head is open: close the head until it clicks\. Then send the job again\./ },
    {
      condition: { paused: true, ribbonOut: true },
      words: /did not print\. It is out of ribbon: put in a new ribbon\. It is paused: press its pause button to resume\. Then send the job again\./,
    },
  ])('tells the clerk when the printer is stopped ($condition), keeps the job, and sends it again only when asked', async ({ condition, words }) => {
    const id = await addPrinter(`Stopped ${Object.keys(condition).join(' ')}`);
    await setPrinter(condition);
    const job = await call<PrintJob>('printing.itemLabel.print', { printerId: id, label: ITEM });
    expect(job.state).toBe('not-sent');
    expect(englishOfSaid(job.problem)).toMatch(words);
    // The clerk reads it as whole sentences in the desk's language: the printer, each cause with what to do, then what next.
    expect(job.problem[0]).toEqual({ id: 'printing.jobProblem.notPrinted', values: { printer: job.printerName } });
    expect(job.problem).toHaveLength(2 + Object.keys(condition).length);
    expect(job.problem.at(-1)).toEqual({ id: 'printing.jobProblem.sendAgain' });
    expect(await printed()).toEqual([]);
    const queue = await call<{ items: PrintJob[] }>('printing.jobs.list', {});
    expect(queue.items.find((j) => j.id === job.id)?.state).toBe('not-sent');

    // Fixed at the printer: nothing goes out by itself. The job stays as it was until the clerk asks:
    // the retry below is its second attempt, and the printer gets it once.
    await setPrinter({ paperOut: false, headOpen: false, paused: false, ribbonOut: false });
    const changesBefore = t.events.filter((e) => e.event === 'printing.jobs.changed').length;
    expect((await call<{ items: PrintJob[] }>('printing.jobs.list', {})).items.find((j) => j.id === job.id)).toMatchObject({ state: 'not-sent', attempts: 1 });
    expect(await printed()).toEqual([]);
    expect(t.events.filter((e) => e.event === 'printing.jobs.changed')).toHaveLength(changesBefore);
    const again = await call<PrintJob>('printing.jobs.retry', { jobId: job.id });
    expect(again).toMatchObject({ id: job.id, state: 'printed', attempts: 2, problem: [] });
    expect((await printed()).map((j) => j.state)).toEqual(['printed']);
    await expect(call('printing.jobs.retry', { jobId: job.id })).rejects.toThrow(/This job printed/);
    expect(await printed()).toHaveLength(1);
    expect(t.events.some((e) => e.event === 'printing.jobs.changed')).toBe(true);
  });

  it('says within the timeout that a printer does not answer, or refuses the connection, and sends nothing', async () => {
    const id = await addPrinter('Silent Zebra', { timeoutSeconds: 1 });
    await setPrinter({ unreachable: true });
    const started = Date.now();
    const job = await call<PrintJob>('printing.testPrint', { printerId: id });
    const took = Date.now() - started;
    expect(job.state).toBe('not-sent');
    expect(englishOfSaid(job.problem)).toMatch(/took the connection but did not answer within 1 s/);
    expect(took).toBeLessThan(2500);
    await setPrinter({ unreachable: false });
    expect(await printed()).toEqual([]);

    const closed = await addPrinter('Gone Zebra', { port: 9, timeoutSeconds: 1 });
    const refused = await call<PrintJob>('printing.testPrint', { printerId: closed });
    expect(refused.state).toBe('not-sent');
    expect(englishOfSaid(refused.problem)).toMatch(/refused the connection at 127\.0\.0\.1:9: nothing there takes print jobs/);
  });

  it('sends jobs to one printer one at a time, in the order asked', async () => {
    const id = await addPrinter('Busy Zebra');
    const skus = ['SKU-A1', 'SKU-B2', 'SKU-C3', 'SKU-D4'];
    const jobs = await Promise.all(skus.map((sku) => call<PrintJob>('printing.itemLabel.print', { printerId: id, label: { sku, name: sku, copies: 1 } })));
    expect(jobs.map((j) => j.state)).toEqual(['printed', 'printed', 'printed', 'printed']);
    const received = await printed();
    expect(received.map((j) => /\^FDSKU ([^^]+)\^FS/.exec(j.zpl)![1])).toEqual(skus);
    const finished = jobs.map((j) => Date.parse(j.finishedAt!));
    expect([...finished].sort((a, b) => a - b)).toEqual(finished);
  });

  it('refuses a label it cannot print right, and an item label with no printer chosen, in plain words', async () => {
    const id = await addPrinter('Small Zebra', { size: '2x1' });
    await expect(call('printing.itemLabel.print', { printerId: id, label: ITEM })).rejects.toThrow(/use wider labels/);
    await call('printing.roles.set', { itemLabelPrinter: null });
    await expect(call('printing.itemLabel.print', { label: ITEM })).rejects.toThrow(/No printer prints item labels on this desk yet/);
    expect(await printed()).toEqual([]);
  });

  it('prints the words on its labels in the desk’s label language: English by default, German once chosen', async () => {
    const id = await addPrinter('Bench 3 Zebra');
    expect((await call<PrintingSettings>('printing.settings.get', {})).labelLanguage).toBe('en');
    await call<PrintJob>('printing.testPrint', { printerId: id });
    const settings = await call<PrintingSettings>('printing.labelLanguage.set', { language: 'de' });
    expect(settings.labelLanguage).toBe('de');
    await call<PrintJob>('printing.testPrint', { printerId: id });
    const [english, german] = await printed();
    expect(english!.zpl).toContain('^FDTest print: Bench 3 Zebra^FS');
    expect(english!.zpl).toContain('^FD4x6 in, 203 dpi, darkness 0^FS');
    expect(german!.zpl).toContain('^FDTestdruck: Bench 3 Zebra^FS');
    expect(german!.zpl).toContain('^FD4x6 Zoll, 203 dpi, Schwärzung 0^FS');
    // A refusal is said in the clerk's language by the renderer: main sends its id and arguments.
    await expect(t.core.dispatch('printing.labelLanguage.set', { language: 'xx' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_input', said: { id: 'errors.ipc.invalidInput', values: { field: 'language' } } },
    });
    await call('printing.labelLanguage.set', { language: 'en' });
  });
});
