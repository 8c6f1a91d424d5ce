import * as XLSX from '@e965/xlsx';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ChannelInput } from '../../shared/ipc/contract.js';
import { IMPORT_FILE_MAX, IMPORT_LINES_MAX } from '../../areas/receiving/common/ipc.js';
import { EmulatorClient } from '../support/emulator-client.js';
import { apiRequestsSince, callCore, createTestCore, emulatorControl, lastRequestSeq, signIn } from '../support/test-core.js';
import { summarize } from './stats.js';

/**
 * A supplier's spreadsheet of 2,000 lines in 200 boxes read, matched and checked against the item
 * cache in main (`receiving.importCheck`), as the import dialog asks it: the preview (rows and
 * problems), then the lines for the form; once as CSV and once as an .xlsx workbook of the same lines
 * (quantities and boxes as number cells), made with SheetJS. Timed from the call to its answer, with main's event-loop
 * stall while it runs (what another call of the desk, a scan or a keypress answered by main, would
 * wait behind), and the requests it costs (none: every row is resolved from the cache).
 */
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 10);
export const BOXES = 200;
export const LINES_PER_BOX = 10;

/**
 * The bench's spreadsheet, as lines of a CSV (heading first): 200 boxes of 10 lines, each line an
 * item of the emulator's first inventory page that a receiving order takes (no lot, bundle, digital
 * or inactive item, no SKU needing quotes), so the file has no problems to fix.
 */
