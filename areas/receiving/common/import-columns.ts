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
 * Headings per field as suppliers' advance shipping notices and spreadsheets write them, in English,
 * German, Spanish, Polish and French: the one list the desk matches a file's headings by. A heading
 * matches a field when it reads the same as one of these once normalized (see normalizeHeader:
 * case, accents, spaces and punctuation aside, so "Art.-Nr." is "ART NR" and "Ilosc" is "Ilość").
 */
export const HEADING_SYNONYMS: Record<ImportField, readonly string[]> = {
  item: [
    ...['Item', 'SKU', 'Item code', 'Item number', 'Item no.', 'Item SKU', 'Barcode', 'GTIN', 'EAN', 'UPC', 'Inventory id', 'Product', 'Product code'],
    ...['Seller SKU', 'Merchant SKU', 'Article', 'Article number', 'Article no.', 'Art. no.', 'Part number', 'Part no.', 'Product no.'],
    ...['Art.-Nr.', 'Artikelnummer', 'Artikel-Nr.', 'Artikel', 'Artikelcode', 'Materialnummer', 'Mat.-Nr.', 'EAN-Code'],
    ...['Artículo', 'Código', 'Código de artículo', 'Referencia', 'Ref.', 'Código de barras'],
    ...['Kod', 'Kod towaru', 'Kod produktu', 'Indeks', 'Towar', 'Kod kreskowy', 'Nr katalogowy'],
    ...['Référence', 'Code article', 'Réf. article', 'Code produit', 'Produit', 'Code-barres'],
  ],
  quantity: [
    ...[
      'Quantity',
      'Qty',
      'Expected quantity',
      'Expected qty',
      'Qty expected',
      'Shipped quantity',
      'Shipped qty',
      'Quantity shipped',
      'Units',
      'Pieces',
      'Pcs',
      'Count',
    ],
    ...['Menge', 'Anzahl', 'Stück', 'Stk.', 'Liefermenge', 'Sollmenge'],
    ...['Cantidad', 'Cant.', 'Unidades', 'Cantidad enviada'],
    ...['Ilość', 'Ilość sztuk', 'Liczba', 'Szt.', 'Sztuk'],
    ...['Quantité', 'Qté', 'Quantité livrée'],
  ],
  box: [
    ...['Box', 'Box number', 'Box no.', 'Box id', 'Carton', 'Carton number', 'Carton no.', 'Carton id', 'Carton identifier', 'SSCC', 'Parcel'],
    ...['Karton', 'Karton-Nr.', 'Kartonnummer', 'Paket', 'Packstück', 'Kolli'],
    ...['Caja', 'Número de caja', 'Bulto'],
    ...['Paczka', 'Nr kartonu', 'Nr paczki', 'Opakowanie'],
    ...['Colis', 'Numéro de colis', 'Boîte'],
  ],
  tracking: [
    ...['Tracking', 'Tracking number', 'Tracking no.', 'Tracking id', 'Tracking code', 'Waybill', 'AWB'],
    ...['Sendungsnummer', 'Sendungs-Nr.', 'Trackingnummer'],
    ...['Seguimiento', 'Número de seguimiento'],
    ...['Numer przesyłki', 'Nr przesyłki', 'Numer śledzenia'],
    ...['Numéro de suivi', 'Suivi'],
  ],
  lot: [
    ...['Lot', 'Lot number', 'Lot no.', 'Lot code', 'Batch', 'Batch number', 'Batch no.', 'Batch code'],
    ...['Charge', 'Chargennummer', 'Chargen-Nr.', 'Los'],
    ...['Lote', 'Número de lote', 'Nº lote'],
    ...['Partia', 'Nr partii', 'Numer partii'],
    ...['Numéro de lot', 'N° lot'],
  ],
  expiry: [
    ...['Expiry', 'Expiry date', 'Expiration', 'Expiration date', 'Expires', 'Best before', 'Best before date', 'BBD', 'Use by', 'Use by date'],
    ...['Exp', 'Exp. date', 'Lot date', 'Lot expiry'],
    ...['MHD', 'Mindesthaltbarkeitsdatum', 'Haltbar bis', 'Verfallsdatum', 'Verfall', 'Ablaufdatum'],
    ...['Caducidad', 'Fecha de caducidad', 'Vencimiento', 'Fecha de vencimiento', 'Consumo preferente'],
    ...['Data ważności', 'Ważność', 'Termin ważności', 'Najlepiej spożyć przed'],
    ...['DLUO', 'DDM', 'DLC', "Date d'expiration", 'Date de péremption', 'Péremption'],
  ],
  center: [
    ...['Fulfillment center', 'Fulfilment centre', 'Fulfilment center', 'Fulfillment centre', 'FC', 'Center', 'Centre', 'Warehouse'],
    ...['Lager', 'Almacén', 'Magazyn', 'Entrepôt'],
  ],
  po: [
    ...['PO', 'PO number', 'PO no.', 'PO num', 'Purchase order', 'Purchase order number', 'Purchase order no.'],
    ...['Bestellnummer', 'Bestell-Nr.', 'Número de pedido', 'Pedido', 'Orden de compra'],
    ...['Nr zamówienia', 'Numer zamówienia', 'Zamówienie', 'Numéro de commande', 'Bon de commande', 'Commande'],
  ],
  arrival: [
    ...['Expected arrival', 'Expected arrival date', 'Arrival', 'Arrival date', 'ETA', 'Expected date', 'Delivery date'],
    ...['Liefertermin', 'Ankunft', 'Lieferdatum', 'Fecha de llegada', 'Fecha de entrega', 'Llegada'],
    ...['Data dostawy', 'Termin dostawy', 'Date de livraison', "Date d'arrivée", 'Arrivée'],
  ],
  packageType: ['Package type', 'Shipment type', 'Load type', 'Shipping type'],
  boxPackaging: ['Box packaging', 'Box packaging type', 'Packing type', 'Box contents'],
};

const synonymField = new Map<string, ImportField>(
  Object.entries(HEADING_SYNONYMS).flatMap(([field, names]) => names.map((n) => [normalizeHeader(n), field as ImportField] as const)),
);

/** A header's name as matching reads it: lower case, accents and everything but letters and digits gone ("Best before" → "bestbefore", "PO #" → "po"). */
export function normalizeHeader(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // Letters NFKD leaves whole: the Polish ł is an l with a stroke, not an l and a mark.
      .replace(/ł/g, 'l')
      .replace(/[^\p{L}\p{N}]/gu, '')
  );
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
