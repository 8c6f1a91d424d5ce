// The GS1 Application Identifier table: each AI's data field, as the GS1 General Specifications
// (section 3, "GS1 Application Identifier definitions") give it, written in a compact notation of our
// own that `gs1.ts` reads once:
//
//   component  := type length [":" check]      several components are joined by spaces
//   type       := N (digits) | X (CSET 82) | Y (CSET 39) | Z (CSET 64)
//   length     := "6" (exactly) | "..20" (1 to 20) | "3..15" (3 to 15)
//   "[...]"    := an optional last component
//   check      := csum (mod-10 check digit) | yymmd0 (date, day 00 allowed) | yymmdd | hhmm | yymmddhh
//
// Ranges such as 3100-3105 stand for every AI between them. An AI missing here is not defined by GS1
// and is refused. Pairing rules (which AIs need or exclude which) are not enforced: the desk reads
// labels, it does not certify them.

export const AI_TABLE: ReadonlyArray<readonly [ais: string, spec: string]> = [
  ['00', 'N18:csum'], // SSCC
  ['01', 'N14:csum'], // GTIN
  ['02', 'N14:csum'], // GTIN of contained trade items
  ['10', 'X..20'], // batch or lot
  ['11', 'N6:yymmd0'], // production date
  ['12', 'N6:yymmd0'], // due date
  ['13', 'N6:yymmd0'], // packaging date
  ['15', 'N6:yymmd0'], // best before
  ['16', 'N6:yymmd0'], // sell by
  ['17', 'N6:yymmd0'], // expiration date
  ['20', 'N2'], // internal product variant
  ['21', 'X..20'], // serial number
  ['22', 'X..20'], // consumer product variant
  ['235', 'X..28'], // third-party controlled serialised extension of GTIN
  ['240', 'X..30'], // additional product identification
  ['241', 'X..30'], // customer part number
  ['242', 'N..6'], // made-to-order variation number
  ['243', 'X..20'], // packaging component number
  ['250', 'X..30'], // secondary serial number
  ['251', 'X..30'], // reference to source entity
  ['253', 'N13:csum [X..17]'], // GDTI
  ['254', 'X..20'], // GLN extension component
  ['255', 'N13:csum [N..12]'], // GCN
  ['30', 'N..8'], // variable count
  // 31nn-36nn trade and logistic measures: 4-digit AIs, last digit = decimal places; generated below.
  ['37', 'N..8'], // count of trade items
  ['3900-3909', 'N..15'], // amount payable, single currency
  ['3910-3919', 'N3 N..15'], // amount payable with ISO 4217 currency
  ['3920-3929', 'N..15'], // price, single currency
  ['3930-3939', 'N3 N..15'], // price with ISO 4217 currency
  ['3940-3943', 'N4'], // percentage discount of a coupon
  ['3950-3955', 'N6'], // amount payable per unit of measure
  ['400', 'X..30'], // customer's purchase order number
  ['401', 'X..30'], // GINC
  ['402', 'N17:csum'], // GSIN
  ['403', 'X..30'], // routing code
  ['410-417', 'N13:csum'], // GLNs: ship to, bill to, purchased from, ship for, location, pay to, production, party
  ['420', 'X..20'], // ship-to postal code, single authority
  ['421', 'N3 X..9'], // ship-to postal code with ISO country code
  ['422', 'N3'], // country of origin
  ['423', 'N3..15'], // countries of initial processing
  ['424', 'N3'], // country of processing
  ['425', 'N3..15'], // countries of disassembly
  ['426', 'N3'], // country of full process chain
  ['427', 'X..3'], // country subdivision of origin
  ['4300-4301', 'X..35'], // ship-to company, contact
  ['4302-4306', 'X..70'], // ship-to address lines, suburb, locality, region
  ['4307', 'X2'], // ship-to country
  ['4308', 'X..30'], // ship-to telephone
  ['4309', 'N20'], // ship-to geolocation
  ['4310-4311', 'X..35'], // return-to company, contact
  ['4312-4316', 'X..70'], // return-to address lines, suburb, locality, region
  ['4317', 'X2'], // return-to country
  ['4318', 'X..20'], // return-to postal code
  ['4319', 'X..30'], // return-to telephone
  ['4320', 'X..35'], // service code description
  ['4321-4323', 'N1'], // dangerous goods, authority to leave, signature required
  ['4324-4325', 'N6:yymmd0 N4:hhmm'], // not before / not after delivery date and time
  ['4326', 'N6:yymmdd'], // release date
  ['4330-4333', 'N6 [X1]'], // maximum / minimum temperatures
  ['7001', 'N13'], // NATO stock number
  ['7002', 'X..30'], // UN/ECE meat carcasses and cuts classification
  ['7003', 'N6:yymmdd N4:hhmm'], // expiration date and time
  ['7004', 'N..4'], // active potency
  ['7005', 'X..12'], // catch area
  ['7006', 'N6:yymmdd'], // first freeze date
  ['7007', 'N6:yymmdd [N6:yymmdd]'], // harvest date
  ['7008', 'X..3'], // species for fishery purposes
  ['7009', 'X..10'], // fishing gear type
  ['7010', 'X..2'], // production method
  ['7011', 'N6:yymmdd [N4:hhmm]'], // test by date
  ['7020-7022', 'X..20'], // refurbishment lot, functional status, revision status
  ['7023', 'X..30'], // GIAI of an assembly
  ['7030-7039', 'N3 X..27'], // approval number of processor with ISO country code
  ['7040', 'N1 X3'], // GS1 UIC with extension 1 and importer index
  ['710-715', 'X..20'], // national healthcare reimbursement numbers
  ['7230-7239', 'X2 X..28'], // certification references
  ['7240', 'X..20'], // protocol ID
  ['7241', 'N2'], // AIDC media type
  ['7242', 'X..25'], // version control number
  ['8001', 'N14'], // roll products
  ['8002', 'X..20'], // cellular mobile telephone identifier
  ['8003', 'N1 N13:csum [X..16]'], // GRAI
  ['8004', 'X..30'], // GIAI
  ['8005', 'N6'], // price per unit of measure
  ['8006', 'N14:csum N4'], // ITIP
  ['8007', 'X..34'], // IBAN
  ['8008', 'N8:yymmddhh [N..4]'], // date and time of production
  ['8009', 'X..50'], // optically readable sensor indicator
  ['8010', 'Y..30'], // CPID
  ['8011', 'N..12'], // CPID serial number
  ['8012', 'X..20'], // software version
  ['8013', 'X..25'], // GMN
  ['8017-8018', 'N18:csum'], // GSRN provider, recipient
  ['8019', 'N..10'], // service relation instance number
  ['8020', 'X..25'], // payment slip reference number
  ['8026', 'N14:csum N4'], // ITIP of contained trade items
  ['8030', 'Z..90'], // digital signature
  ['8110', 'X..70'], // coupon code (North America)
  ['8111', 'N4'], // loyalty points of a coupon
  ['8112', 'X..70'], // paperless coupon code (North America)
  ['8200', 'X..70'], // extended packaging URL
  ['90', 'X..30'], // mutually agreed between trading partners
  ['91-99', 'X..90'], // company internal information
];

