import { setTimeout as delay } from 'node:timers/promises';
import type { z } from 'zod';
import { appError, AppErrorException } from '../../../shared/errors.js';
import type { ConnectivityMonitor } from './connectivity.js';
import type { DispatcherPool } from './dispatchers.js';
import { errorFromResponse, errorFromSchema, errorFromTransport, isTransportFailure } from './errors.js';
import { OPERATIONS, operationPath, type OperationName } from './operations.js';
import { backoffDelayMs, RETRY, retryAfterSeconds } from './retry-policy.js';
import { endpointUrl } from './urls.js';

export interface TokenSource {
  /** A current access token; `rejected` names one the service refused, to force a refresh past it. */
  getAccessToken(options?: { rejected?: string }): Promise<string>;
}

export interface CallOptions<S extends z.ZodType> {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  schema: S;
  signal?: AbortSignal;
}

export interface CallResult<T> {
  data: T;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The typed client for the service: the version table picks the path, undici sends it on the
 * origin's pool, the shared zod schema checks what comes back, and every failure becomes one
 * AppError. Idempotent calls retry on transport failures, 5xx and 429; an expired access token
 * is refreshed once and the call repeated.
 */
export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly dispatchers: DispatcherPool,
    private readonly tokens: TokenSource,
    private readonly connectivity: ConnectivityMonitor,
  ) {}

  async call<S extends z.ZodType>(operation: OperationName, options: CallOptions<S>): Promise<CallResult<z.output<S>>> {
    const spec = OPERATIONS[operation];
    const path = operationPath(operation, options.params);
    const endpoint = `${spec.method} ${spec.path}`;
    const url = endpointUrl(this.baseUrl, path);
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const idempotent = spec.method === 'GET';

    let rejectedToken: string | undefined;
    for (let attempt = 1; ; attempt++) {
      const token = await this.tokens.getAccessToken(rejectedToken ? { rejected: rejectedToken } : {});
      let status: number;
      let headers: CallResult<unknown>['headers'];
      let body: unknown;
      try {
        const res = await this.dispatchers.for(url).request({
          method: spec.method,
          path: url.pathname + url.search,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          ...(options.signal ? { signal: options.signal } : {}),
        });
        status = res.statusCode;
        headers = res.headers;
        const text = await res.body.text();
        try {
          body = text === '' ? null : JSON.parse(text);
        } catch {
          if (status < 300) {
            this.connectivity.report('server-error');
            throw appError('bad_response', `${endpoint} answered with a body that is not JSON.`, { retryable: idempotent });
          }
          body = null;
        }
      } catch (error) {
        const failure = errorFromTransport(endpoint, error);
        if (isTransportFailure(failure)) this.connectivity.report(failure.appError.code === 'timeout' ? 'server-error' : 'unreachable');
        if (options.signal?.aborted || !idempotent || !failure.appError.retryable || attempt >= RETRY.maxAttempts) throw failure;
        await delay(backoffDelayMs(attempt, null), undefined, options.signal ? { signal: options.signal } : {});
        continue;
      }

      if (status === 401 && !rejectedToken) {
        // The token may have expired or been revoked between our check and the call: refresh once.
        rejectedToken = token;
        continue;
      }
      if (status >= 500 || status === 429) {
        this.connectivity.report('server-error');
        if (idempotent && attempt < RETRY.maxAttempts) {
          await delay(backoffDelayMs(attempt, status === 429 ? retryAfterSeconds(headers) : null), undefined, options.signal ? { signal: options.signal } : {});
          continue;
        }
      } else {
        this.connectivity.report('ok');
      }
      if (status < 200 || status >= 300) throw errorFromResponse(endpoint, status, body, headerText(headers['x-request-id']));
      const parsed = options.schema.safeParse(body);
      if (!parsed.success) throw errorFromSchema(endpoint, parsed.error);
      return { data: parsed.data, headers };
    }
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export { AppErrorException };
