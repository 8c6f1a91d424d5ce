import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppErrorException } from '../../../shared/errors.js';
import type { LanguageChoice } from '../../../shared/i18n/locales.js';
import { appError, wordsFor, type MainWords } from '../words.js';

/**
 * The loopback redirect receiver of RFC 8252 section 7.3: an HTTP server on 127.0.0.1 with an
 * ephemeral port, open only while one sign-in waits. It answers its callback path only, accepts
 * the form_post (POST) and query (GET) deliveries, only under `Host: 127.0.0.1:<port>` (no DNS
 * rebinding), ignores a response whose `state` is not ours
 * (so a local process that guesses the port cannot cancel the sign-in), and closes itself after
 * success, failure, timeout or cancellation.
 */
export interface CallbackParams {
  code: string;
  state: string;
  idToken: string | null;
  scope: string | null;
  sessionState: string | null;
  /** RFC 9207: the issuer that sent this response, when the provider includes it. */
  iss: string | null;
}

export interface LoopbackReceiver {
  redirectUri: string;
  /** Resolves with the callback fields, or rejects with an AppErrorException. */
  result: Promise<CallbackParams>;
  /**
   * Answers the browser once the app has finished the sign-in (code exchange and token checks): the
   * page says "signed in" only when `ok`. Until then the browser's request is held open.
   */
  reportOutcome(ok: boolean): void;
  /** Ends the wait (rejects `result` with sign_in_cancelled if still pending) and closes the listener. */
  cancel(): void;
  /** Resolves once the listener is fully closed. */
  closed: Promise<void>;
  readonly server: Server;
}

export interface LoopbackOptions {
  expectedState: string;
  timeoutMs: number;
  callbackPath?: string;
  host?: '127.0.0.1';
  /**
   * The desk's language (the preferences' `language`), read when a page is answered: the pages speak
   * it; 'system' (the core does not know the system's languages) takes the browser's Accept-Language.
   */
  language?: () => LanguageChoice;
}

const MAX_BODY = 64 * 1024;
/** How long the browser's callback request is held open while the app exchanges the code. */
const OUTCOME_WAIT_MS = 60_000;

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'referrer-policy': 'no-referrer',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(
  words: MainWords,
  titleId: 'signin.page.success.title' | 'signin.page.cancelled.title' | 'signin.page.failed.title' | 'signin.page.stale.title',
  textId: 'signin.page.success.text' | 'signin.page.cancelled.text' | 'signin.page.failed.text' | 'signin.page.stale.text',
): string {
  // The catalog's words only: nothing from the request is reflected into the page.
  const title = escapeHtml(words.t(titleId));
  const text = escapeHtml(words.t(textId));
  return `<!doctype html><html lang="${escapeHtml(words.locale)}"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:460px;margin:80px auto;color:#1b2430}</style></head>
<body><h1>${title}</h1><p>${text}</p></body></html>`;
}

/**
 * response_mode=fragment puts the callback fields after '#', which browsers never send to a server.
 * The relay page reads them and posts them back to the same path; its one script is allowed by hash.
 */
const RELAY_SCRIPT = `(function(){var p=new URLSearchParams(location.hash.slice(1));history.replaceState(null,'',location.pathname);var f=document.createElement('form');f.method='post';f.action=location.pathname;p.forEach(function(v,k){var i=document.createElement('input');i.type='hidden';i.name=k;i.value=v;f.appendChild(i);});document.body.appendChild(f);f.submit();})();`;
const RELAY_HASH = `sha256-${createHash('sha256').update(RELAY_SCRIPT).digest('base64')}`;
const RELAY_HEADERS = {
  ...PAGE_HEADERS,
  'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src '${RELAY_HASH}'; form-action 'self'`,
};
function relayPage(words: MainWords): string {
  return `<!doctype html><html lang="${escapeHtml(words.locale)}"><head><meta charset="utf-8"><title>${escapeHtml(words.t('signin.page.relay.title'))}</title></head>
<body><p>${escapeHtml(words.t('signin.page.relay.text'))}</p><script>${RELAY_SCRIPT}</script></body></html>`;
}

/** The pages the browser shows after the sign-in, in a language's words. */
export function callbackPages(words: MainWords) {
  return {
    success: page(words, 'signin.page.success.title', 'signin.page.success.text'),
    cancelled: page(words, 'signin.page.cancelled.title', 'signin.page.cancelled.text'),
    failed: page(words, 'signin.page.failed.title', 'signin.page.failed.text'),
    stale: page(words, 'signin.page.stale.title', 'signin.page.stale.text'),
    relay: relayPage(words),
  };
}
type CallbackPages = ReturnType<typeof callbackPages>;

