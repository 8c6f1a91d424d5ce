import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/server.js';

/** A plain HTTP client for the emulator, the way any integration would call it. */
export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export class EmulatorClient {
  constructor(
    readonly url: string,
    readonly token: string,
    readonly channelId = 7301,
  ) {}

  async call(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; channel?: boolean; raw?: boolean } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}`, ...options.headers };
    if (options.channel !== false && method !== 'GET') headers.service_channel_id = String(this.channelId);
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.url}${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
    if (options.raw) return { status: res.status, headers: res.headers, body: null, text: '' };
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: parseOrNull(text), text };
  }

  get<T = unknown>(path: string): Promise<T> {
    return this.call('GET', path).then((a) => {
      if (a.status !== 200) throw new Error(`GET ${path} answered ${a.status}: ${a.text.slice(0, 300)}`);
      return a.body as T;
    });
  }
}

/**
 * Starts an emulator and creates a personal access token with every API scope. The rate limit is
 * off unless the options turn it on: these tests check shapes and rules with hundreds of calls a
 * minute, and the limit has tests of its own.
 */
export async function emulatorWithPat(
  options: EmulatorOptions = {},
): Promise<{ emu: RunningEmulator; api: EmulatorClient; control: (method: string, path: string, body?: unknown) => Promise<Answer> }> {
  const emu = await startEmulator({ rateLimit: { enabled: false }, ...options });
  const control = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${emu.url}/__emulator${path}`, {
      method,
      headers: body !== undefined ? { 'content-type': 'application/json' } : {},
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, text };
  };
  const pat = await control('POST', '/pats', { name: 'conformance' });
  return { emu, api: new EmulatorClient(emu.url, (pat.body as { token: string }).token), control };
}

function parseOrNull(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null; // not JSON (or cut off): callers look at `text`
  }
}
