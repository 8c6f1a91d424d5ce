import { describe, expect, it } from 'vitest';
import type { ResolvedItem } from '../../areas/receiving/common/ipc.js';
import { emptyWroForm, emptyWroItem } from '../../shared/schemas/wro-form.js';
import {
  codeErrors,
  initialFormState,
  lineNeedsConfirm,
  lineSummary,
  shownErrors,
  wroFormReducer,
  type WroFormEvent,
  type WroFormState,
} from '../../areas/receiving/ui/create/formState.js';

const MUG: ResolvedItem = { inventory_id: 7001, sku: 'MUG-1', name: 'Blue mug', is_lot: false, matched: 'barcode' };
const TEA: ResolvedItem = { inventory_id: 7002, sku: 'TEA-1', name: 'Green tea', is_lot: true, matched: 'sku' };
const NOW = new Date(2026, 10, 22, 9, 0);

const run = (events: WroFormEvent[], from: WroFormState = initialFormState(emptyWroForm(), null)) => events.reduce(wroFormReducer, from);

/** A form that passes the rules: a center, an arrival after NOW, one resolved line. */
function ready(): WroFormState {
  return run([
    { type: 'center', id: 3, timezone: null },
    { type: 'field', patch: { expected_arrival_date: '2026-11-25T08:30' } },
    { type: 'scanned', box: 0, code: '0012345678905', item: MUG },
  ]);
}

describe('the create form: scans into a box', () => {
  it('a scan fills the box’s empty first line with the item, quantity 1', () => {
    const s = run([{ type: 'scanned', box: 0, code: '0012345678905', item: MUG }]);
    expect(s.form.boxes[0]!.box_items).toEqual([{ ...emptyWroItem(), code: '0012345678905', inventory_id: 7001, sku: 'MUG-1', name: 'Blue mug', quantity: 1 }]);
  });

  it('the same item again counts one more on its line; another item gets a new line', () => {
    const s = run([
      { type: 'scanned', box: 0, code: 'MUG-1', item: MUG },
      { type: 'scanned', box: 0, code: '0012345678905', item: MUG },
      { type: 'scanned', box: 0, code: 'TEA-1', item: TEA },
    ]);
    expect(s.form.boxes[0]!.box_items.map((l) => [l.sku, l.quantity, l.is_lot])).toEqual([
      ['MUG-1', 2, false],
      ['TEA-1', 1, true],
    ]);
  });

  it('a code that finds nothing says so under the scan field and changes no line; the next good scan clears it', () => {
    const before = initialFormState(emptyWroForm(), null);
    const refused = run([{ type: 'scanned', box: 0, code: 'NOPE', item: null }], before);
    expect(refused.form).toBe(before.form);
    expect(shownErrors(refused)['boxes[0].scan']).toEqual(['No item found for "NOPE".']);
    const next = run([{ type: 'scanned', box: 0, code: 'MUG-1', item: MUG }], refused);
    expect(shownErrors(next)['boxes[0].scan']).toBeUndefined();
  });

  it('a failed lookup is told under the scan field', () => {
    const s = run([{ type: 'scanFailed', box: 0, message: 'The service did not answer.' }]);
    expect(shownErrors(s)['boxes[0].scan']).toEqual(['The service did not answer.']);
  });
});

describe('the create form: a line’s code', () => {
  it('typing a code forgets what the line named until it resolves again', () => {
    const s = run([{ type: 'code', box: 0, line: 0, code: 'MUG-2' }], ready());
    expect(s.form.boxes[0]!.box_items[0]).toMatchObject({ code: 'MUG-2', inventory_id: null, sku: null, name: null, is_lot: false, quantity: 1 });
  });

  it('a resolved code takes the item’s facts; one that finds nothing is named on the code field', () => {
    const found = run([
      { type: 'code', box: 0, line: 0, code: 'TEA-1' },
      { type: 'resolved', box: 0, line: 0, code: 'TEA-1', item: TEA },
    ]);
    expect(found.form.boxes[0]!.box_items[0]).toMatchObject({ code: 'TEA-1', inventory_id: 7002, sku: 'TEA-1', is_lot: true });
    const missing = run([{ type: 'resolved', box: 0, line: 0, code: 'XYZ', item: null }], found);
    expect(missing.form.boxes[0]!.box_items[0]).toMatchObject({ inventory_id: null, sku: null, is_lot: false });
    expect(codeErrors(shownErrors(missing), 0, 0)).toEqual(['No item found for "XYZ".']);
    const again = run([{ type: 'resolved', box: 0, line: 0, code: 'TEA-1', item: TEA }], missing);
    expect(codeErrors(shownErrors(again), 0, 0)).toEqual([]);
  });

  it('an answer for a line removed meanwhile changes nothing', () => {
    const s = run([{ type: 'removeLine', box: 0, line: 0 }]);
    expect(run([{ type: 'resolved', box: 0, line: 0, code: 'MUG-1', item: MUG }], s)).toBe(s);
  });

  it('the service’s message about a line’s item, under sku, inventory_id or the line, lands on the code field', () => {
    const s = run([
      {
        type: 'refused',
        definite: true,
        message: 'Refused',
        fieldErrors: { 'boxes[0].box_items[0].inventory_id': ['Unknown item.'], 'boxes[0].box_items[0]': ['Inactive.'] },
      },
    ]);
    expect(codeErrors(shownErrors(s), 0, 0)).toEqual(['Unknown item.', 'Inactive.']);
  });
});

