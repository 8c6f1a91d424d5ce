import { setTimeout as delay } from 'node:timers/promises';
import type { z } from 'zod';
import { AppErrorException } from '../../../shared/errors.js';
import { appError } from '../words.js';
import { BEARER_TOKEN_PATTERN } from '../../../shared/schemas/oauth.js';
import { BODY_LIMITS, readBodyBytes } from './body-limit.js';
import type { BodyVerdict } from './body-verdict.js';
import { outcomeOfAnswer, SLOW_ANSWER_MS, type ConnectivityMonitor, type Outcome } from './connectivity.js';
import { HTTP_TIMEOUTS, type DispatcherPool } from './dispatchers.js';
import { cancelledError, errorFromResponse, errorFromSchema, errorFromShape, errorFromTransport, isTransportFailure, notJsonError } from './errors.js';
import { OPERATIONS, operationPath, waitSubject, type OperationName } from './operations.js';
import { currentLane, RequestBudget, type Lane, type Ticket } from './request-budget.js';
import { RESPONSES } from './responses.js';
import { backoffDelayMs, RETRY } from './retry-policy.js';
import { endpointUrl } from './urls.js';

export interface TokenSource {
  /** A current access token; `rejected` names one the service refused, to force a refresh past it. */
  getAccessToken(options?: { rejected?: string }): Promise<string>;
}

export interface CallOptions<S extends z.ZodType> {
  /**
   * A paging link the service handed back (`Next-Page`, or a cursor's first/last/next/prev): an href
   * (path and query) or an absolute URL, followed as given, but only on this origin and this
   * operation's path: a link is not a way to send the token elsewhere.
   */
  follow?: string | null;
  /** Ask for this media type (e.g. application/pdf); a non-JSON answer then arrives as bytes. */
  accept?: string;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** The service_channel_id header (spec 4): the channel with _write scopes. */
  channelId?: number | null;
  /** How the answer is read: the operation's own response schema (RESPONSES) unless a caller needs another reading. */
  schema?: S;
  signal?: AbortSignal;
  /** Who waits for this call (the budget's lanes); by default the lane of the code calling (interactive unless said). */
  lane?: Lane;
  /**
   * For writes: finds what an earlier attempt created (say, by reference id) after an answer was
   * lost. Without it a write is never sent a second time once it may have reached the service.
   */
  reconcile?: () => Promise<z.output<S> | null>;
}

/**
 * A read whose 2xx body is handed over, to be parsed and checked by `decode` (as text) or
 * `decodeBytes` (as the UTF-8 bytes read, say to move them to a worker thread without a copy).
 */
export type DecodedCallOptions<T> = Omit<CallOptions<z.ZodType>, 'schema' | 'reconcile' | 'accept' | 'body'> &
  (
    | { decode: (text: string) => Promise<BodyVerdict<T>>; decodeBytes?: never; bodyBuffer?: never }
    | {
        decodeBytes: (bytes: Buffer) => Promise<BodyVerdict<T>>;
        decode?: never;
        /** Where a 2xx body's bytes are gathered, once their size is known (say, memory shared with a worker thread). */
        bodyBuffer?: ((size: number) => Buffer) | undefined;
      }
  );

/** What `attempts` works with: either a schema the client checks, or a decoder it hands the text to. */
type AnyCallOptions = Omit<CallOptions<z.ZodType>, 'schema'> & {
  schema?: z.ZodType;
  decode?: ((text: string) => Promise<BodyVerdict<unknown>>) | undefined;
  decodeBytes?: ((bytes: Buffer) => Promise<BodyVerdict<unknown>>) | undefined;
  bodyBuffer?: ((size: number) => Buffer) | undefined;
  signal: AbortSignal;
  /** Ends a wait for the budget: the caller's signal only, since the deadline runs from the first send. */
  budgetSignal: AbortSignal | undefined;
  lane: Lane;
  /** Told when the budget first lets the call out (the deadline starts then). */
  admitted: () => void;
};

export interface CallResult<T> {
  data: T;
  headers: Record<string, string | string[] | undefined>;
}

