import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SystemPrintOptions, SystemPrintPort } from '../../areas/printing/core/index.js';
import { CSP_MANIFEST_FILE } from '../../electron/core/security/csp.js';
import { LAUNCH_SECRET_HEADER, startBrowserHost, type BrowserHost } from '../../electron/host/browser-host.js';
import type { IpcResult } from '../../shared/ipc/contract.js';
import type { PrintingSettings, SystemPrinter, SystemPrinters } from '../../areas/printing/common/ipc.js';
import { normalizeGtin } from '../../shared/scan/codes.js';
import { GS } from '../../shared/scan/gs1.js';
import { EmulatorClient } from '../support/emulator-client.js';
import { renderPdf } from '../support/pdf-render.js';
import { callCore, createTestCore, signIn, type TestCore } from '../support/test-core.js';
import { englishOfSaid } from '../../electron/core/words.js';

/**
 * System printers through a real core: box labels from the emulator's labels PDF over HTTP and item
 * labels made by the desk reach the shell's print port (here a recording one: the operating system's
 * print API does not exist on a test machine) with the printer's name, a page the label's exact size
 * in microns, and a PDF whose pages are that size and whose barcodes scan. A printer that is gone is
 * said so and the job is kept; the browser host, which has no such port, says so plainly and hands
 * the PDF to the page's print dialog.
 */
class RecordingPort implements SystemPrintPort {
  printers: SystemPrinter[] = [
    { name: 'Zebra_ZD421', displayName: 'Zebra ZD421 (USB)', status: 'ready' },
    { name: 'Office_Laser', displayName: 'Office laser', status: 'ready' },
  ];
  jobs: { pdf: Buffer; options: SystemPrintOptions }[] = [];
  failure: string | null = null;
  /** A system that never answers (a driver stuck on a dialog of its own). */
  hang = false;
  list = async () => this.printers.map((p) => ({ ...p }));
  printPdf = async (pdf: Buffer, options: SystemPrintOptions) => {
    if (this.hang) return new Promise<void>(() => {});
    if (this.failure) throw new Error(this.failure);
    this.jobs.push({ pdf, options });
  };
}

const port = new RecordingPort();
let t: TestCore;
let order: { id: number; boxes: { box_id: number; box_number: number }[] };
let printerId: string;
const LABEL_4X6 = { widthMm: 101.6, heightMm: 152.4 };
const points = (mm: number) => (mm * 72) / 25.4;

beforeAll(async () => {
  t = await createTestCore({ systemPrint: port, localEmulator: { inventoryItems: 20, receivingOrders: 6 } });
  await signIn(t);
  await t.inventorySyncsEnded(1);
  const pat = (await callEmulator('POST', '/pats', { name: 'system-printing' })) as { token: string };
  const api = new EmulatorClient(t.core.emulator.url, pat.token);
  for (const o of await api.get<{ id: number }[]>('/2026-07/receiving?Limit=250')) {
    const boxes = await api.get<{ box_id: number; box_number: number }[]>(`/2026-07/receiving/${o.id}/boxes`);
    if (boxes.length >= 2) {
      order = { id: o.id, boxes };
      break;
    }
  }
  expect(order, 'the emulator seeds an order with two boxes or more').toBeDefined();
  const settings = await callCore(t, 'printing.profiles.save', { kind: 'system', name: 'Dock Zebra (USB)', deviceName: 'Zebra_ZD421', ...LABEL_4X6 });
  printerId = settings.profiles[0]!.id;
  expect(settings).toMatchObject({ itemLabelPrinter: printerId, boxLabelPrinter: printerId });
}, 60_000);
afterAll(() => t?.dispose());
beforeEach(() => {
  port.jobs = [];
  port.failure = null;
  port.hang = false;
});

async function callEmulator(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${t.core.emulator.url}/__emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return res.json();
}

async function setSize(size: { widthMm: number; heightMm: number }): Promise<PrintingSettings> {
  const current = (await callCore(t, 'printing.settings.get', {})).profiles.find((p) => p.id === printerId)!;
  return callCore(t, 'printing.profiles.save', { ...current, ...size });
}

