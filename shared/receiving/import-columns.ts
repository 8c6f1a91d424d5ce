import { z } from 'zod';

/**
 * What a receiving-order spreadsheet's columns can mean, how a header is matched to them, and the
 * template Dockdesk offers. Pure, shared by main (which reads the file) and the renderer (which shows
 * the match and offers the template).
 */

export const ImportField = z.enum(['item', 'quantity', 'box', 'tracking', 'lot', 'expiry', 'center', 'po', 'arrival', 'packageType', 'boxPackaging']);
export type ImportField = z.infer<typeof ImportField>;

/**
 * The template's column headings, and the column names main's problems use. English on purpose:
 * a supplier's file is matched by these and the synonyms below whatever the desk's language; the
 * preview says each field in the clerk's language (receiving.import.field).
 */
export const IMPORT_FIELD_WORDS: Record<ImportField, string> = {
  item: 'Item (SKU, barcode or inventory id)',
  quantity: 'Quantity',
  box: 'Box',
  tracking: 'Tracking number',
  lot: 'Lot',
  expiry: 'Expiry',
  center: 'Fulfillment center',
  po: 'PO number',
  arrival: 'Expected arrival',
  packageType: 'Package type',
  boxPackaging: 'Box packaging',
};

/** The short name a problem uses for the column ("Row 5, Quantity: …"). */
export const IMPORT_FIELD_SHORT: Record<ImportField, string> = { ...IMPORT_FIELD_WORDS, item: 'Item' };

/** Fields whose value is the order's, not the line's: the first row that gives one sets it. */
export const ORDER_FIELDS = ['center', 'po', 'arrival', 'packageType', 'boxPackaging'] as const satisfies readonly ImportField[];

/**
 * Header names per field, normalized (see normalizeHeader), in the words suppliers' advance shipping
 * notices and spreadsheets use. A header matches a field when its normalized name is one of these.
 */
const SYNONYMS: Record<ImportField, readonly string[]> = {
  item: [
    'item',
    'sku',
    'itemcode',
    'itemnumber',
    'itemno',
    'itemsku',
    'barcode',
    'gtin',
    'ean',
    'upc',
    'inventoryid',
    'product',
    'productcode',
    'sellersku',
    'merchantsku',
    'article',
    'articlenumber',
  ],
  quantity: [
    'quantity',
    'qty',
    'expectedquantity',
    'expectedqty',
    'qtyexpected',
    'shippedquantity',
    'shippedqty',
    'quantityshipped',
    'units',
    'pieces',
    'pcs',
    'count',
  ],
  box: ['box', 'boxnumber', 'boxno', 'boxid', 'carton', 'cartonnumber', 'cartonno', 'cartonid', 'cartonidentifier', 'sscc', 'parcel'],
  tracking: ['tracking', 'trackingnumber', 'trackingno', 'trackingid', 'trackingcode', 'waybill', 'awb'],
  lot: ['lot', 'lotnumber', 'lotno', 'lotcode', 'batch', 'batchnumber', 'batchno', 'batchcode'],
  expiry: [
    'expiry',
    'expirydate',
    'expiration',
    'expirationdate',
    'expires',
    'bestbefore',
    'bestbeforedate',
    'bbd',
    'useby',
    'usebydate',
    'exp',
    'expdate',
    'lotdate',
    'lotexpiry',
  ],
  center: ['fulfillmentcenter', 'fulfilmentcentre', 'fulfilmentcenter', 'fulfillmentcentre', 'fc', 'center', 'centre', 'warehouse'],
  po: ['po', 'ponumber', 'pono', 'ponum', 'purchaseorder', 'purchaseordernumber', 'purchaseorderno'],
  arrival: ['expectedarrival', 'expectedarrivaldate', 'arrival', 'arrivaldate', 'eta', 'expecteddate', 'deliverydate'],
  packageType: ['packagetype', 'shipmenttype', 'loadtype', 'shippingtype'],
  boxPackaging: ['boxpackaging', 'boxpackagingtype', 'packingtype', 'boxcontents'],
};

const synonymField = new Map<string, ImportField>(Object.entries(SYNONYMS).flatMap(([field, names]) => names.map((n) => [n, field as ImportField] as const)));

/** A header's name as matching reads it: lower case, accents and everything but letters and digits gone ("Best before" → "bestbefore", "PO #" → "po"). */
export function normalizeHeader(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** A layout: the header row's normalized names. A remembered match belongs to one layout. */
export function layoutKey(headers: readonly string[]): string {
  return headers.map(normalizeHeader).join('|');
}

/** Each column's field (null: not read), by name and synonyms; a field goes to its first column only. */
export function guessColumns(headers: readonly string[]): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  return headers.map((h) => {
    const field = synonymFieldOf(h);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

function synonymFieldOf(header: string): ImportField | null {
  const n = normalizeHeader(header);
  if (!n) return null;
  const exact = synonymField.get(n);
  if (exact) return exact;
  // "Qty (units)", "Expiry date (DD/MM/YYYY)": the words before a bracket.
  const before = normalizeHeader(header.replace(/[([].*$/, ''));
  return synonymField.get(before) ?? null;
}

/** A match the clerk gave for this file: at most one column per field, one entry per column. */
export function checkColumns(headers: readonly string[], columns: readonly (ImportField | null)[]): string | null {
  if (columns.length !== headers.length) return `The match names ${columns.length} columns; the file has ${headers.length}.`;
  const seen = new Map<ImportField, number>();
  for (const [i, f] of columns.entries()) {
    if (!f) continue;
    if (seen.has(f))
      return `Columns "${headers[seen.get(f)!]}" and "${headers[i]}" are both matched to ${IMPORT_FIELD_SHORT[f]}: match one of them to something else.`;
    seen.set(f, i);
  }
  return null;
}

/** The template's columns, in the order Dockdesk reads best. */
export const TEMPLATE_FIELDS: readonly ImportField[] = [
  'item',
  'quantity',
  'box',
  'tracking',
  'lot',
  'expiry',
  'po',
  'center',
  'arrival',
  'packageType',
  'boxPackaging',
];

/** The template's headings: the preview's words, but a plain "SKU" where the template's example rows give one. */
const TEMPLATE_HEADINGS: Record<ImportField, string> = { ...IMPORT_FIELD_WORDS, item: 'SKU' };

/**
 * The downloadable template: the headings Dockdesk reads and two example lines in one box. UTF-8 with
 * a BOM and CRLF, so a spreadsheet opens it with its accents and line ends right.
 */
export function importTemplateCsv(): string {
  const rows = [
    TEMPLATE_FIELDS.map((f) => TEMPLATE_HEADINGS[f]),
    ['EXAMPLE-SKU-1', '24', '1', '1Z999AA10123456784', '', '', 'PO-1001', '', '2026-12-01 09:00', 'Pallet', 'Several SKUs per box'],
    ['EXAMPLE-SKU-2', '12', '1', '', 'LOT-A1', '2027-06-30', '', '', '', '', ''],
  ];
  return '\ufeff' + rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
}