type Attempt =
  | { kind: 'answered'; status: number; headers: CallResult<unknown>['headers']; body: unknown; token: string }
  | { kind: 'lost'; error: AppErrorException; token: string };

/**
 * The typed client for the service: the version table picks the path, undici sends it on the
 * origin's pool, the shared zod schema checks what comes back, and every failure becomes one
 * AppError. Reads retry on transport failures, 5xx, 429 and unreadable bodies; writes retry only when
 * the service certainly did not act (429, or a 401 before any processing) or after `reconcile` showed
 * the earlier attempt did not land. An expired access token is refreshed once and the call repeated.
 */
export class ApiClient {
  readonly budget: RequestBudget;
  private readonly callDeadlineMs: number;

  constructor(
    private readonly baseUrl: string,
    private readonly dispatchers: DispatcherPool,
    private readonly tokens: TokenSource,
    private readonly connectivity: ConnectivityMonitor,
    options: { budgetPerMinute?: number; callDeadlineMs?: number; budget?: RequestBudget } = {},
  ) {
    this.budget = options.budget ?? new RequestBudget(options.budgetPerMinute);
    this.callDeadlineMs = options.callDeadlineMs ?? HTTP_TIMEOUTS.callMs;
  }

  /**
   * A client that sends exactly this token and never refreshes: for checking a pasted token on its
   * own. A 401 rejects with not_signed_in instead of touching any session.
   */
  withToken(token: string): ApiClient {
    const fixed: TokenSource = {
      getAccessToken: async (options) => {
        if (options?.rejected === token) throw appError('not_signed_in', 'errors.api.tokenRefused');
        return token;
      },
    };
    return new ApiClient(this.baseUrl, this.dispatchers, fixed, this.connectivity, { budget: this.budget, callDeadlineMs: this.callDeadlineMs });
  }

  /** One call, retries included, within the overall deadline (a caller's own signal can end it sooner). */
  async call<O extends OperationName, S extends z.ZodType = Extract<(typeof RESPONSES)[O], z.ZodType>>(
    operation: O,
    options: CallOptions<S> = {},
  ): Promise<CallResult<z.output<S>>> {
    return (await this.withDeadline(operation, { ...options, schema: options.schema ?? RESPONSES[operation] })) as CallResult<z.output<S>>;
  }

  /**
   * A read like `call`, with the same retries, budget and errors, but the 2xx body goes to `decode` as
   * text (or to `decodeBytes` as bytes) instead of being parsed here: the inventory sync parses and checks its pages off the main
   * thread. A `not-json` verdict counts as a lost answer (asked again), `unexpected` as a schema failure.
   */
  async callDecoded<T>(operation: OperationName, options: DecodedCallOptions<T>): Promise<CallResult<T>> {
    if (OPERATIONS[operation].method !== 'GET') throw new Error(`callDecoded is for reads; ${operation} is not one`);
    return (await this.withDeadline(operation, options)) as CallResult<T>;
  }