// 31nn-36nn: AI = 3 digits of measure + 1 digit of decimal places (0-5), six digits each.
const MEASURE_PREFIXES = [...range(310, 316), ...range(320, 329), ...range(330, 337), ...range(340, 349), ...range(350, 357), ...range(360, 369)];
export const MEASURE_AIS: ReadonlyArray<readonly [string, string]> = MEASURE_PREFIXES.map((p) => [`${p}0-${p}5`, 'N6'] as const);

/**
 * First two digits of the AIs whose data has a predefined length, so no FNC1/GS separator follows
 * them (GS1 General Specifications figure 7.8.5-2). Every other AI ends at a GS or at the end of the
 * data, even when its length is fixed (422, 8006, ...).
 */
export const PREDEFINED_LENGTH_PREFIXES: ReadonlySet<string> = new Set([
  '00',
  '01',
  '02',
  '03',
  '04',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '41',
]);

/** Keys of GS1 Digital Link URIs (the primary keys and the path qualifiers) by their short names. */
export const DIGITAL_LINK_ALIASES: Readonly<Record<string, string>> = {
  gtin: '01',
  itip: '8006',
  sscc: '00',
  gln: '414',
  party: '417',
  grai: '8003',
  giai: '8004',
  gsrnp: '8017',
  gsrn: '8018',
  gdti: '253',
  gcn: '255',
  ginc: '401',
  gsin: '402',
  cpid: '8010',
  gmn: '8013',
  cpv: '22',
  lot: '10',
  ser: '21',
  glnx: '254',
  srin: '8019',
  cpsn: '8011',
  tpx: '235',
  exp: '17',
  expdt: '7003',
};

/** The AIs that may start a GS1 Digital Link path (primary keys). */
export const DIGITAL_LINK_PRIMARY_KEYS: ReadonlySet<string> = new Set([
  '00',
  '01',
  '253',
  '255',
  '401',
  '402',
  '414',
  '417',
  '8003',
  '8004',
  '8006',
  '8010',
  '8013',
  '8017',
  '8018',
]);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
