// Which lookups a scan is worth: every lookup but the item cache's costs requests of the service's
// budget (150 a minute per user and application, shared by every desk of that user), so a scan asks
// only the lookups whose records could carry a code of its shape. The rules live here, once; the
// areas' resolvers say which kinds of code they look up and the scan router asks this file.
//
// The service types every code below as a free string (spec 2.x, the published OpenAPI documents),
// so a rule only rules out what the service's own types or limits rule out; when a code could be
// several things, every one of them is asked.

import { parseGs1, type Gs1Result } from './gs1.js';
import { isBadgeCode } from '../../areas/clerks/common/badge.js';

/**
 * The kinds of code a resolver looks up.
 * - `item-code`: an inventory id, SKU, barcode or GTIN, or GS1 data carrying a GTIN; answered by the
 *   offline item cache, no request.
 * - `record-id`: a record's integer id (a WRO, a box label's box id): 1 to 2^31-1, digits only.
 * - `purchase-order`: a WRO's purchase order number (free text).
 * - `box-tracking`: a box's tracking number as its WRO was created with it (free text, any length:
 *   whoever made the order typed it).
 * - `return-reference`: a return's reference id, at most 50 characters (the service's create limit).
 * - `carrier-tracking`: a carrier's tracking number on a return or an unidentified receipt; 8
 *   characters or more (the carriers' numbers are 10 to 22; a shorter code is an id).
 * - `receipt-barcode`: an unidentified receipt's own barcode, 8 characters or more like the carriers'.
 */
export type ScanCodeKind = 'item-code' | 'record-id' | 'purchase-order' | 'box-tracking' | 'return-reference' | 'carrier-tracking' | 'receipt-barcode';

export interface ScanPlan {
  /** The kinds this code can be; a resolver is asked when it looks up one of them. */
  kinds: ReadonlySet<ScanCodeKind>;
  /**
   * Whether an exact match from a lookup that costs no request (the offline item cache) ends the scan
   * before any lookup that does. A SKU, barcode or GTIN of this account's items is what a clerk scans
   * from a product, and the cache answers it exactly. Digits that could be a record's id are not
   * ended there: a WRO or a box may have that number as its id (inventory ids are digits too), so
   * those are asked as well and a chooser offers each.
   */
  endsAtLocalMatch: boolean;
  /** Why the plan is narrower than every kind, for tests and the reader; null when nothing was ruled out. */
  why: string | null;
}

/** What the plan reads: the scan's text (AIM prefix off), the symbology its AIM prefix named, its GS1 reading. */
export interface ScanShape {
  text: string;
  symbology: string | null;
  gs1: Gs1Result;
}

/** The longest code main's service lookups take (a PO, a tracking number, a receipt barcode). */
const MAX_CODE = 100;
const MAX_ITEM_CODE = 500;
const MAX_REFERENCE = 50;
const MIN_CARRIER = 8;
const MAX_RECORD_ID = 2147483647;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/;

/**
 * GS1 data that can only be a trade item: GS1 data with a GTIN (AI 01) in a form no other code
 * takes. The bracketed form and a Digital Link URL say so by their syntax, a GS separator (FNC1)
 * and a GS1 symbology (]C1, ]d2, ]Q3, ...) by the scanner. A bare run of digits that happens to
 * read as AIs ("0109506000134352" + "17261231") could as well be a carrier's tracking number, so
 * without one of those marks it is not taken for GS1 here.
 */
export function isGs1TradeItem({ text, symbology, gs1 }: ScanShape): boolean {
  if (!gs1.ok || gs1.gtin14 === undefined || gs1.form === 'gtin') return false;
  return gs1.form === 'bracketed' || gs1.form === 'digital-link' || text.includes('\x1d') || (symbology?.startsWith('GS1') ?? false);
}

const EVERY_KIND: readonly ScanCodeKind[] = [
  'item-code',
  'record-id',
  'purchase-order',
  'box-tracking',
  'return-reference',
  'carrier-tracking',
  'receipt-barcode',
];

/** The lookups a scan is worth asking. */
export function planScan(shape: ScanShape): ScanPlan {
  const text = shape.text.trim();
  if (text.length === 0) return { kinds: new Set(), endsAtLocalMatch: true, why: 'nothing was scanned' };
  // A clerk's badge takes the turn at the desk (the clerks area claims it before the router); no record carries it.
  if (isBadgeCode(text)) return { kinds: new Set(), endsAtLocalMatch: true, why: "a clerk's badge is no record's code" };
  if (isGs1TradeItem({ ...shape, text })) return { kinds: new Set(['item-code']), endsAtLocalMatch: true, why: 'GS1 data with a GTIN names a trade item' };
  const kinds = new Set<ScanCodeKind>();
  if (text.length <= MAX_ITEM_CODE) kinds.add('item-code');
  // Control characters (GS1's GS, RS, EOT) are in no id, number or reference the service stores.
  if (!CONTROL.test(text) && text.length <= MAX_CODE) {
    if (/^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_RECORD_ID) kinds.add('record-id');
    kinds.add('purchase-order');
    kinds.add('box-tracking');
    if (text.length <= MAX_REFERENCE) kinds.add('return-reference');
    if (text.length >= MIN_CARRIER) {
      kinds.add('carrier-tracking');
      kinds.add('receipt-barcode');
    }
  }
  const left = EVERY_KIND.filter((k) => !kinds.has(k));
  return { kinds, endsAtLocalMatch: !kinds.has('record-id'), why: left.length === 0 ? null : `not ${left.join(', ')} by its shape` };
}

/** The kinds a typed code can be (the palette, a search field): the same rules, with no scanner to name a symbology. */
export function typedCodeKinds(text: string): ReadonlySet<ScanCodeKind> {
  return planScan({ text, symbology: null, gs1: parseGs1(text.trim()) }).kinds;
}
