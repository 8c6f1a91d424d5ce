/**
 * What a chosen file is, from its first bytes (and, for a zip, the names inside it), whatever its name
 * says: a workbook, text to read as CSV or TSV, or something else said by what it looks like. A
 * handful of fixed signatures: a library for the whole zoo of formats would name more kinds, but the
 * desk only needs to tell a spreadsheet from the few files a clerk picks by mistake.
 */
export type Looks = 'png' | 'jpeg' | 'gif' | 'pdf' | 'zip' | 'docx' | 'xls' | 'binary';

export type Sniffed = { kind: 'text'; text: string } | { kind: 'xlsx' | 'ods' } | { kind: 'refused'; looks: Looks };

const SIGNATURES: readonly [Looks | 'zipfile', readonly number[]][] = [
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['gif', [0x47, 0x49, 0x46, 0x38]],
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['zipfile', [0x50, 0x4b, 0x03, 0x04]],
  // The compound file of Excel 97–2003 (and other old Office files).
  ['xls', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
];

const startsWith = (bytes: Uint8Array, sig: readonly number[]) => sig.every((b, i) => bytes[i] === b);

/** A zip's kind by the names it holds (the local headers carry them in plain text). */
function zipKind(bytes: Uint8Array): Sniffed {
  const latin = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (latin.includes('application/vnd.oasis.opendocument.spreadsheet')) return { kind: 'ods' };
  if (latin.includes('xl/workbook.xml')) return { kind: 'xlsx' };
  if (latin.includes('word/document.xml')) return { kind: 'refused', looks: 'docx' };
  return { kind: 'refused', looks: 'zip' };
}

/** Text with NUL bytes or mostly control characters in its first 8 KB is no spreadsheet's export. */
function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  let control = 0;
  for (const b of head) {
    if (b === 0) return true;
    if (b < 0x09 || (b > 0x0d && b < 0x20)) control++;
  }
  return control > head.length / 10;
}

export function sniff(bytes: Uint8Array): Sniffed {
  const found = SIGNATURES.find(([, sig]) => startsWith(bytes, sig))?.[0];
  if (found === 'zipfile') return zipKind(bytes);
  if (found) return { kind: 'refused', looks: found };
  // "Unicode text" as Excel saves it: UTF-16 with its byte order mark, tab-separated.
  if (startsWith(bytes, [0xff, 0xfe])) return { kind: 'text', text: new TextDecoder('utf-16le').decode(bytes) };
  if (startsWith(bytes, [0xfe, 0xff])) return { kind: 'text', text: new TextDecoder('utf-16be').decode(bytes) };
  if (looksBinary(bytes)) return { kind: 'refused', looks: 'binary' };
  // UTF-8, its BOM kept (the CSV reader notes it); a byte that is not UTF-8 reads as U+FFFD, as before.
  return { kind: 'text', text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}
