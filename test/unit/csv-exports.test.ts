import Papa from 'papaparse';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { discrepancyCsv } from '../../areas/receiving/core/discrepancies.js';
import { englishWords } from '../../electron/core/words.js';
import { englishMessages } from '../../renderer/src/i18n/catalogs';
import { wordsOf } from '../../renderer/src/i18n/useT';
import { eventLines, historyCsv } from '../../areas/history/ui/historyData';
import { expiringCsv, itemsCsv } from '../../areas/stock/ui/csv';
import { csvText } from '../../shared/csv.js';
import type { HistoryRow } from '../../areas/history/common/ipc.js';
import type { OrderDiscrepancies } from '../../areas/receiving/common/ipc.js';
import type { StockItemRow, StockLotRow } from '../../areas/stock/common/ipc.js';

/**
 * Every CSV the desk exports goes through one writer: a text cell a spreadsheet would run (it begins
 * with = + - @, a tab or a carriage return) comes out led by an apostrophe, and the file reads back,
 * with a spreadsheet reader (Papa Parse), as the same rows of the same columns.
 */
const { t } = wordsOf(createIntl({ locale: 'en', messages: englishMessages }));

/** Each start a spreadsheet runs, with what follows it: a formula, a command, a line break inside. */
const DANGEROUS = ['=1+1', '+1+1', '-1+1', '@SUM(A1:A2)', '\t=1+1', '\r=1+1', '=HYPERLINK("http://x.example","a,b")', '=1+1\r\n=2+2'];

/** The file read back as a spreadsheet reads it: rows of cells, the trailing record end giving no row. */
function readBack(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', newline: '\r\n', skipEmptyLines: false });
  expect(parsed.errors).toEqual([]);
  const rows = parsed.data;
  expect(rows.at(-1)).toEqual(['']);
  return rows.slice(0, -1);
}

/** What a neutralised cell must read back as: the value led by an apostrophe. */
const neutral = (value: string) => `'${value}`;

describe('the one CSV writer', () => {
  it('quotes as RFC 4180 says and ends every record with CRLF; numbers stay numbers', () => {
    expect(csvText([['plain', 'a,b', 'say "hi"', 'two\nlines', -3, null, 0]])).toBe('plain,"a,b","say ""hi""","two\nlines",-3,,0\r\n');
  });

  it.each(DANGEROUS)('neutralises a cell beginning %j and reads back as the same columns', (value) => {
    const text = csvText([
      ['a', 'b', 'c'],
      ['before', value, 'after'],
    ]);
    expect(readBack(text)).toEqual([
      ['a', 'b', 'c'],
      ['before', neutral(value), 'after'],
    ]);
  });

  it('leaves a cell alone that only holds such a sign later on', () => {
    expect(csvText([['A=1', 'B-2', 'x@y.example', 'L+7']])).toBe('A=1,B-2,x@y.example,L+7\r\n');
  });
});

describe.each(DANGEROUS)('every export of the desk, fed %j', (value) => {
  it('stock: the expiring lots', () => {
    const row: StockLotRow = {
      inventoryId: 7,
      name: value,
      sku: value,
      lotNumber: value,
      center: { id: 3, name: value },
      onHand: 4,
      fulfillable: -2,
      expiresAt: '2027-01-01T00:00:00Z',
      expiryDay: '2027-01-01',
      daysLeft: -1,
      excluded: false,
    };
    const rows = readBack(expiringCsv(t, [row], null));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveLength(rows[0]!.length);
    expect(rows[1]!.slice(0, 5)).toEqual([neutral(value), neutral(value), '7', neutral(value), neutral(value)]);
    expect(rows[1]!.slice(5, 9)).toEqual(['4', '-2', '2027-01-01', '-1']);
  });

  it('stock: every item', () => {
    const row: StockItemRow = {
      inventoryId: 8,
      name: value,
      sku: value,
      lot: true,
      digital: false,
      bundle: false,
      active: true,
      onHand: 1,
      committed: 0,
      fulfillable: 1,
      awaiting: 0,
      lots: 2,
    };
    const rows = readBack(itemsCsv(t, [row], null, value));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveLength(rows[0]!.length);
    expect(rows[1]!.slice(0, 3)).toEqual([neutral(value), neutral(value), '8']);
    expect(rows[1]![10]).toBe(neutral(value));
  });

  it('history', () => {
    const event: HistoryRow = {
      eventId: 1,
      inventoryId: 100,
      at: '2026-05-01T10:00:00Z',
      category: 'InventoryAdjusted',
      serviceOrderId: null,
      references: [{ key: value, value }],
      movements: [{ side: 'decrement', facilityId: 3, locationId: 3001, lotNumber: value, expiresAt: null, quantityChange: -5, committedChange: 0 }],
      quantityChange: -5,
    };
    const rows = readBack(historyCsv(t, eventLines(t, [event], 3), new Map([[100, { sku: value, name: value }]])));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveLength(rows[0]!.length);
    expect(rows[1]!.slice(1, 4)).toEqual([neutral(value), neutral(value), '100']);
    expect(rows[1]![5]!.startsWith("'")).toBe(true);
    expect(rows[1]![6]).toBe(neutral(value));
    expect(rows[1]!.slice(8)).toEqual(['-5', '-5']);
  });

  it('receiving discrepancies', () => {
    const d: OrderDiscrepancies = {
      orderId: 41,
      purchaseOrderNumber: value,
      status: 'Completed',
      closed: true,
      center: { id: 3, name: value, timeZone: 'America/New_York' },
      totals: { expected: 10, received: 8, stowed: 8, short: 2, over: 0, otherLot: 0 },
      lines: [
        {
          inventoryId: 7,
          sku: value,
          name: value,
          lots: [{ lotNumber: value, lotDate: null }],
          expected: 10,
          received: 8,
          stowed: 8,
          difference: -2,
          short: 2,
          over: 0,
          otherLot: 0,
          mark: 'short',
        },
      ],
      missingBoxes: [{ boxId: 1, boxNumber: 2, trackingNumber: value, status: 'Expected', expected: 3 }],
      lotDifferences: [
        {
          boxId: 1,
          inventoryId: 7,
          sku: value,
          name: value,
          boxNumber: 1,
          orderedLot: value,
          orderedExpiry: null,
          receivedLot: value,
          receivedExpiry: null,
          receivedAt: null,
          quantity: 8,
        },
      ],
    };
    const rows = readBack(discrepancyCsv(d, englishWords));
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toHaveLength(rows[0]!.length);
    const [, item, box, lot] = rows;
    expect(item!.slice(1, 7)).toEqual(['41', neutral(value), neutral(value), neutral(value), neutral(value), neutral(value)]);
    expect(item![13]).toBe('-2');
    expect(box![9]).toBe(neutral(value));
    expect(box![13]).toBe('-3');
    expect(lot![6]).toBe(neutral(value));
    expect(lot![15]).toBe(neutral(value));
  });
});
