import { z } from 'zod';
import type { AppError } from '../errors.js';
import { CALL_ID_PATTERN, CALL_LANES, isChannelName, type EventName, type IpcResult } from './contract.js';

/**
 * The browser shell's bridge: one WebSocket per page carries every call, its answer and every event.
 * Calls are multiplexed by a numeric id and answered in any order, so a call waiting in main (on the
 * request budget, on a slow service) never holds back another, as Electron's ipcRenderer never does.
 * An HTTP request per call could not promise that: Chromium opens at most 6 connections to one
 * host:port and queues the rest.
 */
export const SOCKET_PATH = '/socket';
/** The subprotocol the host answers with; the page offers it with the secret's own entry. */
export const SOCKET_PROTOCOL = 'dockdesk';
/**
 * The browser's WebSocket cannot send headers, so the launch secret travels as a second offered
 * subprotocol (`dockdesk.launch.<secret>`). The host checks it before upgrading and echoes only
 * SOCKET_PROTOCOL, so the secret is never sent back.
 */
export const SOCKET_SECRET_PREFIX = 'dockdesk.launch.';

/** What the page sends while the host stops answering, and what a call on a dropped socket answers. */
export const STOPPED_ANSWERING: AppError = {
  code: 'internal',
  message: 'Dockdesk stopped answering. Is it still running in the terminal?',
  retryable: true,
};

const SocketCallNumber = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Just the id: a message without a valid one cannot be answered, so it closes the socket. */
export const SocketEnvelope = z.object({ id: SocketCallNumber });

/** One call from the page; `callId` names it for `ipc.cancel`, `lane` says who waits for it (InvokeOptions). */
export const SocketCall = z
  .object({
    type: z.literal('call'),
    id: SocketCallNumber,
    channel: z.string().max(128).refine(isChannelName, { message: 'unknown channel' }),
    input: z.unknown().optional(),
    callId: z.string().regex(CALL_ID_PATTERN).optional(),
    lane: z.enum(CALL_LANES).optional(),
  })
  .strict();
export type SocketCall = z.infer<typeof SocketCall>;

/** What the host sends: a call's answer (in the IpcResult shape) or an event. */
export type SocketServerMessage = { type: 'result'; id: number; result: IpcResult<unknown> } | { type: 'event'; event: EventName; payload: unknown };
