/** One line of the request log the control API serves. Never holds headers or bodies (tokens live there). */
export interface RequestLogEntry {
  seq: number;
  at: string;
  method: string;
  path: string;
  /** The query string as sent, without its `?` ('' for none): a list's pages differ only by it (their cursors). */
  query: string;
  status: number;
  durationMs: number;
  /** The injected fault, when one was: 'drop', '5xx', '429' (injected or the rate limit), 'malformed'. */
  fault: string | null;
  /**
   * Which grant the bearer token belongs to (its id, never the token), or null: several clients of one
   * user share the request limit, and this tells their requests apart (each desk its own token).
   */
  grant: string | null;
}

const MAX_ENTRIES = 20_000;

export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private seq = 0;

  add(entry: Omit<RequestLogEntry, 'seq'>): void {
    this.entries.push({ seq: ++this.seq, ...entry });
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  list(sinceSeq = 0): RequestLogEntry[] {
    return this.entries.filter((e) => e.seq > sinceSeq);
  }

  clear(): void {
    this.entries = [];
  }
}
