// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- pino-roll has no types; this brings ours into every tsconfig that reaches this file
/// <reference path="./pino-roll.d.ts" />
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import roll from 'pino-roll';

/**
 * Main's log, for a support person: JSON lines in a rolling file under the data folder
 * (`logs/dockdesk.N.log`, a new file past `size` or each day, the last few kept), readable by the
 * user alone. pino-roll's stream is pino's destination directly (no worker transport), so it works
 * the same when main is bundled. Secrets never reach it: fields are cut by pino's `redact`, and
 * token-like text in a message is masked before it is written.
 */
export type LogFn = (message: string, fields?: Record<string, unknown>) => void;

export const LOG_DIR_NAME = 'logs';
const CENSOR = '[redacted]';

/** Keys that hold secrets, at the top of a log record or one or two levels down. */
const SECRET_KEYS = [
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'code_verifier',
  'codeVerifier',
  'client_secret',
  'clientSecret',
  'secret',
  'password',
  'authorization',
  'Authorization',
  'cookie',
];
export const REDACT_PATHS = SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]);

/** Bearer/Basic credentials and the service's token shapes (at_, rt_, pat_, code_ and JWTs) inside free text. */
const TOKEN_TEXT: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${CENSOR}`],
  [/\b(code|state|access_token|refresh_token|id_token|client_secret|code_verifier|token)=[^&\s"']+/gi, `$1=${CENSOR}`],
  [/\b(at|rt|pat|code)_[A-Za-z0-9_-]{32,}/g, CENSOR],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, CENSOR],
];
export function maskTokens(text: string): string {
  return TOKEN_TEXT.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

export interface AppLog {
  log: LogFn;
  logger: Logger;
  dir: string;
  /** Writes what is buffered and closes the file. */
  close(): Promise<void>;
}

export interface AppLogOptions {
  /** Roll to a new file past this size ("10m", "512k"); default 5 MB. */
  size?: string;
  /** Rolled files kept besides the current one; default 5. */
  keep?: number;
}

export async function openAppLog(dataDir: string, options: AppLogOptions = {}): Promise<AppLog> {
  const dir = join(dataDir, LOG_DIR_NAME);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stream = await roll({
    file: join(dir, 'dockdesk'),
    extension: '.log',
    size: options.size ?? '5m',
    frequency: 'daily',
    limit: { count: options.keep ?? 5 },
    mkdir: true,
    mode: 0o600,
  });
  const logger = pino(
    {
      base: { pid: process.pid },
      redact: { paths: REDACT_PATHS, censor: CENSOR },
      hooks: {
        // The message text is not covered by `redact` (it cuts fields); mask what looks like a credential.
        logMethod(args, method) {
          method.apply(this, args.map((a) => (typeof a === 'string' ? maskTokens(a) : a)) as Parameters<typeof method>);
        },
      },
    },
    stream,
  );
  return {
    logger,
    dir,
    log: (message, fields) => (fields ? logger.info(fields, message) : logger.info(message)),
    close: () =>
      new Promise<void>((resolve) => {
        stream.once('close', () => resolve());
        stream.flush(() => stream.end());
      }),
  };
}
