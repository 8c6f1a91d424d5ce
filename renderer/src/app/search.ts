/**
 * Addresses keep plain query strings (#/receiving?status=Awaiting&fc=12&page=2), not the router's
 * default JSON: every value is a string here and each route's zod schema gives it its type.
 */
export function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    // Values are strings, numbers and booleans (each route's zod schema says so), written as JSON writes
    // them; an object would keep its content rather than read back as [object Object].
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString().replace(/%2C/g, ',');
  return text ? `?${text}` : '';
}
