import { setTimeout as delay } from 'node:timers/promises';
import type { z } from 'zod';
import { appError, AppErrorException } from '../../../shared/errors.js';
import type { ConnectivityMonitor } from './connectivity.js';
import type { DispatcherPool } from './dispatchers.js';
import { errorFromResponse, errorFromSchema, errorFromTransport, isTransportFailure } from './errors.js';
import { OPERATIONS, operationPath, type OperationName } from './operations.js';
import { RequestBudget } from './request-budget.js';
import { backoffDelayMs, RETRY, retryAfterSeconds } from './retry-policy.js';
import { endpointUrl } from './urls.js';

export interface TokenSource {
  /** A current access token; `rejected` names one the service refused, to force a refresh past it. */
  getAccessToken(options?: { rejected?: string }): Promise<string>;
}

export interface CallOptions<S extends z.ZodType> {
  /** A next-page path the service handed back (next-URL paging); must stay on the operation's path. */
  nextPath?: string;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** The service_channel_id header (spec 4): the channel with _write scopes. */
  channelId?: number | null;
  schema: S;
  signal?: AbortSignal;
  /**
   * For writes: finds what an earlier attempt created (say, by reference id) after an answer was
   * lost. Without it a write is never sent a second time once it may have reached the service.
   */
  reconcile?: () => Promise<z.output<S> | null>;
}

export interface CallResult<T> {
  data: T;
  headers: Record<string, string | string[] | undefined>;
}

type Attempt = { kind: 'answered'; status: number; headers: CallResult<unknown>['headers']; body: unknown; token: string } | { kind: 'lost'; error: AppErrorException; token: string };

/**
 * The typed client for the service: the version table picks the path, undici sends it on the
 * origin's pool, the shared zod schema checks what comes back, and every failure becomes one
 * AppError. Reads retry on transport failures, 5xx, 429 and unreadable bodies; writes retry only when
 * the service certainly did not act (429, or a 401 before any processing) or after `reconcile` showed
 * the earlier attempt did not land. An expired access token is refreshed once and the call repeated.
 */
export class ApiClient {
  readonly budget: RequestBudget;

  constructor(
    private readonly baseUrl: string,
    private readonly dispatchers: DispatcherPool,
    private readonly tokens: TokenSource,
    private readonly connectivity: ConnectivityMonitor,
    options: { budgetPerMinute?: number } = {},
  ) {
    this.budget = new RequestBudget(options.budgetPerMinute);
  }

  async call<S extends z.ZodType>(operation: OperationName, options: CallOptions<S>): Promise<CallResult<z.output<S>>> {
    const spec = OPERATIONS[operation];
    const endpoint = `${spec.method} ${spec.path}`;
    const url = endpointUrl(this.baseUrl, operationPath(operation, options.params));
    if (options.nextPath !== undefined) {
      // Follow only what belongs to this operation on this host: a next link is not a way elsewhere.
      const next = endpointUrl(this.baseUrl, options.nextPath);
      if (next.origin !== url.origin || next.pathname !== url.pathname) throw appError('bad_response', `${endpoint} sent a next link to another path (${next.pathname}).`);
      url.search = next.search;
    }
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const method: string = spec.method;
    const idempotent = method === 'GET' || method === 'PUT' || method === 'DELETE';
    const canReconcile = options.reconcile !== undefined;
    const wait = (ms: number) => delay(ms, undefined, options.signal ? { signal: options.signal } : {});

    let rejectedToken: string | undefined;
    for (let attempt = 1; ; attempt++) {
      const result = await this.send(url, method, endpoint, options, rejectedToken);
      const last = attempt >= RETRY.maxAttempts || options.signal?.aborted === true;

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
        // Refused before any processing: safe to send again, writes included.
        await wait(backoffDelayMs(attempt, retryAfterSeconds(headers)));
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
      if (status < 200 || status >= 300) throw errorFromResponse(endpoint, status, body, headerText(headers['x-request-id']));
      const parsed = options.schema.safeParse(body);
      if (!parsed.success) throw errorFromSchema(endpoint, parsed.error);
      return { data: parsed.data, headers };
    }
  }

  private async send(url: URL, method: string, endpoint: string, options: CallOptions<z.ZodType>, rejected: string | undefined): Promise<Attempt> {
    await this.budget.take(options.signal);
    const token = await this.tokens.getAccessToken(rejected ? { rejected } : {});
    try {
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
      if (options.channelId != null) headers.service_channel_id = String(options.channelId);
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const res = await this.dispatchers.for(url).request({
        method: method as 'GET',
        path: url.pathname + url.search,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const text = await res.body.text();
      let body: unknown = null;
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          this.connectivity.report('server-error');
          // A body cut off mid-way: the answer is lost, whatever the status said.
          return { kind: 'lost', token, error: appError('bad_response', `${endpoint} answered with a body that is not JSON.`, { retryable: true }) };
        }
      }
      this.connectivity.report(res.statusCode >= 500 || res.statusCode === 429 ? 'server-error' : 'ok');
      return { kind: 'answered', status: res.statusCode, headers: res.headers, body, token };
    } catch (error) {
      const failure = errorFromTransport(endpoint, error);
      if (isTransportFailure(failure)) this.connectivity.report(failure.appError.code === 'timeout' ? 'server-error' : 'unreachable');
      if (options.signal?.aborted) throw appError('network', `${endpoint}: the request was cancelled.`);
      return { kind: 'lost', token, error: failure };
    }
  }

  private unknownOutcome(endpoint: string): AppErrorException {
    return appError('network', `${endpoint}: the answer was lost, so Dockdesk cannot tell whether the service carried out this change. It was not sent again; check before retrying.`, { retryable: false });
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export { AppErrorException };
