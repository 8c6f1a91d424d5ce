import { describe, expect, it } from 'vitest';
import {
  arrivalInstant,
  emptyWroForm,
  emptyWroItem,
  fieldPath,
  rfc3339InZone,
  sayFormProblems,
  validateWroForm,
  wroCreateBody,
  WRO_LIMITS,
} from '../../shared/schemas/wro-form.js';
import { isServiceOrder, receivingServiceQuery, sortOf, sortOrders } from '../../areas/receiving/core/list-query.js';
import { said } from '../../shared/errors.js';
import type { ReceivingOrder } from '../../shared/schemas/receiving.js';
import { createIntl } from '@formatjs/intl';
import { compiled } from '../../build/i18n-catalogs.js';
import { englishOf } from '../../electron/core/words.js';

const NOW = new Date(2026, 10, 22, 9, 0);

function filled() {
  const form = emptyWroForm();
  form.fulfillment_center.id = 3;
  form.expected_arrival_date = '2026-11-25T08:30';
  form.boxes = [{ tracking_number: ' 1Z999 ', box_items: [{ ...emptyWroItem(), code: 'SKU-1', sku: 'SKU-1', quantity: 4 }] }];
  return form;
}

describe('create-WRO form rules (mirroring the service)', () => {
  it('accepts a complete form and builds the service body from it', () => {
    const form = filled();
    expect(validateWroForm(form, NOW)).toEqual({});
    const body = wroCreateBody(form);
    expect(body.expected_arrival_date).toBe(new Date(2026, 10, 25, 8, 30).toISOString());
    expect(body.boxes[0]).toEqual({ tracking_number: '1Z999', box_items: [{ sku: 'SKU-1', quantity: 4 }] });
    expect(body).not.toHaveProperty('freight');
  });

  it('names each problem under the path the service uses', () => {
    const form = filled();
    form.fulfillment_center.id = null;
    form.expected_arrival_date = '2026-11-21T08:00';
    form.boxes.push({ tracking_number: '1Z999', box_items: [{ ...emptyWroItem(), code: 'LOT-1', inventory_id: 9, sku: 'LOT-1', is_lot: true, quantity: 0 }] });
    form.boxes.push({ tracking_number: '', box_items: [] });
    const errors = validateWroForm(form, NOW);
    expect(Object.keys(errors).sort()).toEqual(
      [
        'boxes[1].box_items[0].lot_number',
        'boxes[1].box_items[0].quantity',
        'boxes[1].tracking_number',
        'boxes[2].box_items',
        'expected_arrival_date',
        'fulfillment_center.id',
      ].sort(),
    );
    const english = sayFormProblems(errors, (id, values) => englishOf(values ? { id, values } : { id }));
    expect(english['expected_arrival_date']).toEqual(['The expected arrival must be in the future.']);
    expect(english['boxes[1].tracking_number']).toEqual(['Box 1 already has this tracking number.']);
    expect(english['boxes[1].box_items[0].lot_number']).toEqual(['LOT-1 is lot-tracked: give the lot number.']);
  });

  it('says each problem in the clerk’s language, numbers in its format', () => {
    const form = filled();
    form.boxes.push({ tracking_number: '', box_items: [] });
    const german = createIntl({ locale: 'de', messages: compiled('de') });
    const said = sayFormProblems(validateWroForm(form, NOW), (id, values) => german.formatMessage({ id }, values));
    expect(said).toEqual({ 'boxes[1].box_items': ['Karton 2 ist leer: Fügen Sie mindestens einen Artikel hinzu.'] });
  });

  it('keeps a Package order to the service box limit', () => {
    const form = filled();
    form.boxes = Array.from({ length: WRO_LIMITS.packageBoxes + 1 }, () => ({
      tracking_number: '',
      box_items: [{ ...emptyWroItem(), inventory_id: 1, quantity: 1 }],
    }));
    expect(validateWroForm(form, NOW)['boxes']).toHaveLength(1);
    form.package_type = 'Pallet';
    expect(validateWroForm(form, NOW)['boxes']).toBeUndefined();
  });

  it('writes zod paths in the service syntax', () => {
    expect(fieldPath(['boxes', 0, 'box_items', 2, 'lot_number'])).toBe('boxes[0].box_items[2].lot_number');
  });
});

