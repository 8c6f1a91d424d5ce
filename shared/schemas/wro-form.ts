import { z } from 'zod';
import { BoxPackagingType, PackageType, type ReceivingCreate } from './receiving.js';

/**
 * The create-WRO form, as the renderer keeps it (and the draft store saves it), and the service's
 * rules for it (API notes, Receiving) in one place: the form checks them as the user types, main
 * checks them again before anything is sent. The form's field names are the create body's own, so a
 * path the service names in a 422 (`boxes[0].box_items[1].lot_number`) is the path of the form field.
 */

/** The service's limits (API notes, Receiving). */
export const WRO_LIMITS = { packageBoxes: 50, distinctItems: 10_000, textMax: 100, notesMax: 1000 } as const;

const text = (max: number = WRO_LIMITS.textMax) => z.string().max(max, `At most ${max} characters.`);

export const WroFormItem = z.object({
  /** What the user scanned or typed (SKU, barcode or inventory id), kept for the draft and the label. */
  code: z.string().max(200),
  /** Resolved item: one of inventory_id or sku is sent (2026-07 accepts either). */
  inventory_id: z.number().int().positive().nullable(),
  sku: z.string().max(200).nullable(),
  name: z.string().max(500).nullable(),
  /** Lot-tracked items need a lot number (the service refuses one without). */
  is_lot: z.boolean(),
  quantity: z.number().int().nullable(),
  lot_number: text(),
  /** The lot's expiry date, YYYY-MM-DD as the date field gives it, or empty. */
  lot_date: z.union([z.literal(''), z.iso.date()]),
});
export type WroFormItem = z.infer<typeof WroFormItem>;

export const WroFormBox = z.object({
  tracking_number: text(),
  box_items: z.array(WroFormItem).max(WRO_LIMITS.distinctItems),
});
export type WroFormBox = z.infer<typeof WroFormBox>;

export const Freight = z.object({
  carrier: text(),
  bol_number: text(),
  container_number: text(),
  vessel_name: text(),
  freight_forwarder: text(),
  notes: text(WRO_LIMITS.notesMax),
});

/** The form's shape only (what the IPC contract and the draft store accept); the rules come below. */
export const WroForm = z.object({
  fulfillment_center: z.object({ id: z.number().int().positive().nullable() }),
  package_type: PackageType,
  box_packaging_type: BoxPackagingType,
  /** A date and time without a zone as the date-time field gives it (YYYY-MM-DDTHH:mm), or empty. */
  expected_arrival_date: z.string().max(40),
  purchase_order_number: text(),
  freight: Freight,
  final_destination_fulfillment_center_id: z.number().int().positive().nullable(),
  boxes: z.array(WroFormBox).max(1000),
});
export type WroForm = z.infer<typeof WroForm>;

export function emptyWroItem(): WroFormItem {
  return { code: '', inventory_id: null, sku: null, name: null, is_lot: false, quantity: 1, lot_number: '', lot_date: '' };
}

export function emptyWroForm(): WroForm {
  return {
    fulfillment_center: { id: null },
    package_type: 'Package',
    box_packaging_type: 'MultipleSkuPerBox',
    expected_arrival_date: '',
    purchase_order_number: '',
    freight: { carrier: '', bol_number: '', container_number: '', vessel_name: '', freight_forwarder: '', notes: '' },
    final_destination_fulfillment_center_id: null,
    boxes: [{ tracking_number: '', box_items: [emptyWroItem()] }],
  };
}

/** Field errors keyed by the service's path syntax: `boxes[0].box_items[1].lot_number`. */
export type FieldErrors = Record<string, string[]>;

/** A zod-style path in the service's syntax (indexes in brackets). */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');
}

/**
 * A datetime-local value as an instant. The field has no zone: it is the clerk's local time, which
 * is what they mean by "arrives Tuesday at 9". Empty or unreadable answers null.
 */
