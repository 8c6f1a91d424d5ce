import { describe, expect, it } from 'vitest';
import { gs1Year, parseGs1, readLotLabel } from '../../shared/scan/gs1.js';

const GS = '\x1d';
const now = new Date('2026-11-22T12:00:00Z');
const parse = (text: string) => parseGs1(text, { now });

type Expected = { ais?: Record<string, string>; gtin14?: string; expiry?: string; lot?: string; serial?: string; sscc?: string; form?: string };

const good: Array<[string, string, Expected]> = [
  [
    'GS1 DataMatrix with AIM prefix, lot then GS then serial',
    `]d201095060001343521727123110LOT42${GS}21SER9`,
    { gtin14: '09506000134352', expiry: '2027-12-31', lot: 'LOT42', serial: 'SER9', form: 'element-string' },
  ],
  ['GS1-128 (]C1), no prefix needed for fixed-length AIs running into the next', `]C1010950600013435210ABC`, { gtin14: '09506000134352', lot: 'ABC' }],
  ['no AIM prefix, leading GS (FNC1 in first position)', `${GS}0109506000134352${GS}21X`, { gtin14: '09506000134352', serial: 'X' }],
  ['GS1 QR (]Q3)', `]Q3011061414100041517260100`, { gtin14: '10614141000415', expiry: '2026-01-31' }],
  ['expiry day 00 is the last day of the month (leap February)', '0109506000134352172802' + '00', { expiry: '2028-02-29' }],
  ['expiry day 00, plain February', '010950600013435217270200', { expiry: '2027-02-28' }],
  ['SSCC', '00106141411234567897', { sscc: '106141411234567897', ais: { '00': '106141411234567897' } }],
  [
    'content GTIN (02) with count (37) and variable count (30)',
    `0209506000134352371200${GS}3012`,
    { ais: { '02': '09506000134352', '37': '1200', '30': '12' } },
  ],
  [
    'dates 11, 13, 15 and a net weight 3103 run without separators',
    '0109506000134352112601011326010215261231' + '3103000750',
    { ais: { '01': '09506000134352', '11': '260101', '13': '260102', '15': '261231', '3103': '000750' } },
  ],
  [
    'additional id, customer part number and PO number',
    `0109506000134352240ADD-1${GS}241CPN/7${GS}400PO-88`,
    { ais: { '01': '09506000134352', '240': 'ADD-1', '241': 'CPN/7', '400': 'PO-88' } },
  ],
  [
    'GLNs 410-414 with check digits',
    '4109501101530003' + '4119501101530003' + '4129501101530003' + '4139501101530003' + '4149501101530003',
    { ais: { '410': '9501101530003', '411': '9501101530003', '412': '9501101530003', '413': '9501101530003', '414': '9501101530003' } },
  ],
  [
    'bracketed human-readable form',
    '(01)09506000134352(17)271231(10)LOT(42)',
    { gtin14: '09506000134352', expiry: '2027-12-31', lot: 'LOT(42)', form: 'bracketed' },
  ],
  [
    'Digital Link on id.gs1.org with a query date',
    'https://id.gs1.org/01/09506000134352/10/ABC%2F1?17=271200',
    { gtin14: '09506000134352', lot: 'ABC/1', expiry: '2027-12-31', form: 'digital-link' },
  ],
  [
    'Digital Link on any host, with a path prefix and a GTIN-13 padded to 14',
    'https://example.com/dl/01/9506000134352/21/S1?foo=bar',
    { gtin14: '09506000134352', serial: 'S1' },
  ],
  [
    'Digital Link with short names',
    'https://brand.example/gtin/09506000134352/lot/L9?exp=270615',
    { gtin14: '09506000134352', lot: 'L9', expiry: '2027-06-15' },
  ],
  ['plain EAN-13', '9506000134352', { gtin14: '09506000134352', form: 'gtin' }],
  ['plain EAN-13 with AIM ]E0', ']E09506000134352', { gtin14: '09506000134352' }],
  ['plain UPC-A', '036000291452', { gtin14: '00036000291452' }],
  ['plain EAN-8', '96385074', { gtin14: '00000096385074' }],
  ['plain GTIN-14', '10614141000415', { gtin14: '10614141000415' }],
  ['trailing CR from the scanner is ignored', '0109506000134352\r', { gtin14: '09506000134352' }],
];