describe('WRO list query', () => {
  it('turns day ranges into strict bounds that include both days', () => {
    const q = receivingServiceQuery({ in: '2026-11-01', inTo: '2026-11-02', status: 'Awaiting,Arrived', fc: 12, sync: 'no' });
    expect(q.InsertStartDate).toBe(new Date(new Date(2026, 10, 1).getTime() - 1).toISOString());
    expect(q.InsertEndDate).toBe(new Date(2026, 10, 3).toISOString());
    expect(q.Statuses).toBe('Awaiting,Arrived');
    expect(q.FulfillmentCenterIds).toBe('12');
    expect(q.ExternalSync).toBe('false');
  });

  it('names the column in warehouse words when too many orders match to sort them', () => {
    const refusal = englishOf(said('errors.receiving.tooManyToSort', { count: 6200, limit: 5000, field: sortOf({ sort: 'arrival' }).field }));
    expect(refusal).toBe('6,200 orders match: narrow the other filters (to 5,000 or fewer) to sort by expected arrival.');
  });

  it('reads an address without a sort as newest first, which the service pages itself', () => {
    expect(sortOf({})).toEqual({ field: 'inserted', direction: 'desc' });
    expect(isServiceOrder(sortOf({ dir: 'asc' }))).toBe(true);
    expect(isServiceOrder(sortOf({ sort: 'inserted' }))).toBe(false);
    expect(sortOf({ sort: 'po', dir: 'desc' })).toEqual({ field: 'po', direction: 'desc' });
  });

  it('sorts with empty values last and ties by id', () => {
    const o = (id: number, po: string | null) => ({ id, status: 'Awaiting', purchase_order_number: po }) as ReceivingOrder;
    const rows = [o(1, 'B'), o(2, null), o(3, 'a10'), o(4, 'a9')];
    expect(sortOrders(rows, { field: 'po', direction: 'asc' }).map((r) => r.id)).toEqual([4, 3, 1, 2]);
    expect(sortOrders(rows, { field: 'po', direction: 'desc' }).map((r) => r.id)).toEqual([1, 3, 4, 2]);
  });
});

describe("expected arrival in the center's zone", () => {
  it('is read as a time at the center and sent with its offset (RFC 3339)', () => {
    const form = emptyWroForm();
    form.fulfillment_center = { id: 1, timezone: 'America/New_York' };
    form.expected_arrival_date = '2026-11-24T09:30';
    expect(arrivalInstant(form.expected_arrival_date, 'America/New_York')!.toISOString()).toBe('2026-11-24T14:30:00.000Z');
    form.boxes[0]!.box_items[0] = { ...emptyWroItem(), code: 'X', sku: 'X', quantity: 1 };
    expect(wroCreateBody(form).expected_arrival_date).toBe('2026-11-24T09:30:00-05:00');
    // Summer time: the offset of that day, not of today.
    expect(rfc3339InZone(arrivalInstant('2027-07-01T09:30', 'America/New_York')!, 'America/New_York')).toBe('2027-07-01T09:30:00-04:00');
    expect(rfc3339InZone(arrivalInstant('2027-07-01T09:30', 'Asia/Kolkata')!, 'Asia/Kolkata')).toBe('2027-07-01T09:30:00+05:30');
  });

  it('without a known zone (an older draft), in the clerk’s own as before', () => {
    expect(arrivalInstant('2026-11-24T09:30', null)!.getTime()).toBe(new Date(2026, 10, 24, 9, 30).getTime());
    expect(arrivalInstant('2026-11-24T09:30', 'Not/AZone')!.getTime()).toBe(new Date(2026, 10, 24, 9, 30).getTime());
  });
});
