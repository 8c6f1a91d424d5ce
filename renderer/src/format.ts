/** Formatting for the desk: dates in the user's locale, numbers with grouping. */
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const numberFormat = new Intl.NumberFormat();

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
}

export function formatCount(n: number): string {
  return numberFormat.format(n);
}

/** "PartiallyArrivedAtHub" → "Partially arrived at hub". */
export function humanize(identifier: string): string {
  const words = identifier.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
