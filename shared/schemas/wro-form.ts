import { z } from 'zod';
import type { MessageArgs } from '../i18n/messages.generated.js';
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
  /**
   * The chosen center, and its time zone (IANA) as the center list gives it: Expected arrival is a
   * time at the center, entered and sent in that zone. Drafts from before the zone was kept have none.
   */
  fulfillment_center: z.object({ id: z.number().int().positive().nullable(), timezone: z.string().max(64).nullable().optional() }),
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
 * The date-time field's value (no zone) as an instant. It is a time at the center ("arrives Tuesday
 * at 9" means 9 at the dock), so it is read in the center's zone; without a known zone (an older
 * draft, a center the service gives none), in the clerk's own, as before. Empty or unreadable
 * answers null.
 */
export function arrivalInstant(value: string, timeZone?: string | null): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/.exec(value);
  if (!m) return null;
  if (timeZone && zoneOffsetMs(timeZone, Date.now()) !== null) {
    const [y, mo, d, h, mi, s] = m.slice(1).map((n) => Number(n ?? 0)) as [number, number, number, number, number, number];
    const wall = Date.UTC(y, mo - 1, d, h, mi, s);
    // The zone's offset at that wall time: guessed from the wall time read as UTC, then checked
    // once more at the instant found (which settles it, DST gaps and overlaps aside).
    let at = wall - zoneOffsetMs(timeZone, wall)!;
    at = wall - zoneOffsetMs(timeZone, at)!;
    const back = new Date(at);
    return Number.isNaN(back.getTime()) ? null : back;
  }
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

const zoneParts = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at `at` (ms), or null for a zone the runtime does not know. */
function zoneOffsetMs(timeZone: string, at: number): number | null {
  let format = zoneParts.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return null;
    }
    zoneParts.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year!, part.month! - 1, part.day, part.hour! % 24, part.minute, part.second);
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant as RFC 3339 with the zone's offset at that instant ("2026-11-24T09:30:00-05:00"), so
 * what is sent reads as the time at the center; with no known zone, in UTC ("…Z"), as before.
 */
export function rfc3339InZone(at: Date, timeZone?: string | null): string {
  const offset = timeZone ? zoneOffsetMs(timeZone, at.getTime()) : null;
  if (offset === null) return at.toISOString();
  const wall = new Date(at.getTime() + offset).toISOString().slice(0, 19);
  const minutes = Math.round(offset / 60000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The rules' sentences, in the catalogs (areas/receiving/messages/<lang>.json) under this prefix, and the lookup's own "no item". */
type FormRuleId = Extract<keyof MessageArgs, `receiving.form.rule.${string}`> | 'receiving.create.noItem';

/**
 * A problem of the form as the clerk reads it: a message id and its arguments (codes, SKUs and
 * numbers, never words), said in the clerk's language by the renderer and in English by main.
 */
export type FormRuleText = {
  [K in FormRuleId]: MessageArgs[K] extends undefined ? { id: K; values?: undefined } : { id: K; values: MessageArgs[K] };
}[FormRuleId];

/** Each field's problems under the path the service would name (`boxes[0].box_items[1].lot_number`). */
export type FormProblems = Record<string, FormRuleText[]>;

/**
 * The service's rules, checked on the form: each problem under the path the service would name.
 * `now` is the caller's clock (the service checks "in the future" against its own).
 */
export function validateWroForm(form: WroForm, now: Date = new Date()): FormProblems {
  const problems: FormProblems = {};
  const fail = (path: string, problem: FormRuleText) => (problems[path] ??= []).push(problem);
  if (form.fulfillment_center.id === null) fail('fulfillment_center.id', { id: 'receiving.form.rule.centerMissing' });
  const arrival = arrivalInstant(form.expected_arrival_date, form.fulfillment_center.timezone);
  if (!form.expected_arrival_date) fail('expected_arrival_date', { id: 'receiving.form.rule.arrivalMissing' });
  else if (!arrival) fail('expected_arrival_date', { id: 'receiving.form.rule.arrivalFormat' });
  else if (arrival.getTime() <= now.getTime()) fail('expected_arrival_date', { id: 'receiving.form.rule.arrivalPast' });
  if (form.boxes.length === 0) fail('boxes', { id: 'receiving.form.rule.noBoxes' });
  if (form.package_type === 'Package' && form.boxes.length > WRO_LIMITS.packageBoxes)
    fail('boxes', { id: 'receiving.form.rule.packageBoxes', values: { max: WRO_LIMITS.packageBoxes } });
  const distinct = new Set<string>();
  const tracking = new Map<string, number>();
  form.boxes.forEach((box, b) => {
    const number = box.tracking_number.trim();
    if (number) {
      if (tracking.has(number)) fail(`boxes[${b}].tracking_number`, { id: 'receiving.form.rule.trackingTwice', values: { box: tracking.get(number)! + 1 } });
      else tracking.set(number, b);
    }
    if (box.box_items.length === 0) fail(`boxes[${b}].box_items`, { id: 'receiving.form.rule.boxEmpty', values: { box: b + 1 } });
    box.box_items.forEach((item, i) => {
      const key = `boxes[${b}].box_items[${i}]`;
      if (item.inventory_id === null && !item.sku)
        fail(`${key}.sku`, item.code ? { id: 'receiving.create.noItem', values: { code: item.code } } : { id: 'receiving.form.rule.itemMissing' });
      else distinct.add(item.inventory_id !== null ? `id:${item.inventory_id}` : `sku:${item.sku!.toLowerCase()}`);
      if (item.quantity === null || !Number.isInteger(item.quantity) || item.quantity < 1) fail(`${key}.quantity`, { id: 'receiving.form.rule.quantity' });
      if (item.is_lot && !item.lot_number.trim())
        fail(`${key}.lot_number`, { id: 'receiving.form.rule.lotNeeded', values: { named: item.sku ? 'yes' : 'no', sku: item.sku ?? '' } });
    });
  });
  if (distinct.size > WRO_LIMITS.distinctItems) fail('boxes', { id: 'receiving.form.rule.distinctItems', values: { max: WRO_LIMITS.distinctItems } });
  return problems;
}

/** The problems in words: `say` is the renderer's `t` (the clerk's language) or main's English. */
export function sayFormProblems(problems: FormProblems, say: (id: FormRuleId, values?: Record<string, string | number>) => string): FieldErrors {
  return Object.fromEntries(Object.entries(problems).map(([path, list]) => [path, list.map((p) => say(p.id, p.values))]));
}

/** The create body for a form that passed {@link validateWroForm}. */
export function wroCreateBody(form: WroForm): ReceivingCreate {
  const arrival = arrivalInstant(form.expected_arrival_date, form.fulfillment_center.timezone);
  if (form.fulfillment_center.id === null || !arrival) throw new Error('wroCreateBody needs a valid form');
  const freightEntries = Object.entries(form.freight).filter(([, v]) => v.trim() !== '');
  const po = form.purchase_order_number.trim();
  return {
    fulfillment_center: { id: form.fulfillment_center.id },
    package_type: form.package_type,
    box_packaging_type: form.box_packaging_type,
    expected_arrival_date: rfc3339InZone(arrival, form.fulfillment_center.timezone),
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
