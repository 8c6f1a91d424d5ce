import { validation } from './errors.js';

type Query = Record<string, string | string[] | undefined>;

/**
 * Reads a query string the way the service does: comma-separated lists, whole numbers within
 * bounds, ISO dates, booleans. Collects every problem, then `done()` throws one validation
 * dictionary ({ "Limit": ["..."] }) if there were any.
 */
export class QueryReader {
  readonly errors: Record<string, string[]> = {};

  constructor(private readonly query: Query) {}

  text(key: string): string | undefined {
    const v = this.query[key];
    return Array.isArray(v) ? v.join(',') : v;
  }

  list(key: string): string[] | undefined {
    return this.text(key)
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }

  int(key: string, min: number, max: number, fallback: number): number;
  int(key: string, min: number, max: number): number | undefined;
  int(key: string, min: number, max: number, fallback?: number): number | undefined {
    const raw = this.text(key);
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!/^-?\d+$/.test(raw) || n < min || n > max) {
      this.fail(key, `${key} must be a whole number from ${min} to ${max}.`);
      return fallback;
    }
    return n;
  }

  ints(key: string): number[] | undefined {
    const values = this.list(key);
    if (!values) return undefined;
    if (values.some((v) => !/^\d+$/.test(v))) this.fail(key, `${key} must be a comma-separated list of whole numbers.`);
    return values.map(Number);
  }

  date(key: string): number | undefined {
    const raw = this.text(key);
    if (raw === undefined || raw === '') return undefined;
    const t = Date.parse(raw);
    if (Number.isNaN(t)) this.fail(key, `${key} must be an ISO 8601 date-time.`);
    return t;
  }

  bool(key: string): boolean | undefined {
    const raw = this.text(key);
    if (raw === undefined || raw === '') return undefined;
    if (raw !== 'true' && raw !== 'false') this.fail(key, `${key} must be true or false.`);
    return raw === 'true';
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const raw = this.text(key);
    if (raw === undefined || raw === '') return undefined;
    if (!allowed.includes(raw as T)) this.fail(key, `${key} must be one of ${allowed.join(', ')}.`);
    return raw as T;
  }

  fail(key: string, message: string): void {
    (this.errors[key] ??= []).push(message);
  }

  done(status: 400 | 422 = 400): void {
    if (Object.keys(this.errors).length > 0) throw validation(status, this.errors);
  }
}

/** Header paging (API notes): Page-Number, Page-Size, Total-Pages, Total-Count, Next-Page. */
/**
 * Header paging (published documents; API notes): Page-Number, Page-Size, Total-Pages, Total-Count,
 * and, when there is a next page, Next-Page: the href (path and query) of that page, i.e. the request
 * as it came with its Page parameter moved on.
 */
export function pageHeaders(page: number, limit: number, total: number, requestUrl: string): Record<string, string> {
  const totalPages = Math.ceil(total / limit);
  const headers: Record<string, string> = {
    'page-number': String(page),
    'page-size': String(limit),
    'total-pages': String(totalPages),
    'total-count': String(total),
  };
  if (page < totalPages) headers['next-page'] = withQuery(requestUrl, { Page: String(page + 1) });
  return headers;
}

/** The request's path and query with some parameters set (matched without regard to case) or removed. */
export function withQuery(requestUrl: string, set: Record<string, string | null>): string {
  const url = new URL(requestUrl, 'http://emulator.invalid');
  for (const [name, value] of Object.entries(set)) {
    // Set in place, keeping the caller's spelling and order; add at the end when not there.
    const existing = [...url.searchParams.keys()].find((key) => key.toLowerCase() === name.toLowerCase());
    if (value === null) {
      if (existing) url.searchParams.delete(existing);
    } else url.searchParams.set(existing ?? name, value);
  }
  return `${url.pathname}${url.search}`;
}

export function pageSlice<T>(items: T[], page: number, limit: number): T[] {
  const start = (page - 1) * limit;
  return items.slice(start, start + limit);
}

export function intParam(value: string | undefined, name: string, max = 2147483647): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) > max) throw validation(400, { [name]: [`${name} must be a whole number.`] });
  return Number(value);
}
