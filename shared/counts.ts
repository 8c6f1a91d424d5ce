/**
 * The one place a count meets its unit ("1 order", "2 orders", "1,234 items"). The desk speaks
 * English, so the plural category comes from English rules; the number is grouped in the user's
 * locale like every other number the desk shows. `test/unit/counts.test.ts` refuses hand-made
 * plurals (`n === 1 ? 'x' : 'xs'`, "${n} orders") anywhere in the app's sources.
 */
export const COUNT_UNITS = {
  box: ['box', 'boxes'],
  boxLabel: ['box label', 'box labels'],
  code: ['code', 'codes'],
  day: ['day', 'days'],
  event: ['event', 'events'],
  exclusion: ['exclusion', 'exclusions'],
  item: ['item', 'items'],
  itemLabel: ['item label', 'item labels'],
  line: ['line', 'lines'],
  lot: ['lot', 'lots'],
  match: ['match', 'matches'],
  order: ['order', 'orders'],
  page: ['page', 'pages'],
  problem: ['problem', 'problems'],
  receipt: ['receipt', 'receipts'],
  record: ['record', 'records'],
  row: ['row', 'rows'],
  return: ['return', 'returns'],
  scan: ['scan', 'scans'],
  status: ['status', 'statuses'],
  unit: ['unit', 'units'],
} as const satisfies Record<string, readonly [one: string, other: string]>;

export type CountUnit = keyof typeof COUNT_UNITS;

const pluralRules = new Intl.PluralRules('en');
const numberFormat = new Intl.NumberFormat();

/** The unit's word for this many ("order" for 1, "orders" otherwise, "orders" for 0 too). */
export function unitWord(n: number, unit: CountUnit): string {
  const [one, other] = COUNT_UNITS[unit];
  return pluralRules.select(n) === 'one' ? one : other;
}

/** "1 order", "12 orders", "1,234 items". */
export function countOf(n: number, unit: CountUnit): string {
  return `${numberFormat.format(n)} ${unitWord(n, unit)}`;
}