  private async withDeadline(
    operation: OperationName,
    options: Omit<AnyCallOptions, 'signal' | 'budgetSignal' | 'lane' | 'admitted'> & { signal?: AbortSignal | undefined; lane?: Lane | undefined },
  ): Promise<CallResult<unknown>> {
    const spec = OPERATIONS[operation];
    const endpoint = `${spec.method} ${spec.path}`;
    // The deadline counts from the first send: a background call may wait its turn in the budget
    // for longer than a call may take once it is out (the caller's signal still ends the wait).
    const deadlineController = new AbortController();
    const deadline = deadlineController.signal;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const admitted = () => {
      timer ??= setTimeout(() => deadlineController.abort(new DOMException('The call took too long.', 'TimeoutError')), this.callDeadlineMs);
    };
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    try {
      return await this.attempts(operation, endpoint, { ...options, signal, budgetSignal: options.signal, lane: options.lane ?? currentLane(), admitted });
    } catch (error) {
      if (deadline.aborted && !options.signal?.aborted) {
        this.connectivity.report('server-error');
        throw appError(
          'timeout',
          'errors.api.callDeadline',
          { seconds: Math.round(this.callDeadlineMs / 1000) },
          {
            retryable: true,
            detail: `${endpoint}: no answer within ${this.callDeadlineMs} ms`,
          },
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async attempts(operation: OperationName, endpoint: string, options: AnyCallOptions): Promise<CallResult<unknown>> {
    const spec = OPERATIONS[operation];
    const url = endpointUrl(this.baseUrl, operationPath(operation, options.params));
    if (options.follow) {
      const next = linkUrl(this.baseUrl, options.follow);
      if (!next || next.origin !== url.origin || next.pathname !== url.pathname)
        throw appError('bad_response', 'errors.api.pagingLink', undefined, {
          detail: `${endpoint} sent a paging link to somewhere else (${next ? `${next.origin}${next.pathname}` : options.follow})`,
        });
      url.search = next.search;
    }
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const method: string = spec.method;
    const idempotent = method === 'GET' || method === 'PUT' || method === 'DELETE';
    const canReconcile = options.reconcile !== undefined;
    const wait = (ms: number) => delay(ms, undefined, { signal: options.signal });

    let rejectedToken: string | undefined;
    for (let attempt = 1; ; attempt++) {
      const result = await this.send(url, method, endpoint, options, rejectedToken, waitSubject(operation));
      const last = attempt >= RETRY.maxAttempts || options.signal.aborted;

      if (result.kind === 'lost') {
        // No answer: the request may or may not have been carried out.
        if (!result.error.appError.retryable || last) throw result.error;
        if (!idempotent && !canReconcile) throw this.unknownOutcome(endpoint);
        const found = idempotent ? null : await options.reconcile!();
        if (found !== null) return { data: found, headers: {} };
        await wait(backoffDelayMs(attempt, null));
        continue;
      }

      const { status, headers, body } = result;
      if (status === 401 && !rejectedToken) {
        rejectedToken = result.token; // expired or revoked between our check and the call: refresh once
        continue;
      }
      if (status === 429 && !last) {
        // Refused before any processing: safe to send again, writes included. The budget holds every
        // lane for the x-retry-after it was told, so the next send waits that long.
        continue;
      }
      if (status >= 500 && !last) {
        if (idempotent || canReconcile) {
          const found = idempotent ? null : await options.reconcile!();
          if (found !== null) return { data: found, headers: {} };
          await wait(backoffDelayMs(attempt, null));
          continue;
        }
        throw this.unknownOutcome(endpoint);
      }
      if (status < 200 || status >= 300)
        throw errorFromResponse(endpoint, status, body, headerText(headers['x-request-id']), headerText(headers['www-authenticate']));
      if (options.decode || options.decodeBytes) {
        const verdict = options.decodeBytes ? await options.decodeBytes(body as Buffer) : await options.decode!(body as string);
        if (verdict.ok) return { data: verdict.value, headers };
        if (verdict.reason === 'unexpected') throw errorFromShape(endpoint, verdict.path, verdict.message);
        // Not JSON (cut off mid-way): lost like an unreadable body read here, so a read asks again.
        this.connectivity.report('server-error');
        if (last) throw notJsonError(endpoint);
        await wait(backoffDelayMs(attempt, null));
        continue;
      }
      if (!options.schema) throw new Error(`${endpoint}: a call needs a schema or a decoder`);
      const parsed = options.schema.safeParse(body);
      if (!parsed.success) throw errorFromSchema(endpoint, parsed.error);
      return { data: parsed.data, headers };
    }
  }

  private async send(url: URL, method: string, endpoint: string, options: AnyCallOptions, rejected: string | undefined, what: string): Promise<Attempt> {
    const ticket = await this.budget.take(options.lane, options.budgetSignal, what);
    options.admitted();
    try {
      return await this.sendAdmitted(url, method, endpoint, options, rejected, ticket);
    } finally {
      // Every way out settles the ticket: an answer's headers settled it already (this is then a
      // no-op); a lost answer or a failure before the answer frees it here. A ticket left in flight
      // would hold every lane for good once a 429 asks the budget to wait for the calls still out.
      this.budget.settle(ticket, null);
    }
  }

  private async sendAdmitted(
    url: URL,
    method: string,
    endpoint: string,
    options: AnyCallOptions,
    rejected: string | undefined,
    ticket: Ticket,
  ): Promise<Attempt> {
    const token = await this.tokens.getAccessToken(rejected ? { rejected } : {});
    // RFC 6750 b64token only: anything else cannot go into a header, and is an argument error, never retried.
    if (!BEARER_TOKEN_PATTERN.test(token))
      throw appError('invalid_input', 'errors.api.storedToken', undefined, { retryable: false, detail: `${endpoint}: the stored token is not a bearer token` });
    const started = performance.now();
    try {
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: options.accept ?? 'application/json' };
      if (options.channelId != null) headers.service_channel_id = String(options.channelId);
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const res = await this.dispatchers.for(url).request({
        method: method,
        path: url.pathname + url.search,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      this.budget.settle(ticket, res.statusCode, res.headers);
      const contentType = String(res.headers['content-type'] ?? '');
      if (options.accept && !/json/.test(contentType) && res.statusCode >= 200 && res.statusCode < 300) {
        const bytes = await readBodyBytes(res.body, BODY_LIMITS.apiBytes, endpoint);
        this.connectivity.report('ok');
        return { kind: 'answered', status: res.statusCode, headers: res.headers, body: bytes, token };
      }
      const decoded = (options.decode || options.decodeBytes) && res.statusCode >= 200 && res.statusCode < 300;
      const bytes = await readBodyBytes(res.body, BODY_LIMITS.apiBytes, endpoint, decoded && options.decodeBytes ? options.bodyBuffer : undefined);
      if (decoded) {
        this.connectivity.report(outcomeOfAnswer(res.statusCode, performance.now() - started));
        return { kind: 'answered', status: res.statusCode, headers: res.headers, body: options.decodeBytes ? bytes : bytes.toString('utf8'), token };
      }
      const text = bytes.toString('utf8');
      let body: unknown = null;
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          this.connectivity.report('server-error');
          // A body cut off mid-way: the answer is lost, whatever the status said.
          return { kind: 'lost', token, error: notJsonError(endpoint) };
        }
      }
      this.connectivity.report(outcomeOfAnswer(res.statusCode, performance.now() - started));
      return { kind: 'answered', status: res.statusCode, headers: res.headers, body, token };
    } catch (error) {
      if (error instanceof AppErrorException && error.appError.code === 'bad_response') {
        // Too large to read: the service answered, but not with anything usable. Not worth repeating.
        this.connectivity.report('ok');
        throw error;
      }
      // Cancelled by the caller: says nothing about the service, so connectivity is left alone.
      if (options.signal?.aborted) throw cancelledError(endpoint);
      const failure = errorFromTransport(endpoint, error, url);
      if (isTransportFailure(failure)) this.connectivity.report(failure.appError.code === 'timeout' ? 'server-error' : 'unreachable');
      return { kind: 'lost', token, error: failure };
    }
  }

  /**
   * The light request connectivity uses to notice recovery: the channel list without a token. Any
   * answer in good time (401 included) means the service is reached; no connection means offline.
   */
  async probe(): Promise<Outcome> {
    const url = endpointUrl(this.baseUrl, operationPath('channel.list'));
    const started = performance.now();
    try {
      const res = await this.dispatchers
        .for(url)
        .request({ method: 'GET', path: url.pathname, headers: { accept: 'application/json' }, signal: AbortSignal.timeout(SLOW_ANSWER_MS * 2) });
      await res.body.dump();
      return outcomeOfAnswer(res.statusCode, performance.now() - started);
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') return 'slow';
      return errorFromTransport('probe', error, url).appError.code === 'timeout' ? 'slow' : 'unreachable';
    }
  }

  private unknownOutcome(endpoint: string): AppErrorException {
    return appError('network', 'errors.api.answerLost', undefined, { retryable: false, detail: `${endpoint}: answer lost` });
  }
}

/** A paging link as a URL: absolute as given, or an href (path and query) on the configured base. */
function linkUrl(base: string, link: string): URL | null {
  try {
    return /^[a-z][a-z0-9+.-]*:/i.test(link) ? new URL(link) : endpointUrl(base, link);
  } catch {
    return null;
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export { AppErrorException };
