import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LabelPrinterCondition, LabelPrinterJob } from '../../emulator/label-printer.js';
import type { PrintingSettings } from '../../areas/printing/common/ipc.js';
import { LABEL_SIZES } from '../../areas/printing/common/item-label.js';
import { EmulatorClient } from '../support/emulator-client.js';
import { apiRequestsSince, callCore, createTestCore, emulatorControl, lastRequestSeq, signIn } from '../support/test-core.js';
import { renderZpl } from '../support/zpl-render.js';
import { englishOfSaid } from '../../electron/core/words.js';

/**
 * Box labels of a receiving order through a real core, from the emulator's labels PDF over HTTP to
 * its label printer over raw TCP. What the labels must carry is read from the service itself (the
 * order's boxes, whose ids the PDF's barcodes carry), and what was printed is read back from the
 * printer's jobs, drawn by a ZPL renderer and scanned.
 */
let t: Awaited<ReturnType<typeof createTestCore>>;
let api: EmulatorClient;
let printerId: string;
type Box = { box_id: number; box_number: number };
let order: { id: number; boxes: Box[] };

async function refusal(channel: 'printing.boxLabels.print', input: { receivingOrderId: number; boxIds?: number[] }) {
  const r = await t.core.dispatch(channel, input);
  if (r.ok) throw new Error(`${channel} was accepted`);
  return r.error;
}
const printed = async () => ((await emulatorControl(t, 'GET', '/label-printer/jobs')) as { items: LabelPrinterJob[] }).items;
const setPrinter = (c: Partial<LabelPrinterCondition>) => emulatorControl(t, 'PUT', '/label-printer', c);
const labelsIn = (zpl: string) => zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
const scanned = async (zpl: string) => (await renderZpl(zpl, LABEL_SIZES['4x6'], 203)).map((label) => label.barcodes);

beforeAll(async () => {
  t = await createTestCore({ localEmulator: { inventoryItems: 20, receivingOrders: 6 } });
  await signIn(t);
  // The sign-in's first inventory sync reads the service too: done before any request is counted here.
  await t.inventorySyncsEnded(1);
  const pat = (await emulatorControl(t, 'POST', '/pats', { name: 'box-labels' })) as { token: string };
  api = new EmulatorClient(t.core.emulator.url, pat.token);
  const orders = await api.get<{ id: number }[]>('/2026-07/receiving?Limit=250');
  for (const o of orders) {
    const boxes = await api.get<Box[]>(`/2026-07/receiving/${o.id}/boxes`);
    if (boxes.length >= 2) {
      order = { id: o.id, boxes };
      break;
    }
  }
  expect(order, 'the emulator seeds an order with two boxes or more').toBeDefined();
  const printer = await callCore(t, 'printing.emulatedPrinter', {});
  const settings = await callCore(t, 'printing.profiles.save', {
    name: 'Dock Zebra',
    kind: 'network-label',
    host: printer!.host,
    port: printer!.port,
    timeoutSeconds: 2,
  } as never);
  printerId = settings.profiles[0]!.id;
  expect(settings.boxLabelPrinter).toBe(printerId);
}, 60_000);
afterAll(() => t?.dispose());
beforeEach(async () => {
  await emulatorControl(t, 'DELETE', '/label-printer/jobs');
  await setPrinter({ paperOut: false, ribbonOut: false, headOpen: false, paused: false, unreachable: false });
});

