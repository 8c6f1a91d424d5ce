import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import open from 'open';
import type { AppError, Said } from '../../shared/errors.js';
import { CALL_ID_HEADER, CALL_LANE_HEADER, invokeOptionsFrom, type EventName, type EventPayload } from '../../shared/ipc/contract.js';
import { createAppCore, type AppCore, type AppCoreOptions } from '../core/app-core.js';
import { loadRendererCsp, rendererSecurityHeaders } from '../core/security/csp.js';
import { appError } from '../core/words.js';
import { confSettingsBackend } from '../core/settings/conf-backend.js';
import { socketBridge, type SocketBridge } from './socket-bridge.js';

/**
 * The browser shell: the same core as Electron, behind a loopback bridge. The page uses one WebSocket
 * (`/socket`, socket-bridge.ts) for its calls and events; `POST /ipc/<channel>` (a call) and
 * `GET /events` (events as SSE) stay for tests and tools. Bound to 127.0.0.1 only; every bridge request
 * and handshake must carry the per-launch secret (handed to the page in the URL fragment, which never
 * reaches a server log) and a Host and Origin of this server, so a page in another tab cannot drive it.
 */
export const LAUNCH_SECRET_HEADER = 'x-dockdesk-launch';

export interface BrowserHostOptions {
  rendererDir: string;
  dataDir: string;
  port?: number;
  version?: string;
  keychain?: AppCoreOptions['keychain'];
  /** Replaces the keychain port (end-to-end tests run side by side, each in an entry of its own). */
  openSecrets?: AppCoreOptions['openSecrets'];
  /** Said above every view until dismissed (why the browser serves the desk). */
  notice?: Said | null;
  signInTimeoutMs?: number;
  localEmulator?: AppCoreOptions['localEmulator'];
  /** Benchmarks raise the client's request budget so they time the code, not the budget's waits. */
  requestBudgetPerMinute?: AppCoreOptions['requestBudgetPerMinute'];
  log?: AppCoreOptions['log'];
  /** Shows a folder in the file manager (default: the `open` package); tests pass their own. */
  openPath?: AppCoreOptions['openPath'];
}

export interface BrowserHost {
  /** The address to open: origin plus the launch secret in the fragment. */
  url: string;
  origin: string;
  secret: string;
  core: AppCore;
  close(): Promise<void>;
}

/**
 * Opens a folder with the desktop's handler (xdg-open, open, explorer). The launcher is not awaited
 * (on macOS waiting would last until the window closes): a spawn error or a failing exit within a
 * moment counts as not opened, so the page shows the path instead.
 */
async function openFolder(path: string): Promise<boolean> {
  const child = await open(path);
  return new Promise<boolean>((resolve) => {
    const settle = setTimeout(() => resolve(true), 1500);
    child.once('error', () => {
      clearTimeout(settle);
      resolve(false);
    });
    child.once('exit', (code) => {
      clearTimeout(settle);
      resolve(code === 0);
    });
  });
}

/** The largest call body the bridge reads. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A refusal in the bridge's own shape (`{ ok: false, error }`, as every call answers), with the
 * headers every bridge answer carries set here too: a framework error may be sent before any hook.
 */
