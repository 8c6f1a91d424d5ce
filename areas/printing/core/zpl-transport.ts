import { connect, type Socket } from 'node:net';
import { said, type Saying } from '../../../shared/errors.js';
import { hasWholeStatus, parseHostStatus, stopSentences, type HostStatus } from './host-status.js';

/**
 * One job to a network label printer over its raw port (9100): connect, ask `~HS`, send the ZPL only
 * if the printer is ready, ask `~HS` again, close. The status after the job also proves the printer
 * has every byte of it (it answers in the order it reads). Each step has the profile's timeout, so an
 * unreachable printer is a clear error within it, never a hang.
 */
export interface ZplTarget {
  name: string;
  host: string;
  port: number;
  timeoutMs: number;
}

/**
 * What went wrong and what to do: one or more whole sentences, each a message id with its arguments
 * (said in the clerk's language where shown, in English for the log). A system's or a socket's own
 * error text enters as an argument, as it came.
 */
export type Problem = Saying[];

export type SendOutcome =
  | { kind: 'printed'; after: HostStatus }
  /** Nothing was sent: the printer was stopped or could not be reached. */
  | { kind: 'not-sent'; problem: Problem }
  /** The printer took the job and then reported a stop; it prints once that is fixed. */
  | { kind: 'stopped-after'; problem: Problem }
  /** The connection failed while the job was on its way: it may or may not print. */
  | { kind: 'unsure'; problem: Problem };

const HOST_STATUS = '~HS';

export async function sendZpl(target: ZplTarget, zpl: string): Promise<SendOutcome> {
  const seconds = Math.round(target.timeoutMs / 100) / 10;
  let link: Link;
  try {
    link = await Link.open(target);
  } catch (error) {
    return { kind: 'not-sent', problem: [unreachable(target, error as NodeJS.ErrnoException, seconds)] };
  }
  try {
    let before: HostStatus;
    try {
      before = await link.status();
    } catch (error) {
      return { kind: 'not-sent', problem: [noStatus(target, error as Error, seconds)] };
    }
    const stop = stopSentences(before);
    if (stop.length > 0)
      return { kind: 'not-sent', problem: [said('printing.jobProblem.notPrinted', { printer: target.name }), ...stop, said('printing.jobProblem.sendAgain')] };
    try {
      await link.write(zpl);
      const after = await link.status();
      const stopped = stopSentences(after);
      if (stopped.length > 0)
        return {
          kind: 'stopped-after',
          problem: [said('printing.jobProblem.stoppedAfter', { printer: target.name }), ...stopped, said('printing.jobProblem.printsOnceFixed')],
        };
      return { kind: 'printed', after };
    } catch (error) {
      return {
        kind: 'unsure',
        problem: [said('printing.jobProblem.connectionBroke', { printer: target.name, address: addressOf(target), error: (error as Error).message })],
      };
    }
  } finally {
    link.close();
  }
}

const addressOf = (target: ZplTarget) => `${target.host}:${target.port}`;

function unreachable(target: ZplTarget, error: NodeJS.ErrnoException, seconds: number): Saying {
  const printer = target.name;
  const address = addressOf(target);
  switch (error.code) {
    case 'ECONNREFUSED':
      return said('printing.jobProblem.refused', { printer, address });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return said('printing.jobProblem.unknownHost', { host: target.host });
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return said('printing.jobProblem.noRoute', { printer, address });
    case 'ETIMEDOUT':
      return said('printing.jobProblem.noAnswer', { printer, address, seconds });
    default:
      return said('printing.jobProblem.unreachable', { printer, address, error: error.message });
  }
}

function noStatus(target: ZplTarget, error: Error, seconds: number): Saying {
  if (error instanceof NotZpl) return said('printing.jobProblem.notZpl', { printer: target.name, address: addressOf(target) });
  return said('printing.jobProblem.silent', { printer: target.name, seconds });
}

class NotZpl extends Error {}

/**
 * The most a host status answer may be: three framed strings of a few dozen characters each. Anything
 * at that address that answers more (a flood, a web page, an endless stream) is not a ZPL printer's
 * status; it is refused at this size and the connection closed, so what a device sends never grows
 * the desk or holds its event loop.
 */
export const HOST_STATUS_MAX_BYTES = 4096;

/** A socket with a timeout per step and a way to wait for one host status answer. */
class Link {
  private received = '';
  /** Only an answer asked for is read: a printer says nothing unasked, so anything else is dropped. */
  private asking = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  private constructor(
    private readonly socket: Socket,
    private readonly timeoutMs: number,
  ) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      if (!this.asking) return;
      if (this.received.length + chunk.length > HOST_STATUS_MAX_BYTES) {
        this.failure ??= new NotZpl(`an answer of more than ${HOST_STATUS_MAX_BYTES} bytes to ~HS`);
        socket.destroy();
      } else this.received += chunk;
      this.wake?.();
    });
    socket.on('error', (error) => {
      this.failure ??= error;
      this.wake?.();
    });
    socket.on('close', () => {
      this.failure ??= new Error('the printer closed the connection');
      this.wake?.();
    });
  }

  static open(target: ZplTarget): Promise<Link> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: target.host, port: target.port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(Object.assign(new Error('connect timed out'), { code: 'ETIMEDOUT' }));
      }, target.timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        resolve(new Link(socket, target.timeoutMs));
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  async write(text: string): Promise<void> {
    await this.within(
      new Promise<void>((resolve, reject) => this.socket.write(text, 'utf8', (error) => (error ? reject(error) : resolve()))),
      'writing the job',
    );
  }

  async status(): Promise<HostStatus> {
    this.received = '';
    this.asking = true;
    try {
      await this.write(HOST_STATUS);
      await this.within(
        new Promise<void>((resolve, reject) => {
          const check = () => {
            if (hasWholeStatus(this.received)) resolve();
            else if (this.failure) reject(this.failure);
          };
          this.wake = check;
          check();
        }),
        'waiting for its status',
      );
    } finally {
      this.asking = false;
      this.wake = null;
    }
    const status = parseHostStatus(this.received);
    if (!status) throw new NotZpl('not a host status');
    return status;
  }

  /** Every byte is in once the last status came back, so there is nothing left to wait for. */
  close(): void {
    this.socket.destroy();
  }

  private async within<T>(work: Promise<T>, doing: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        work,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms while ${doing}`)), this.timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
