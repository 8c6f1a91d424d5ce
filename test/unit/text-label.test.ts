import { describe, expect, it } from 'vitest';
import type { NetworkPrinterProfile, PrintingSettings } from '../../areas/printing/common/ipc.js';
import { LABEL_SIZES, labelDots, type LabelMedia } from '../../areas/printing/common/item-label.js';
import { textLabelPrinter, textLabelZpl } from '../../areas/printing/common/text-label.js';
import { renderZpl } from '../support/zpl-render.js';
import { zplFieldTexts } from '../support/zpl-text.js';

/** A short text label (the end-of-shift summary) fitted to the printer's stock, and which printer takes it. */
const LINES = Array.from({ length: 12 }, (_, i) => `Line ${i + 1}: ${i * 3}`);

/** The rows of a rendered label with ink on them: the first and the last. */
function inkRows(png: { width: number; height: number; data: Uint8Array }): { first: number; last: number } {
  let first = -1;
  let last = -1;
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++)
      if (png.data[(y * png.width + x) * 4]! < 128) {
        if (first < 0) first = y;
        last = y;
        break;
      }
  return { first, last };
}

describe('a text label', () => {
  it('holds every line on 4x6 stock, inside the label’s margin, with ZPL’s own characters escaped', async () => {
    const media: LabelMedia = { size: '4x6', dpi: 203, darkness: 0 };
    const label = { title: 'End of shift: Bench ^1', lines: [...LINES, 'Door 3 ~ sticks_'] };
    const { zpl, linesPrinted } = textLabelZpl(label, media);
    expect(linesPrinted).toBe(label.lines.length);
    expect(zplFieldTexts(zpl)).toEqual([label.title, ...label.lines]);
    expect(zpl).toContain(`^PW${labelDots(media).width}`);
    const [rendered] = await renderZpl(zpl, LABEL_SIZES['4x6'], 203);
    const { first, last } = inkRows(rendered!.png);
    expect(first).toBeGreaterThanOrEqual(Math.round(2 * (203 / 25.4)) - 2);
    expect(last).toBeLessThan(rendered!.png.height - Math.round(2 * (203 / 25.4)));
  });

  it('cuts a line longer than the label is wide, ending it in “…”, and prints nothing past the label’s right margin', async () => {
    const media: LabelMedia = { size: '2x1', dpi: 203, darkness: 0 };
    const long = 'Nov 29, 2026, 8:40 AM UTC to Nov 29, 2026, 4:40 PM UTC';
    const { zpl } = textLabelZpl({ title: 'End of shift', lines: [long, 'Returns received: 2'] }, media);
    const [, cut, next] = zplFieldTexts(zpl);
    expect(cut!.endsWith('…')).toBe(true);
    expect(long.startsWith(cut!.slice(0, -1))).toBe(true);
    expect(next).toBe('Returns received: 2');
    const [rendered] = await renderZpl(zpl, LABEL_SIZES['2x1'], 203);
    const { png } = rendered!;
    let right = 0;
    for (let y = 0; y < png.height; y++) for (let x = 0; x < png.width; x++) if (png.data[(y * png.width + x) * 4]! < 128) right = Math.max(right, x);
    expect(right).toBeLessThan(png.width - Math.round(2 * (203 / 25.4)) + 2);
  });

  it('on 2x1 stock shrinks its text, then drops the last lines and says so, never printing past the label', async () => {
    const media: LabelMedia = { size: '2x1', dpi: 203, darkness: 0 };
    const { zpl, linesPrinted } = textLabelZpl({ title: 'End of shift', lines: LINES }, media);
    const texts = zplFieldTexts(zpl);
    expect(linesPrinted).toBeGreaterThan(0);
    expect(linesPrinted).toBeLessThan(LINES.length);
    expect(texts).toEqual(['End of shift', ...LINES.slice(0, linesPrinted), '…']);
    const [rendered] = await renderZpl(zpl, LABEL_SIZES['2x1'], 203);
    expect(inkRows(rendered!.png).last).toBeLessThan(rendered!.png.height - 8);
  });
});

describe('the printer a text label goes to', () => {
  const net = (id: string, size: NetworkPrinterProfile['size']): NetworkPrinterProfile => ({
    id,
    name: `Zebra ${id}`,
    kind: 'network-label',
    host: '127.0.0.1',
    port: 9100,
    dpi: 203,
    size,
    darkness: 0,
    timeoutSeconds: 5,
  });
  const settings = (change: Partial<PrintingSettings>): PrintingSettings => ({
    profiles: [],
    itemLabelPrinter: null,
    boxLabelPrinter: null,
    labelLanguage: 'en',
    ...change,
  });

  it('is the label printer with the larger label of the item-label and box-label printers', () => {
    const small = net('a', '2x1');
    const large = net('b', '4x6');
    expect(textLabelPrinter(settings({ profiles: [small, large], itemLabelPrinter: 'a', boxLabelPrinter: 'b' })).printer?.id).toBe('b');
    expect(textLabelPrinter(settings({ profiles: [small, large], itemLabelPrinter: 'a' })).printer?.id).toBe('a');
  });

  it('is none, said why, when the desk has no label printer or only a system printer', () => {
    expect(textLabelPrinter(settings({}))).toEqual({ printer: null, reason: { id: 'errors.printing.noLabelPrinter' } });
    const office = { id: 's', name: 'Office laser', kind: 'system' as const, deviceName: null, widthMm: 101.6, heightMm: 152.4, timeoutSeconds: 30 };
    expect(textLabelPrinter(settings({ profiles: [office], itemLabelPrinter: 's' }))).toEqual({
      printer: null,
      reason: { id: 'errors.printing.noNetworkLabelPrinter', values: { printer: 'Office laser' } },
    });
  });
});