export async function importRows(api: EmulatorClient): Promise<string[]> {
  const { items } = await api.get<{ items: { sku: string; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean; is_active: boolean } }[] }>(
    '/2026-07/inventory?PageSize=500',
  );
  const skus = items
    .filter((i) => !i.is_lot && !i.variant.is_bundle && !i.variant.is_digital && i.variant.is_active && i.sku && !/[,"]/.test(i.sku))
    .map((i) => i.sku);
  const rows = ['SKU,Qty,Box,Tracking'];
  for (let box = 1; box <= BOXES; box++)
    for (let line = 0; line < LINES_PER_BOX; line++)
      rows.push(`${skus[(box * LINES_PER_BOX + line) % skus.length]},${line + 1},${box},1ZBENCH${String(box).padStart(5, '0')}`);
  return rows;
}

/** The same lines as an .xlsx workbook: numbers in number cells, as a spreadsheet program saves them. */
export function importWorkbook(rows: readonly string[]): Buffer {
  const cells = rows.map((line, i) => line.split(',').map((c, k) => (i > 0 && (k === 1 || k === 2) ? Number(c) : c)));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(cells), 'ASN');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export async function benchReceivingImport(): Promise<Record<string, unknown>> {
  const t = await createTestCore();
  try {
    await signIn(t);
    await t.inventorySyncsEnded(1, 120_000);
    const pat = (await emulatorControl(t, 'POST', '/pats', { name: 'bench-import' })) as { token: string };
    const rows = await importRows(new EmulatorClient(t.core.emulator.url, pat.token));
    const centerId = (await callCore(t, 'inventory.centers', {})).items[0]!.id;
    const csv = Buffer.from(rows.join('\r\n'), 'utf8');
    const xlsx = importWorkbook(rows);
    const files = { csv: csv.toString('base64'), xlsx: xlsx.toString('base64') };
    const input = (want: 'preview' | 'lines', kind: keyof typeof files): ChannelInput<'receiving.importCheck'> => ({
      fileName: `asn-2000.${kind}`,
      bytes: files[kind],
      localeDayOrder: 'mdy',
      localeDecimal: '.',
      edits: [],
      dropped: [],
      defaults: { fc: centerId, package_type: 'Pallet', box_packaging_type: 'MultipleSkuPerBox', expected_arrival_date: '', purchase_order_number: '' },
      centers: [],
      want,
    });

    const once = async (want: 'preview' | 'lines', kind: keyof typeof files = 'csv') => {
      const start = performance.now();
      const out = await callCore(t, 'receiving.importCheck', input(want, kind));
      const ms = performance.now() - start;
      if (out.problems.length > 0) throw new Error(`the bench's file has problems: ${JSON.stringify(out.problems[0])}`);
      if (want === 'lines' && out.boxes?.length !== BOXES) throw new Error(`expected ${BOXES} boxes, got ${out.boxes?.length}`);
      return ms;
    };
    const first = { preview: await once('preview'), lines: await once('lines'), xlsxLines: await once('lines', 'xlsx') };
    const since = await lastRequestSeq(t);
    const stalls = monitorEventLoopDelay({ resolution: 5 });
    const preview: number[] = [];
    const lines: number[] = [];
    const xlsxPreview: number[] = [];
    const xlsxLines: number[] = [];
    stalls.enable();
    // A turn of the event loop between calls, as a desk has between a clerk's actions: the monitor's
    // timer then fires and sees how long each check held main (a check that never yields to the loop
    // would otherwise leave it nothing to sample).
    const turn = () => new Promise((r) => setTimeout(r, 10));
    for (let i = 0; i < RUNS; i++) {
      preview.push(await once('preview'));
      await turn();
      lines.push(await once('lines'));
      await turn();
      xlsxPreview.push(await once('preview', 'xlsx'));
      await turn();
      xlsxLines.push(await once('lines', 'xlsx'));
      await turn();
    }
    stalls.disable();
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;

    // The largest files: the most lines an order takes (5,000, filled out to the call's 700 kB with
    // a note), and the most rows the file holds (refused whole). Each timed with main's worst stall.
    const note = 'x'.repeat(Math.floor(IMPORT_FILE_MAX / IMPORT_LINES_MAX) - 60);
    const largestOrder = ['SKU,Qty,Box,Tracking,Note'];
    for (let i = 0; i < IMPORT_LINES_MAX; i++) largestOrder.push(`${rows[1 + (i % (rows.length - 1))]},${note}`);
    const mostRows = `SKU,Qty\n${'7,1\n'.repeat(Math.floor((IMPORT_FILE_MAX - 10) / 4))}`;
    const largest = async (text: string, want: 'preview' | 'lines') => {
      const took: number[] = [];
      const held = monitorEventLoopDelay({ resolution: 5 });
      held.enable();
      for (let i = 0; i < Math.max(3, Math.ceil(RUNS / 2)); i++) {
        const start = performance.now();
        await callCore(t, 'receiving.importCheck', { ...input(want, 'csv'), bytes: Buffer.from(text, 'utf8').toString('base64') });
        took.push(performance.now() - start);
        await turn();
      }
      held.disable();
      return { fileBytes: Buffer.byteLength(text), ms: summarize(took), mainStallMaxMs: ms(held.max) };
    };
    const largestFiles = {
      description: 'the most lines an order takes (5,000 lines, 0.7 MB) for its lines, and the most rows the call carries (refused whole), previewed',
      largestOrderLines: await largest(largestOrder.join('\n'), 'lines'),
      mostRowsPreview: await largest(mostRows, 'preview'),
      targetMainStallMs: 100,
    };
    return {
      lines: BOXES * LINES_PER_BOX,
      boxes: BOXES,
      fileBytes: csv.length,
      firstCallMs: { preview: Math.round(first.preview), lines: Math.round(first.lines), xlsxLines: Math.round(first.xlsxLines) },
      previewMs: summarize(preview),
      linesMs: summarize(lines),
      targetMs: 200,
      xlsx: { fileBytes: xlsx.length, previewMs: summarize(xlsxPreview), linesMs: summarize(xlsxLines), targetMs: 300 },
      mainStallMs: { p50: ms(stalls.percentile(50)), p99: ms(stalls.percentile(99)), max: ms(stalls.max) },
      requests: (await apiRequestsSince(t, since)).length,
      largestFiles,
    };
  } finally {
    await t.dispose();
  }
}
