import { timingSafeEqual } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { AppError } from '../../shared/errors.js';
import { appError } from '../core/words.js';
import type { EventName, EventPayload, InvokeOptions, IpcResult } from '../../shared/ipc/contract.js';
import { SOCKET_PATH, SOCKET_PROTOCOL, SOCKET_SECRET_PREFIX, SocketCall, SocketEnvelope, type SocketServerMessage } from '../../shared/ipc/socket.js';

/**
 * The browser host's WebSocket bridge (the protocol: shared/ipc/socket.ts). The handshake passes the
 * same guards as an HTTP bridge call (Host, Origin, launch secret) before the upgrade, and a refusal
 * is an HTTP answer in the bridge's `{ ok: false, error }` shape. After it, every message is checked;
 * one that cannot be answered closes the socket with a reason, any other gets an error answer on its id.
 */
export interface SocketBridgeOptions {
  /** `127.0.0.1:<port>` and `localhost:<port>`: known only once the server listens. */
  allowedHosts(): Set<string>;
  secretBytes: Buffer;
  /** The largest message read; ws closes the socket (1009) on a larger one. */
  maxMessageBytes: number;
  dispatch(channel: string, input: unknown, options: InvokeOptions): Promise<IpcResult<unknown>>;
}

export interface SocketBridge {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  close(): void;
}

interface Refusal {
  status: number;
  error: AppError;
}

function offeredProtocols(request: IncomingMessage): string[] {
  return (request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

function secretOffered(request: IncomingMessage, secretBytes: Buffer): boolean {
  const offered = offeredProtocols(request).find((p) => p.startsWith(SOCKET_SECRET_PREFIX));
  if (!offered) return false;
  const bytes = Buffer.from(offered.slice(SOCKET_SECRET_PREFIX.length));
  return bytes.length === secretBytes.length && timingSafeEqual(bytes, secretBytes);
}

/** Why a handshake is refused, or null: the same checks, in the same order, as an HTTP bridge call. */
function refusalOf(request: IncomingMessage, options: SocketBridgeOptions): Refusal | null {
  const host = request.headers.host ?? '';
  if (!options.allowedHosts().has(host)) return { status: 403, error: appError('unauthorized_sender', 'errors.host.wrongHost').appError };
  const path = (request.url ?? '').split('?')[0];
  if (path !== SOCKET_PATH)
    return { status: 404, error: appError('not_found', 'errors.host.nothingHere', undefined, { detail: `${request.method} ${path}` }).appError };
  // Browsers always send Origin on a WebSocket handshake: a handshake without one is not from a page of ours.
  if (request.headers.origin !== `http://${host}`) return { status: 403, error: appError('unauthorized_sender', 'errors.host.otherOrigin').appError };
  if (!secretOffered(request, options.secretBytes))
    return {
      status: 401,
      error: appError('unauthorized_sender', 'errors.host.launchSecret').appError,
    };
  if (!offeredProtocols(request).includes(SOCKET_PROTOCOL))
    return { status: 400, error: appError('invalid_input', 'errors.host.subprotocol', { protocol: SOCKET_PROTOCOL }).appError };
  return null;
}

/** An HTTP answer on the raw socket, with the headers every bridge answer carries, then the end of it. */
function refuseHandshake(socket: Duplex, { status, error }: Refusal): void {
  const body = JSON.stringify({ ok: false, error: { ...error, retryable: false } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: application/json; charset=utf-8\r\nx-content-type-options: nosniff\r\ncache-control: no-store\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** The error answer for a call whose id is good but whose content the contract refuses. */
function callRefusal(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const issue = issues[0];
  const field = String(issue?.path[0] ?? '');
  if (field === 'channel') return appError('unknown_channel', 'errors.ipc.unknownChannel').appError;
  if (field === 'callId') return appError('invalid_input', 'errors.ipc.callId').appError;
  return appError('invalid_input', 'errors.host.unreadableCall', undefined, { detail: `${field || '(message)'}: ${issue?.message ?? 'invalid'}` }).appError;
}

/** One page's socket: reads calls, answers each when main does, and cancels its calls if the page goes. */
function serveSocket(ws: WebSocket, options: SocketBridgeOptions): void {
  // Calls running in main for this socket: id → the call id `ipc.cancel` knows it by, if any.
  const running = new Map<number, string | null>();
  const send = (message: SocketServerMessage) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };

  ws.on('message', (data: RawData, isBinary: boolean) => {
    if (isBinary) return ws.close(1003, 'Calls are JSON text messages.');
    let parsed: unknown;
    try {
      // With ws's default binaryType every message, fragmented or not, arrives as one Buffer.
      parsed = JSON.parse((data as Buffer).toString('utf8'));
    } catch {
      return ws.close(1007, 'A message was not valid JSON.');
    }
    const envelope = SocketEnvelope.safeParse(parsed);
    if (!envelope.success) return ws.close(1008, 'A message had no valid call id.');
    const { id } = envelope.data;
    if (running.has(id)) return ws.close(1008, 'A call id was reused while its call was running.');
    const call = SocketCall.safeParse(parsed);
    if (!call.success) return send({ type: 'result', id, result: { ok: false, error: callRefusal(call.error.issues) } });
    const { channel, input, callId, lane } = call.data;
    running.set(id, callId ?? null);
    options.dispatch(channel, input ?? {}, { ...(callId ? { callId } : {}), ...(lane ? { lane } : {}) }).then(
      (result) => {
        running.delete(id);
        send({ type: 'result', id, result });
      },
      () => {
        running.delete(id);
        send({ type: 'result', id, result: { ok: false, error: appError('internal', 'errors.host.bridgeFailed').appError } });
      },
    );
  });

  // Nobody is left to read these answers: stop what main can stop, as leaving a view would.
  ws.on('close', () => {
    for (const callId of running.values()) {
      // The cancel answers nothing anyone reads; dispatch never rejects (errors are values).
      if (callId) void options.dispatch('ipc.cancel', { callId }, {});
    }
    running.clear();
  });
  // ws reports protocol errors (an oversized message, a bad frame) here before it closes the socket.
  ws.on('error', () => {});
}

export function socketBridge(options: SocketBridgeOptions): SocketBridge {
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxMessageBytes,
    perMessageDeflate: false,
    clientTracking: true,
    // The secret's own entry is never echoed: only the plain protocol name goes back.
    handleProtocols: (protocols) => (protocols.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false),
  });

  return {
    handleUpgrade(request, socket, head) {
      const refusal = refusalOf(request, options);
      if (refusal) return refuseHandshake(socket, refusal);
      server.handleUpgrade(request, socket, head, (ws) => serveSocket(ws, options));
    },
    emit(event, payload) {
      const frame = JSON.stringify({ type: 'event', event, payload } satisfies SocketServerMessage);
      for (const ws of server.clients) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
    },
    close() {
      for (const ws of server.clients) ws.terminate();
      server.close();
    },
  };
}