export function arrivalInstant(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The service's rules, checked on the form: each problem under the path the service would name.
 * `now` is the caller's clock (the service checks "in the future" against its own).
 */
export function validateWroForm(form: WroForm, now: Date = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  const fail = (path: string, message: string) => (errors[path] ??= []).push(message);
  if (form.fulfillment_center.id === null) fail('fulfillment_center.id', 'Choose the fulfillment center that receives this order.');
  const arrival = arrivalInstant(form.expected_arrival_date);
  if (!form.expected_arrival_date) fail('expected_arrival_date', 'Give the expected arrival date and time.');
  else if (!arrival) fail('expected_arrival_date', 'Give the date and time as YYYY-MM-DD HH:MM.');
  else if (arrival.getTime() <= now.getTime()) fail('expected_arrival_date', 'The expected arrival must be in the future.');
  if (form.boxes.length === 0) fail('boxes', 'Add at least one box.');
  if (form.package_type === 'Package' && form.boxes.length > WRO_LIMITS.packageBoxes)
    fail('boxes', `A Package order has at most ${WRO_LIMITS.packageBoxes} boxes; ship as Pallet or split the order.`);
  const distinct = new Set<string>();
  const tracking = new Map<string, number>();
  form.boxes.forEach((box, b) => {
    const number = box.tracking_number.trim();
    if (number) {
      if (tracking.has(number)) fail(`boxes[${b}].tracking_number`, `Box ${tracking.get(number)! + 1} already has this tracking number.`);
      else tracking.set(number, b);
    }
    if (box.box_items.length === 0) fail(`boxes[${b}].box_items`, `Box ${b + 1} is empty: add at least one item.`);
    box.box_items.forEach((item, i) => {
      const key = `boxes[${b}].box_items[${i}]`;
      if (item.inventory_id === null && !item.sku)
        fail(`${key}.sku`, item.code ? `No item found for "${item.code}".` : 'Scan or type an SKU, barcode or inventory id.');
      else distinct.add(item.inventory_id !== null ? `id:${item.inventory_id}` : `sku:${item.sku!.toLowerCase()}`);
      if (item.quantity === null || !Number.isInteger(item.quantity) || item.quantity < 1)
        fail(`${key}.quantity`, 'Quantity must be a whole number of at least 1.');
      if (item.is_lot && !item.lot_number.trim()) fail(`${key}.lot_number`, `${item.sku ?? 'This item'} is lot-tracked: give the lot number.`);
    });
  });
  if (distinct.size > WRO_LIMITS.distinctItems) fail('boxes', `At most ${WRO_LIMITS.distinctItems} distinct items per order.`);
  return errors;
}

/** The create body for a form that passed {@link validateWroForm}. */
export function wroCreateBody(form: WroForm): ReceivingCreate {
  const arrival = arrivalInstant(form.expected_arrival_date);
  if (form.fulfillment_center.id === null || !arrival) throw new Error('wroCreateBody needs a valid form');
  const freightEntries = Object.entries(form.freight).filter(([, v]) => v.trim() !== '');
  const po = form.purchase_order_number.trim();
  return {
    fulfillment_center: { id: form.fulfillment_center.id },
    package_type: form.package_type,
    box_packaging_type: form.box_packaging_type,
    expected_arrival_date: arrival.toISOString(),
    ...(po ? { purchase_order_number: po } : {}),
    ...(freightEntries.length ? { freight: Object.fromEntries(freightEntries.map(([k, v]) => [k, v.trim()])) } : {}),
    ...(form.final_destination_fulfillment_center_id !== null ? { final_destination_fulfillment_center_id: form.final_destination_fulfillment_center_id } : {}),
    boxes: form.boxes.map((box) => ({
      tracking_number: box.tracking_number.trim() || null,
      box_items: box.box_items.map((item) => ({
        ...(item.inventory_id !== null ? { inventory_id: item.inventory_id } : { sku: item.sku! }),
        quantity: item.quantity!,
        ...(item.lot_number.trim() ? { lot_number: item.lot_number.trim() } : {}),
        // A lot date is a day; the service takes a date-time, so the day's start in UTC.
        ...(item.lot_date ? { lot_date: `${item.lot_date}T00:00:00Z` } : {}),
      })),
    })),
  };
}