describe('box labels to the desk’s label printer', () => {
  it('prints every box of an order in one job, one label per box, each barcode scanning as its box, for one request', async () => {
    const since = await lastRequestSeq(t);
    const job = await callCore(t, 'printing.boxLabels.print', { receivingOrderId: order.id });
    const requests = await apiRequestsSince(t, since);
    expect(requests.map((r) => `${r.method} ${r.path.replace(/\?.*/, '')}`)).toEqual([`GET /2026-07/receiving/${order.id}/labels`]);
    expect(job).toMatchObject({ state: 'printed', problem: [], attempts: 1, printerName: 'Dock Zebra' });
    expect(job.what).toBe(`${order.boxes.length} box labels for receiving order ${order.id}`);

    const jobs = await printed();
    expect(jobs).toHaveLength(1);
    const zpl = jobs[0]!.zpl;
    expect(jobs[0]!.bytes).toBe(job.bytes);
    const labels = labelsIn(zpl);
    expect(labels).toHaveLength(order.boxes.length);
    for (const label of labels) {
      expect(label).toMatch(/^\^XA\n\^CI28\n\^PW812\n\^LL1218\n\^LH0,0\n/);
      expect(label).toMatch(/\^GFA,\d+,\d+,102,:Z64:/);
    }
    expect(zpl).not.toMatch(/\^JU|\^MM|~SD|\^JZ/);
    expect(await scanned(zpl)).toEqual(order.boxes.map((b) => [String(b.box_id)]));
  }, 60_000);

  it('reprints one box, or the boxes chosen, from the order the clerk has open, for one request', async () => {
    await callCore(t, 'receiving.detail', { id: order.id, contents: true });
    const [first, second] = order.boxes;
    const since = await lastRequestSeq(t);
    const one = await callCore(t, 'printing.boxLabels.print', { receivingOrderId: order.id, boxIds: [second!.box_id] });
    expect(one.what).toBe(`Box label for box ${second!.box_number} of receiving order ${order.id}`);
    const two = await callCore(t, 'printing.boxLabels.print', { receivingOrderId: order.id, boxIds: [second!.box_id, first!.box_id] });
    expect(two.what).toBe(`2 box labels for boxes ${second!.box_number}, ${first!.box_number} of receiving order ${order.id}`);
    expect((await apiRequestsSince(t, since)).map((r) => r.path.replace(/\?.*/, ''))).toEqual([
      `/2026-07/receiving/${order.id}/labels`,
      `/2026-07/receiving/${order.id}/labels`,
    ]);
    const jobs = await printed();
    expect(await scanned(jobs[0]!.zpl)).toEqual([[String(second!.box_id)]]);
    expect(await scanned(jobs[1]!.zpl)).toEqual([[String(second!.box_id)], [String(first!.box_id)]]);

    const wrong = await refusal('printing.boxLabels.print', { receivingOrderId: order.id, boxIds: [999_999_999] });
    expect(wrong.message).toMatch(/Box 999999999 is not one of receiving order \d+’s boxes/);
  }, 60_000);

  it.each([
    { condition: { paperOut: true }, words: /did not print\. It is out of labels: load a new roll of labels\. Then send the job again\./ },
    { condition: { headOpen: true }, words: /did not print\. Its print head is open: close the head until it clicks\. Then send the job again\./ },
  ])(
    'tells the clerk when the printer is stopped ($condition), keeps the box labels, and prints them once when asked',
    async ({ condition, words }) => {
      await setPrinter(condition);
      const job = await callCore(t, 'printing.boxLabels.print', { receivingOrderId: order.id });
      expect(job.state).toBe('not-sent');
      expect(englishOfSaid(job.problem)).toMatch(words);
      expect(await printed()).toEqual([]);

      await setPrinter({ paperOut: false, headOpen: false });
      // Fixed at the printer, nothing goes out by itself: the retry below is the first job it sees.
      const since = await lastRequestSeq(t);
      const again = await callCore(t, 'printing.jobs.retry', { jobId: job.id });
      expect(again).toMatchObject({ id: job.id, state: 'printed', attempts: 2 });
      // The kept job is sent as it was: the service is not asked for the PDF again.
      expect(await apiRequestsSince(t, since)).toEqual([]);
      const jobs = await printed();
      expect(jobs).toHaveLength(1);
      expect(labelsIn(jobs[0]!.zpl)).toHaveLength(order.boxes.length);
      await expect(callCore(t, 'printing.jobs.retry', { jobId: job.id })).rejects.toThrow(/This job printed/);
      expect(await printed()).toHaveLength(1);
    },
    60_000,
  );

  it('says within the printer’s timeout that it does not answer, after the labels were fetched', async () => {
    await setPrinter({ unreachable: true });
    const started = Date.now();
    const job = await callCore(t, 'printing.boxLabels.print', { receivingOrderId: order.id });
    expect(job.state).toBe('not-sent');
    expect(englishOfSaid(job.problem)).toMatch(/Dock Zebra took the connection but did not answer within 2 s/);
    expect(Date.now() - started).toBeLessThan(6000);
    await setPrinter({ unreachable: false });
    expect(await printed()).toEqual([]);
  }, 60_000);

  it('with no box-label printer set, says where to set one and asks the service nothing', async () => {
    await callCore(t, 'printing.roles.set', { boxLabelPrinter: null });
    try {
      const since = await lastRequestSeq(t);
      const error = await refusal('printing.boxLabels.print', { receivingOrderId: order.id });
      expect(error.message).toMatch(/No printer prints box labels on this desk yet: choose one in Settings → Printers/);
      expect(await apiRequestsSince(t, since)).toEqual([]);
    } finally {
      await callCore(t, 'printing.roles.set', { boxLabelPrinter: printerId });
    }
    expect((await callCore(t, 'printing.settings.get', {})) satisfies PrintingSettings).toMatchObject({ boxLabelPrinter: printerId });
  });
});