/** The browser's languages from its Accept-Language header, most wanted first ("de-DE,de;q=0.9,en;q=0.5"). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, at) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .map((p) => p.trim())
          .find((p) => p.startsWith('q='))
          ?.slice(2) ?? '1',
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, at };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.at - b.at)
    .map((l) => l.tag);
}

/** The pages for a request: in the desk's language, or for 'system' the browser's (the core does not know the system's). */
function pagesOf(options: LoopbackOptions): (req: IncomingMessage) => CallbackPages {
  return (req) => callbackPages(wordsFor(options.language?.() ?? 'system', acceptedLanguages(req.headers['accept-language'])));
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('callback body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The callback's URL, or null when the request is answered here: only the redirect URI's own authority
 * (a page that rebinds a name of its own to 127.0.0.1 reaches this port with its name as Host, and is
 * answered nothing), and only its path.
 */
function callbackUrl(req: IncomingMessage, res: ServerResponse, authority: string, callbackPath: string): URL | null {
  if (req.headers.host !== authority) {
    res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('Misdirected request');
    return null;
  }
  const url = new URL(req.url ?? '/', `http://${authority}`);
  if (url.pathname !== callbackPath || (req.method !== 'GET' && req.method !== 'POST')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('Not found');
    return null;
  }
  return url;
}

type CallbackVerdict = { kind: 'refused'; status: number; page: string; error: AppErrorException } | { kind: 'code'; params: CallbackParams };

/** What the service's redirect says, once its state matched: a refusal (cancelled or failed), or an authorization code. */
function readCallback(params: URLSearchParams, expectedState: string, pages: CallbackPages): CallbackVerdict {
  const error = params.get('error');
  if (error) {
    const cancelled = error === 'access_denied';
    const description = params.get('error_description');
    return {
      kind: 'refused',
      status: 200,
      page: cancelled ? pages.cancelled : pages.failed,
      error: cancelled
        ? appError('sign_in_cancelled', 'errors.signIn.cancelled')
        : appError('sign_in_failed', 'errors.signIn.refused', undefined, { detail: `error=${error}`, ...(description ? { serviceMessage: description } : {}) }),
    };
  }
  const code = params.get('code');
  if (!code) {
    return {
      kind: 'refused',
      status: 400,
      page: pages.failed,
      error: appError('sign_in_failed', 'errors.signIn.noCode'),
    };
  }
  return {
    kind: 'code',
    params: {
      code,
      state: expectedState,
      idToken: params.get('id_token'),
      scope: params.get('scope'),
      sessionState: params.get('session_state'),
      iss: params.get('iss'),
    },
  };
}

function listen(server: Server, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function startLoopbackReceiver(options: LoopbackOptions): Promise<LoopbackReceiver> {
  const callbackPath = options.callbackPath ?? '/callback';
  const host = options.host ?? '127.0.0.1';
  let settle: { resolve: (p: CallbackParams) => void; reject: (e: AppErrorException) => void } | null = null;
  const result = new Promise<CallbackParams>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // The caller may not attach a handler before a timeout fires; avoid an unhandled rejection warning.
  result.catch(() => {});

  let finished = false;
  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((r) => (resolveClosed = r));

  const pagesFor = pagesOf(options);
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(400, PAGE_HEADERS).end(pagesFor(req).failed);
    });
  });

  const shutdown = () => {
    clearTimeout(timer);
    server.close(() => resolveClosed());
    server.closeAllConnections();
  };

  // The browser's callback request while the app finishes the sign-in; answered by reportOutcome.
  let held: { res: ServerResponse; pages: CallbackPages } | null = null;
  let heldTimer: NodeJS.Timeout | undefined;
  const reportOutcome = (ok: boolean) => {
    clearTimeout(heldTimer);
    const answer = held;
    held = null;
    if (answer && !answer.res.headersSent) answer.res.writeHead(ok ? 200 : 400, PAGE_HEADERS).end(ok ? answer.pages.success : answer.pages.failed);
    // Close after the response has been flushed so the browser shows the page.
    setImmediate(shutdown);
  };

  const finish = (outcome: { ok: true; params: CallbackParams } | { ok: false; error: AppErrorException }) => {
    if (finished) {
      if (held) reportOutcome(false); // cancelled while the code was being exchanged
      return;
    }
    finished = true;
    if (outcome.ok) {
      settle?.resolve(outcome.params);
      return; // the listener closes once reportOutcome has answered the browser
    }
    settle?.reject(outcome.error);
    setImmediate(shutdown);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = callbackUrl(req, res, `${host}:${(server.address() as AddressInfo).port}`, callbackPath);
    if (!url) return;
    const pages = pagesFor(req);
    const params = req.method === 'POST' ? await readForm(req) : url.searchParams;
    if (req.method === 'GET' && !finished && !params.has('state') && !params.has('code') && !params.has('error')) {
      res.writeHead(200, RELAY_HEADERS).end(pages.relay);
      return;
    }
    if (finished || params.get('state') !== options.expectedState) {
      res.writeHead(400, PAGE_HEADERS).end(pages.stale);
      return;
    }
    const verdict = readCallback(params, options.expectedState, pages);
    if (verdict.kind === 'refused') {
      res.writeHead(verdict.status, PAGE_HEADERS).end(verdict.page);
      finish({ ok: false, error: verdict.error });
      return;
    }
    held = { res, pages };
    heldTimer = setTimeout(() => reportOutcome(false), OUTCOME_WAIT_MS).unref();
    finish({ ok: true, params: verdict.params });
  }

  await listen(server, host);
  const timedOut = appError('sign_in_timeout', 'errors.signIn.timeout', { seconds: Math.round(options.timeoutMs / 1000) });
  const timer = setTimeout(() => finish({ ok: false, error: timedOut }), options.timeoutMs).unref();

  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://${host}:${port}${callbackPath}`,
    result,
    reportOutcome,
    cancel: () => finish({ ok: false, error: appError('sign_in_cancelled', 'errors.signIn.cancelled') }),
    closed,
    server,
  };
}