const bad: Array<[string, string, RegExp]> = [
  ['GTIN check digit', '0109506000134353', /AI \(01\).*check digit.*is 3, expected 2/],
  ['SSCC check digit', '00106141411234567890', /AI \(00\).*check digit/],
  ['GLN check digit (414)', '4149501101530004', /AI \(414\).*check digit/],
  ['plain EAN-13 check digit', '9506000134353', /not a valid GTIN.*check digit/],
  ['GTIN too short at the end (GS1-128)', ']C101095060001343', /AI \(01\) must have 14 characters, got 12/],
  ['GTIN too short, no prefix', '010950600013435', /AI \(01\) must have 14 characters, got 13/],
  ['lot longer than 20', '10ABCDEFGHIJKLMNOPQRSTU', /AI \(10\) has at most 20 characters, got 21/],
  ['fixed-length AI without its separator', '42225010ABC', /AI \(422\) must have 3 characters, got 8.*GS separator/],
  ['count with letters', '30ABC', /AI \(30\).*outside digits/],
  ['lot with a space (outside CSET 82)', '10AB CD', /AI \(10\).*GS1 character set 82/],
  ['month 13', '0109506000134352171713' + '01', /AI \(17\).*not a date: month 13/],
  ['30 February', '010950600013435217270230', /AI \(17\).*has no day 30/],
  ['29 February in a common year', '010950600013435217270229', /no day 29/],
  ['day 00 is not allowed where the AI says YYMMDD (4326)', '4326270100', /AI \(4326\).*no day 00/],
  ['an AI GS1 does not define', '2312345', /no GS1 Application Identifier at position 1/],
  ['an undefined AI in brackets', '(01)09506000134352(23)X', /\(23\) is not a GS1 Application Identifier|\(01\) must have 14/],
  ['the same AI twice with different values', `10A${GS}10B`, /AI \(10\) appears twice/],
  ['a Digital Link without a primary key', 'https://example.com/10/ABC', /no GS1 primary key/],
  ['a word', 'hello', /no GS1 Application Identifier/],
  ['a Code 39 scan', ']A0ABC', /carries no GS1 data/],
  ['nothing', '', /nothing to read/],
];

describe('parseGs1', () => {
  it.each(good)('reads %s', (_name, text, expected) => {
    const r = parse(text);
    if (!r.ok) throw new Error(r.error);
    const { ais, ...fields } = expected;
    expect(r).toMatchObject(fields);
    if (ais) expect(r.ais).toEqual(ais);
  });

  it.each(bad)('refuses %s, naming what is wrong', (_name, text, error) => {
    const r = parse(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(error);
  });

  it('applies the GS1 century rule: within -49..+50 years of today', () => {
    expect(gs1Year(76, now)).toBe(2076); // +50
    expect(gs1Year(77, now)).toBe(1977); // -49
    expect(gs1Year(26, now)).toBe(2026);
    expect(gs1Year(99, new Date('2060-01-01T00:00:00Z'))).toBe(2099);
    expect(gs1Year(10, new Date('2060-01-01T00:00:00Z'))).toBe(2110);
    expect(parse('0109506000134352177701' + '01').ok && (parse('010950600013435217770101') as { expiry: string }).expiry).toBe('1977-01-01');
  });

  it('keeps every AI of an element string as encoded and lists the dates', () => {
    const r = parse(`0109506000134352112601011727123110L1${GS}21S1`);
    expect(r).toMatchObject({ ok: true, dates: { '11': '2026-01-01', '17': '2027-12-31' }, ais: { '11': '260101', '17': '271231' } });
  });
});

describe('readLotLabel (a scan typed into a lot field)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('reads a lot label: GTIN, lot ended by GS, expiry', () => {
    expect(readLotLabel({ text: '0109506000134352\x1d10LOT-A7\x1d17271231', symbology: null }, { now })).toEqual({ lot: 'LOT-A7', expiry: '2027-12-31' });
    expect(readLotLabel({ text: '010950600013435210LOT-A7\x1d17271231', symbology: 'GS1-128' }, { now })).toEqual({ lot: 'LOT-A7', expiry: '2027-12-31' });
  });
  it('takes a lot without expiry, and leaves a plain code alone even when its digits read as AIs', () => {
    expect(readLotLabel({ text: '\x1d10B-9', symbology: null }, { now })).toEqual({ lot: 'B-9' });
    expect(readLotLabel({ text: '1012345', symbology: null }, { now })).toBeNull();
    expect(readLotLabel({ text: 'LOT-2026-A', symbology: null }, { now })).toBeNull();
    expect(readLotLabel({ text: '0109506000134352', symbology: null }, { now })).toBeNull();
  });
});