describe('the create form: lines and boxes', () => {
  it('adds and removes lines and boxes; a line with an item asks before it goes, an empty one does not', () => {
    const s = run([{ type: 'addLine', box: 0 }, { type: 'addBox' }], ready());
    expect(s.form.boxes.map((b) => b.box_items.length)).toEqual([2, 1]);
    expect(lineNeedsConfirm(s.form.boxes[0]!.box_items[0]!)).toBe(true);
    expect(lineNeedsConfirm(s.form.boxes[0]!.box_items[1]!)).toBe(false);
    const removed = run(
      [
        { type: 'removeLine', box: 0, line: 1 },
        { type: 'removeBox', box: 1 },
      ],
      s,
    );
    expect(removed.form.boxes.map((b) => b.box_items.length)).toEqual([1]);
  });

  it('names a line by the item’s name and SKU before the code typed', () => {
    const s = ready();
    expect(lineSummary(s.form.boxes[0]!.box_items[0])).toBe('Blue mug (MUG-1), quantity 1.');
    expect(lineSummary({ ...emptyWroItem(), code: 'ABC', quantity: null })).toBe('ABC, quantity not set.');
  });

  it('every edit makes a new form (the draft saves each); an edit that changes nothing keeps the same state', () => {
    const s = ready();
    expect(run([{ type: 'freight', patch: { carrier: 'UPS' } }], s).form).not.toBe(s.form);
    expect(run([{ type: 'centerZone', timezone: 'America/New_York' }], s).form.fulfillment_center.timezone).toBe('America/New_York');
    const zoned = run([{ type: 'centerZone', timezone: 'America/New_York' }], s);
    expect(run([{ type: 'centerZone', timezone: 'America/New_York' }], zoned)).toBe(zoned);
    // No center chosen: no zone to keep.
    const none = initialFormState(emptyWroForm(), null);
    expect(run([{ type: 'centerZone', timezone: 'America/New_York' }], none)).toBe(none);
  });
});

describe('the create form: submit', () => {
  it('the form’s own rules speak only once a submit was tried', () => {
    const blank = initialFormState(emptyWroForm(), null);
    expect(shownErrors(blank, NOW)).toEqual({});
    const tried = run([{ type: 'submitted' }], blank);
    expect(Object.keys(shownErrors(tried, NOW))).toEqual(
      expect.arrayContaining(['fulfillment_center.id', 'expected_arrival_date', 'boxes[0].box_items[0].sku']),
    );
    expect(shownErrors(run([{ type: 'submitted' }], ready()), NOW)).toEqual({});
  });

  it('a refusal keeps the service’s field errors and reason until the next submit, and drops the pending mark', () => {
    const sent = run([{ type: 'sending', since: '2026-11-22T09:00:00.000Z' }], ready());
    expect(sent.pendingSince).toBe('2026-11-22T09:00:00.000Z');
    const refused = run([{ type: 'refused', definite: true, message: 'The PO is taken.', fieldErrors: { purchase_order_number: ['Taken.'] } }], sent);
    expect(refused).toMatchObject({ pendingSince: null, submitError: 'The PO is taken.' });
    expect(shownErrors(refused, NOW)).toEqual({ purchase_order_number: ['Taken.'] });
    const again = run([{ type: 'submitted' }], refused);
    expect(again).toMatchObject({ submitError: null, extra: {} });
  });

  it('a lost answer keeps the pending mark, so the next submit looks for the order first; created clears it', () => {
    const sent = run([{ type: 'sending', since: '2026-11-22T09:00:00.000Z' }], ready());
    const lost = run([{ type: 'refused', definite: false, message: 'No answer.', fieldErrors: {} }], sent);
    expect(lost.pendingSince).toBe('2026-11-22T09:00:00.000Z');
    expect(run([{ type: 'created' }], lost).pendingSince).toBeNull();
  });
});