function sendBridgeError(reply: FastifyReply, status: number, error: AppError): FastifyReply {
  return reply
    .code(status)
    .headers({ 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' })
    .send({ ok: false, error: { ...error, retryable: false } });
}

/** The app's core under this shell: the browser host's data folder, settings and events. */
function startCore(options: BrowserHostOptions, emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void) {
  return createAppCore({
    shell: 'browser',
    version: options.version ?? '0.0.0',
    dataDir: options.dataDir,
    settingsBackend: confSettingsBackend(options.dataDir),
    emit,
    notice: options.notice ?? null,
    ...(options.keychain ? { keychain: options.keychain } : {}),
    ...(options.openSecrets ? { openSecrets: options.openSecrets } : {}),
    ...(options.signInTimeoutMs ? { signInTimeoutMs: options.signInTimeoutMs } : {}),
    ...(options.log ? { log: options.log } : {}),
    openPath: options.openPath ?? openFolder,
    ...(options.localEmulator ? { localEmulator: options.localEmulator } : {}),
    ...(options.requestBudgetPerMinute ? { requestBudgetPerMinute: options.requestBudgetPerMinute } : {}),
  });
}

/** The bridge's server; a URL or request the framework or Node's parser refuses answers in the bridge's own shape. */
function bridgeServer() {
  // On shutdown every connection goes, including sockets a browser opened speculatively and never used.
  return Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    // A URL the router cannot take (bad %-escape, over-long channel name) answers like any other refusal.
    // A request Node's parser refuses (bad syntax, headers too large) gets the same shape and headers.
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
      if (!socket.writable) return socket.destroy();
      const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
      const body = JSON.stringify({
        ok: false,
        error: { code: 'invalid_input', message: tooLarge ? 'The call’s headers are too large.' : 'The request could not be read as HTTP.', retryable: false },
      });
      socket.end(
        `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\ncontent-type: application/json; charset=utf-8\r\nx-content-type-options: nosniff\r\ncache-control: no-store\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    },
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      sendBridgeError(
        reply,
        tooLong ? 414 : 400,
        (tooLong ? appError('unknown_channel', 'errors.ipc.unknownChannel') : appError('invalid_input', 'errors.host.badAddress')).appError,
      );
    },
  });
}

// Errors the framework raises before a handler runs (a body that is not JSON, too large, of another type).
function bridgeErrorHandler(error: { statusCode?: number; code?: string; message: string }, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 413)
    return sendBridgeError(reply, 413, appError('invalid_input', 'errors.host.tooLarge', { megabytes: BODY_LIMIT_BYTES / 1024 / 1024 }).appError);
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError)
    return sendBridgeError(reply, 400, appError('invalid_input', 'errors.host.notJson').appError);
  if (status < 500)
    return sendBridgeError(reply, status, appError('invalid_input', 'errors.host.unreadableCall', undefined, { detail: error.message }).appError);
  return sendBridgeError(reply, 500, appError('internal', 'errors.host.bridgeFailed').appError);
}

/** A stream of the core's events for one page, with a heartbeat so idle proxies keep it open. */
function openEventStream(request: FastifyRequest, reply: FastifyReply, streams: Set<FastifyReply>, securityHeaders: Record<string, string>): void {
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive', ...securityHeaders });
  reply.raw.write(': connected\n\n');
  streams.add(reply);
  const heartbeat = setInterval(() => reply.raw.write(': keep-alive\n\n'), 15_000);
  request.raw.on('close', () => {
    clearInterval(heartbeat);
    streams.delete(reply);
  });
}

function secretMatches(request: FastifyRequest, secretBytes: Buffer): boolean {
  const given = request.headers[LAUNCH_SECRET_HEADER];
  if (typeof given !== 'string') return false;
  const bytes = Buffer.from(given);
  return bytes.length === secretBytes.length && timingSafeEqual(bytes, secretBytes);
}

function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendBridgeError(
    reply,
    404,
    appError('not_found', 'errors.host.nothingHere', undefined, { detail: `${request.method} ${request.url.split('?')[0]}` }).appError,
  );
}

/** A bridge call or event stream from this page only: its own origin, with the launch secret. */
function guardBridge(request: FastifyRequest, reply: FastifyReply, requireOrigin: boolean, secretBytes: Buffer): boolean {
  const origin = request.headers.origin;
  const ownOrigin = `http://${request.headers.host}`;
  if ((requireOrigin && origin === undefined) || (origin !== undefined && origin !== ownOrigin)) {
    // The refusal is sent here; the reply's promise is only for handlers that return it.
    void sendBridgeError(reply, 403, appError('unauthorized_sender', 'errors.host.otherOrigin').appError);
    return false;
  }
  if (!secretMatches(request, secretBytes)) {
    // The refusal is sent here; the reply's promise is only for handlers that return it.
    void sendBridgeError(reply, 401, appError('unauthorized_sender', 'errors.host.launchSecret').appError);
    return false;
  }
  return true;
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  if (!existsSync(join(options.rendererDir, 'index.html'))) {
    throw new Error(`The renderer is not built (no ${join(options.rendererDir, 'index.html')}). Run "npm run build:renderer" first.`);
  }
  const securityHeaders = rendererSecurityHeaders(loadRendererCsp(options.rendererDir));
  const secret = randomBytes(32).toString('base64url');
  const secretBytes = Buffer.from(secret);
  const streams = new Set<FastifyReply>();

  let port = 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  // The core may emit while it starts, before the sockets' bridge exists (no page can be connected yet).
  let toSockets: SocketBridge['emit'] = () => {};
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const reply of streams) reply.raw.write(frame);
    toSockets(event, payload);
  };

  const core = await startCore(options, emit);
  const sockets = socketBridge({
    allowedHosts,
    secretBytes,
    maxMessageBytes: BODY_LIMIT_BYTES,
    dispatch: (channel, input, call) => core.dispatch(channel, input, call),
  });
  toSockets = (event, payload) => sockets.emit(event, payload);

  const app = bridgeServer();
  // The page's socket: checked and upgraded outside Fastify's routes (its hooks do not run for upgrades).
  app.server.on('upgrade', (request, socket, head) => sockets.handleUpgrade(request, socket, head));

  // Every answer, the page's files included: never sniffed into another type, never kept in a cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'no-store');
    return payload;
  });

  // Every request: the Host must be this server (defeats DNS rebinding).
  app.addHook('onRequest', async (request, reply) => {
    if (!allowedHosts().has(request.headers.host ?? '')) {
      return sendBridgeError(reply, 403, appError('unauthorized_sender', 'errors.host.wrongHost').appError);
    }
  });

  app.setNotFoundHandler(notFound);
  // Errors the framework raises before a handler runs (a body that is not JSON, too large, of another type).
  app.setErrorHandler(bridgeErrorHandler);

  app.post('/ipc/:channel', async (request, reply) => {
    if (!guardBridge(request, reply, true, secretBytes)) return reply;
    // Calls are JSON only: no form or text/plain "simple request" reaches a handler, whatever else it carries.
    if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
      return sendBridgeError(reply, 415, appError('invalid_input', 'errors.host.contentType').appError);
    }
    const { channel } = request.params as { channel: string };
    return core.dispatch(channel, request.body, invokeOptionsFrom({ callId: request.headers[CALL_ID_HEADER], lane: request.headers[CALL_LANE_HEADER] }));
  });

  app.get('/events', async (request, reply) => {
    if (!guardBridge(request, reply, false, secretBytes)) return reply;
    openEventStream(request, reply, streams, securityHeaders);
  });

  await app.register(fastifyStatic, {
    root: options.rendererDir,
    prefix: '/',
    index: ['index.html'],
    dotfiles: 'deny',
    setHeaders: (res) => {
      for (const [k, v] of Object.entries(securityHeaders)) res.header(k, v);
    },
  });

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  port = (app.server.address() as { port: number }).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/#launch=${secret}`,
    origin,
    secret,
    core,
    async close() {
      for (const reply of streams) reply.raw.end();
      streams.clear();
      sockets.close();
      await app.close();
      await core.close();
    },
  };
}
