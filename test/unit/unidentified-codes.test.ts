import { describe, expect, it } from 'vitest';
import { normalizeCode, receiptMatches } from '../../areas/unidentified/core/receipt-search.js';
import { sniffImageType } from '../../shared/schemas/uro.js';

const receipt = {
  id: 1,
  barcode: 'URO00009100',
  tracking_barcode: '1Z 999-123 456',
  reason: 'r',
  comment: null,
  created_date: '2026-01-01T00:00:00Z',
  linked_wro_id: null,
  linked_wro_date: null,
  attachments: [],
};

describe('receipt codes', () => {
  it('compare without case, spaces or dashes', () => {
    expect(normalizeCode(' 1z-999 123\t456 ')).toBe('1Z999123456');
    expect(receiptMatches(receipt, '1z999123456', 'exact')).toBe(true);
    expect(receiptMatches(receipt, 'uro00009100', 'exact')).toBe(true);
    expect(receiptMatches(receipt, '123 45', 'contains')).toBe(true);
  });

  it('an exact lookup does not take a part for the whole', () => {
    expect(receiptMatches(receipt, '1Z99912345', 'exact')).toBe(false);
    expect(receiptMatches({ ...receipt, tracking_barcode: null }, '1Z999123456', 'contains')).toBe(false);
  });
});

describe('attachment images are recognised by their bytes', () => {
  const bytes = (...b: number[]) => Uint8Array.from([...b, ...new Array(16).fill(0)]);
  it('PNG, JPEG, GIF and WebP', () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a......'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
  });
  it('refuses SVG, HTML, a RIFF that is not WebP, and a cut-off PNG signature', () => {
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<!doctype html><p>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });
});
