import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { PNG } from 'pngjs';
import { ready } from 'zpl-renderer-js';

/**
 * ZPL as a printer would print it, for tests: zpl-renderer-js (zebrash, compiled to WASM, drawing real
 * barcodes) renders each label to a PNG, and @zxing/library reads every Code 128 on it. A label holds
 * several barcodes and the reader finds one per image, so the image is cut into its bands of ink (rows
 * with something printed, between blank rows) and each band is read on its own.
 */
export interface RenderedLabel {
  png: PNG;
  /** Each barcode read, top to bottom: GS1-128 comes as "]C1" + element string with FNC1 as GS. */
  barcodes: string[];
}

export async function renderZpl(zpl: string, size: { widthIn: number; heightIn: number }, dpi: number): Promise<RenderedLabel[]> {
  const { api } = await ready;
  const images = await api.zplToBase64MultipleAsync(zpl, size.widthIn * 25.4, size.heightIn * 25.4, Math.round(dpi / 25.4));
  return images.map((b64) => {
    const png = PNG.sync.read(Buffer.from(b64, 'base64'));
    return { png, barcodes: readBarcodes(png) };
  });
}

/** Every Code 128 on an RGBA picture (a rendered label, a PDF page drawn for a test), top to bottom. */
export function readBarcodes(png: { width: number; height: number; data: Uint8Array | Uint8ClampedArray }): string[] {
  const { width, height, data } = png;
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0; i < width * height; i++) luminance[i] = (data[i * 4]! * 299 + data[i * 4 + 1]! * 587 + data[i * 4 + 2]! * 114) / 1000;
  const inked = (y: number) => {
    for (let x = 0; x < width; x++) if (luminance[y * width + x]! < 128) return true;
    return false;
  };
  const found: string[] = [];
  let top = -1;
  for (let y = 0; y <= height; y++) {
    const ink = y < height && inked(y);
    if (ink && top < 0) top = y;
    if (!ink && top >= 0) {
      const text = readBand(luminance, width, top, y);
      if (text !== null) found.push(text);
      top = -1;
    }
  }
  return found;
}

const HINTS = new Map<DecodeHintType, unknown>([
  [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
  [DecodeHintType.TRY_HARDER, true],
  // FNC1 first makes the "]C1" prefix and every later FNC1 a GS, as a scanner sends them.
  [DecodeHintType.ASSUME_GS1, true],
]);

/** The band with a white margin around it (the reader wants quiet space), read; null when it holds no barcode. */
function readBand(luminance: Uint8ClampedArray, width: number, top: number, bottom: number): string | null {
  const pad = 10;
  const height = bottom - top + 2 * pad;
  const band = new Uint8ClampedArray(width * height).fill(255);
  band.set(luminance.subarray(top * width, bottom * width), pad * width);
  try {
    // decode(image, hints): the reader takes its hints per call and forgets those set before.
    return new MultiFormatReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(band, width, height))), HINTS).getText();
  } catch {
    return null;
  }
}