describe('a system printer in the desktop app', () => {
  it('lists the system’s printers', async () => {
    expect(await callCore(t, 'printing.systemPrinters', {})).toEqual({ available: true, reason: [], printers: port.printers });
  });

  it('prints an order’s box labels as one job: the service’s pages, the label’s size, to the chosen printer', async () => {
    await setSize(LABEL_4X6);
    const job = await callCore(t, 'printing.boxLabels.print', { receivingOrderId: order.id });
    expect(job).toMatchObject({
      state: 'printed',
      problem: [],
      printerName: 'Dock Zebra (USB)',
      what: `${order.boxes.length} box labels for receiving order ${order.id}`,
    });
    expect(port.jobs).toHaveLength(1);
    const [sent] = port.jobs;
    expect(sent!.options).toEqual({ deviceName: 'Zebra_ZD421', widthMicrons: 101_600, heightMicrons: 152_400, copies: 1, title: `Dockdesk: ${job.what}` });
    const pages = await renderPdf(sent!.pdf);
    expect(pages.map((p) => p.barcodes)).toEqual(order.boxes.map((b) => [String(b.box_id)]));
    for (const page of pages) {
      expect(page.widthPt).toBeCloseTo(points(101.6), 1);
      expect(page.heightPt).toBeCloseTo(points(152.4), 1);
    }
  }, 60_000);

  it('reprints one box on 4x3 stock: its page alone, drawn to the label’s size, still scanning as the box', async () => {
    await setSize({ widthMm: 101.6, heightMm: 76.2 });
    const box = order.boxes[1]!;
    const job = await callCore(t, 'printing.boxLabels.print', { receivingOrderId: order.id, boxIds: [box.box_id] });
    expect(job.state).toBe('printed');
    expect(port.jobs[0]!.options).toMatchObject({ widthMicrons: 101_600, heightMicrons: 76_200 });
    const pages = await renderPdf(port.jobs[0]!.pdf, 300);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.widthPt).toBeCloseTo(points(101.6), 1);
    expect(pages[0]!.heightPt).toBeCloseTo(points(76.2), 1);
    expect(pages[0]!.barcodes).toEqual([String(box.box_id)]);
  }, 60_000);

  it('prints item labels as a label-sized PDF with the copies asked, and a test print', async () => {
    await setSize(LABEL_4X6);
    const label = { sku: 'SKU-10442', name: 'Crème de marrons 250 g', gtin: '4006381333931', lot: 'L24-07A', expiry: '2027-01-31', copies: 3 };
    const job = await callCore(t, 'printing.itemLabel.print', { label });
    expect(job).toMatchObject({ state: 'printed', what: '3 item labels for SKU-10442, lot L24-07A' });
    expect(port.jobs[0]!.options).toMatchObject({ deviceName: 'Zebra_ZD421', widthMicrons: 101_600, heightMicrons: 152_400, copies: 3 });
    const [page, ...more] = await renderPdf(port.jobs[0]!.pdf);
    expect(more).toHaveLength(0);
    expect(page!.widthPt).toBeCloseTo(points(101.6), 3);
    expect(page!.barcodes).toEqual(['SKU-10442', `]C101${normalizeGtin(label.gtin)}10L24-07A${GS}17270131`]);

    const test = await callCore(t, 'printing.testPrint', { printerId });
    expect(test.state).toBe('printed');
    const [testPage] = await renderPdf(port.jobs[1]!.pdf);
    expect(testPage!.text).toContain('Test print: Dock Zebra (USB)');
  }, 60_000);

  it('keeps a job for a printer that is gone, says so, and prints it once when sent again', async () => {
    const all = port.printers;
    port.printers = all.filter((p) => p.name !== 'Zebra_ZD421');
    const job = await callCore(t, 'printing.testPrint', { printerId });
    expect(job.state).toBe('not-sent');
    expect(englishOfSaid(job.problem)).toBe(
      'Zebra_ZD421 is not among this computer’s printers now, so Dock Zebra (USB) did not print. Check that it is plugged in and on, and set up in the system’s printer settings, then send the job again.',
    );
    expect(port.jobs).toHaveLength(0);
    expect((await callCore(t, 'printing.jobs.list', {})).items.find((j) => j.id === job.id)).toMatchObject({ state: 'not-sent' });

    port.printers = all;
    port.failure = 'Printer is out of paper';
    const refused = await callCore(t, 'printing.jobs.retry', { jobId: job.id });
    expect(refused).toMatchObject({ state: 'not-sent', attempts: 2 });
    expect(englishOfSaid(refused.problem)).toBe(
      'Dock Zebra (USB) (Zebra_ZD421 on this computer) did not take the job: Printer is out of paper. Check that it is on and has labels, then send the job again.',
    );
    // The system's own words go into the clerk's sentence as they came.
    expect(refused.problem).toEqual([
      {
        id: 'printing.jobProblem.systemRefused',
        values: { where: 'device', printer: 'Dock Zebra (USB)', device: 'Zebra_ZD421', error: 'Printer is out of paper' },
      },
    ]);

    port.failure = null;
    expect(await callCore(t, 'printing.jobs.retry', { jobId: job.id })).toMatchObject({ state: 'printed', problem: [], attempts: 3 });
    expect(port.jobs).toHaveLength(1);
  }, 30_000);

  it('says within the profile’s timeout that the system did not take the job, and keeps it as perhaps printed', async () => {
    const current = (await callCore(t, 'printing.settings.get', {})).profiles.find((p) => p.id === printerId)!;
    await callCore(t, 'printing.profiles.save', { ...current, timeoutSeconds: 1 });
    port.hang = true;
    const started = Date.now();
    const job = await callCore(t, 'printing.testPrint', { printerId });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(job).toMatchObject({ state: 'unsure' });
    expect(englishOfSaid(job.problem)).toBe(
      'Dock Zebra (USB) (Zebra_ZD421 on this computer) did not take the job within 1 s. Look at the printer and the system’s print queue: send the job again only if the labels did not come out.',
    );
    await callCore(t, 'printing.profiles.save', current);
  }, 30_000);
});

