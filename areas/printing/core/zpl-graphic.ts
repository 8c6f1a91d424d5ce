import { deflateSync } from 'node:zlib';

/**
 * Pictures sent to a ZPL printer as a graphic field (^GF): a page drawn elsewhere (the service's box
 * labels PDF), thresholded to the printer's one bit per dot and written in a compressed form. Two
 * forms are written here because the bench weighs one against the other (docs/bench.md); the desk
 * prints with `graphicField`, the smaller one on box labels.
 */

/** One bit per dot, rows of `bytesPerRow` bytes, most significant bit leftmost; a set bit prints black. */
export interface Bitmap {
  width: number;
  height: number;
  bytesPerRow: number;
  bits: Uint8Array;
}

/**
 * RGBA pixels to a bitmap: a dot prints where its luminance is below the middle grey. A fixed middle
 * threshold keeps a bar as wide as it was drawn (anti-aliased edges fall either side evenly), which is
 * what a barcode needs; dithering would give greys but fray the bars' edges.
 */
export function thresholdRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Bitmap {
  const bytesPerRow = Math.ceil(width / 8);
  const bits = new Uint8Array(bytesPerRow * height);
  for (let y = 0, i = 0; y < height; y++) {
    const row = y * bytesPerRow;
    for (let x = 0; x < width; x++, i += 4) {
      // Luminance times 1000, over white where the pixel is not opaque (a transparent one is the label's white).
      const a = rgba[i + 3]!;
      let lum = rgba[i]! * 299 + rgba[i + 1]! * 587 + rgba[i + 2]! * 114;
      if (a !== 255) lum = (lum * a + 255_000 * (255 - a)) / 255;
      if (lum < 128_000) bits[row + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { width, height, bytesPerRow, bits };
}

const HEX = '0123456789ABCDEF';

/** ZPL's repeat count: g..z for twenties (z is 400, and repeats), G..Y for 1 to 19; a single character needs none. */
function repeat(count: number, char: string): string {
  if (count === 1) return char;
  let out = '';
  let n = count;
  while (n >= 400) {
    out += 'z';
    n -= 400;
  }
  if (n >= 20) {
    out += String.fromCharCode('f'.charCodeAt(0) + Math.floor(n / 20));
    n %= 20;
  }
  if (n > 0) out += String.fromCharCode('F'.charCodeAt(0) + n);
  return out + char;
}

/**
 * ZPL's own ASCII compression of a ^GFA body: each row in hex with runs counted, a row that ends in
 * white closed by `,`, in black by `!`, and a row equal to the one before written as `:`.
 */
export function asciiCompressed(bitmap: Bitmap): string {
  const rows: string[] = [];
  let previous: string | null = null;
  for (let y = 0; y < bitmap.height; y++) {
    let hex = '';
    for (let b = 0; b < bitmap.bytesPerRow; b++) {
      const v = bitmap.bits[y * bitmap.bytesPerRow + b]!;
      hex += HEX[v >> 4]! + HEX[v & 15]!;
    }
    if (hex === previous) {
      rows.push(':');
      continue;
    }
    previous = hex;
    let row = '';
    const tail = /(0+|F+)$/.exec(hex);
    const body = tail ? hex.slice(0, tail.index) : hex;
    for (let i = 0; i < body.length;) {
      let j = i + 1;
      while (j < body.length && body[j] === body[i]) j++;
      row += repeat(j - i, body[i]!);
      i = j;
    }
    if (tail) row += tail[1]!.startsWith('0') ? ',' : '!';
    rows.push(row);
  }
  return rows.join('');
}

/** CRC-16/XMODEM (polynomial 0x1021, start 0), which the printer checks a Z64 field's text against. */
function crc16(text: string): string {
  let crc = 0;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The Z64 form of a ^GFA body: the raw rows deflated (zlib), in base64, with its CRC. */
export function z64(bitmap: Bitmap): string {
  const data = deflateSync(bitmap.bits, { level: 9 }).toString('base64');
  return `:Z64:${data}:${crc16(data)}`;
}

export type GraphicForm = 'ascii' | 'z64';

/**
 * The ^GF command of a bitmap at the field origin. Z64 by default: on the service's 4x6 box labels it
 * is about half the bytes of the ASCII compression (4.7 kB against 9.7 kB a label at 203 dpi; text
 * deflates far better than run counts do), measured in the bench (docs/bench.md).
 */
export function graphicField(bitmap: Bitmap, form: GraphicForm = 'z64'): string {
  const total = bitmap.bytesPerRow * bitmap.height;
  const body = form === 'z64' ? z64(bitmap) : asciiCompressed(bitmap);
  return `^GFA,${total},${total},${bitmap.bytesPerRow},${body}`;
}