describe('a system printer in the browser host', () => {
  let host: BrowserHost;
  const dirs: string[] = [];
  beforeAll(async () => {
    const rendererDir = await mkdtemp(join(tmpdir(), 'dockdesk-system-print-renderer-'));
    const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-system-print-data-'));
    dirs.push(rendererDir, dataDir);
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Dockdesk</title>');
    await writeFile(join(rendererDir, CSP_MANIFEST_FILE), JSON.stringify({ policy: "default-src 'self'; script-src 'strict-dynamic'" }));
    host = await startBrowserHost({ rendererDir, dataDir, keychain: 'memory', log: () => {}, localEmulator: { inventoryItems: 5, receivingOrders: 1 } });
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function bridge<T>(channel: string, input: unknown): Promise<T> {
    const res = await request(`${host.origin}/ipc/${channel}`, {
      method: 'POST',
      headers: { origin: host.origin, [LAUNCH_SECRET_HEADER]: host.secret, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const result = (await res.body.json()) as IpcResult<T>;
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  }

  it('says plainly that it cannot reach the system’s printers, and hands a job’s PDF to the page’s print dialog', async () => {
    const listed = await bridge<SystemPrinters>('printing.systemPrinters', {});
    expect(listed).toEqual({
      available: false,
      printers: [],
      reason: [{ id: 'printing.systemPrinters.browserHost' }],
    });
    expect(englishOfSaid(listed.reason)).toBe(
      'The browser host cannot reach this computer’s printers: a system printer prints through the browser’s own print dialog, where the printer and the paper size are chosen for each job. The desktop app (Electron) prints to it directly, with no dialog.',
    );

    const settings = await bridge<PrintingSettings>('printing.profiles.save', { kind: 'system', name: 'Desk printer', widthMm: 50.8, heightMm: 25.4 });
    const profile = settings.profiles[0]!;
    expect(profile).toMatchObject({ kind: 'system', deviceName: null, widthMm: 50.8, heightMm: 25.4 });
    const job = await bridge<{ id: string; state: string }>('printing.itemLabel.print', { label: { sku: 'SKU-7', name: 'Tape', copies: 2 } });
    expect(job.state).toBe('to-browser');
    const pdf = await bridge<{ base64: string; widthMm: number; heightMm: number; fileName: string }>('printing.jobs.pdf', { jobId: job.id });
    expect(pdf).toMatchObject({ widthMm: 50.8, heightMm: 25.4, fileName: '2 item labels for SKU-7.pdf' });
    // The dialog cannot be told a number of copies: one page per label.
    const pages = await renderPdf(Buffer.from(pdf.base64, 'base64'), 300);
    expect(pages.map((p) => p.barcodes)).toEqual([['SKU-7'], ['SKU-7']]);
    expect(pages[0]!.widthPt).toBeCloseTo(points(50.8), 3);
    expect(pages[0]!.heightPt).toBeCloseTo(points(25.4), 3);
  }, 60_000);
});
