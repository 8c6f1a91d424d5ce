import { connect, type Socket } from 'node:net';
import { describeStop, hasWholeStatus, parseHostStatus, type HostStatus } from './host-status.js';

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

export type SendOutcome =
  | { kind: 'printed'; after: HostStatus }
  /** Nothing was sent: the printer was stopped or could not be reached. */
  | { kind: 'not-sent'; problem: string }
  /** The printer took the job and then reported a stop; it prints once that is fixed. */
  | { kind: 'stopped-after'; problem: string }
  /** The connection failed while the job was on its way: it may or may not print. */
  | { kind: 'unsure'; problem: string };

const HOST_STATUS = '~HS';

export async function sendZpl(target: ZplTarget, zpl: string): Promise<SendOutcome> {
  const seconds = `${Math.round(target.timeoutMs / 100) / 10} s`;
  const where = `${target.host}:${target.port}`;
  let link: Link;
  try {
    link = await Link.open(target);
  } catch (error) {
    return { kind: 'not-sent', problem: unreachable(target, error as NodeJS.ErrnoException, seconds) };
  }
  try {
    let before: HostStatus;
    try {
      before = await link.status();
    } catch (error) {
      return { kind: 'not-sent', problem: noStatus(target, error as Error, seconds) };
    }
    const stop = describeStop(before);
    if (stop) return { kind: 'not-sent', problem: `${target.name} did not print: ${stop.what}. ${capital(stop.fix)}, then send the job again.` };
    try {
      await link.write(zpl);
      const after = await link.status();
      const stopped = describeStop(after);
      if (stopped)
        return {
          kind: 'stopped-after',
          problem: `${target.name} took the job, then stopped: ${stopped.what}. ${capital(stopped.fix)} and it prints; send it again only if it does not.`,
        };
      return { kind: 'printed', after };
    } catch (error) {
      return {
        kind: 'unsure',
        problem: `The connection to ${target.name} (${where}) broke while the job was sent (${(error as Error).message}). Look at the printer: send the job again only if the labels did not come out.`,
      };
    }
  } finally {
    link.close();
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function unreachable(target: ZplTarget, error: NodeJS.ErrnoException, seconds: string): string {
  const where = `${target.host}:${target.port}`;
  switch (error.code) {
    case 'ECONNREFUSED':
      return `${target.name} refused the connection at ${where}: nothing there takes print jobs. Check that the printer is on and that its address and port (usually 9100) match its network settings.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `No printer named ${target.host} is known on the network. Check the address in Settings → Printers (an IP address such as 192.168.1.40 is safest).`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `The network has no way to ${where}. Check that this computer and ${target.name} are on the same network and that the address is right.`;
    case 'ETIMEDOUT':
      return `${target.name} did not answer at ${where} within ${seconds}. Check that it is on and connected to the network, and that the address is right.`;
    default:
      return `${target.name} could not be reached at ${where} (${error.message}). Check that it is on, connected, and that the address and port are right.`;
  }
}

function noStatus(target: ZplTarget, error: Error, seconds: string): string {
  if (error instanceof NotZpl)
    return `${target.name} at ${target.host}:${target.port} answered, but not as a ZPL label printer does. Check that the address is the label printer's and that it is set to ZPL.`;
  return `${target.name} took the connection but did not answer within ${seconds}. Check that it is on and not busy with another computer's job, then send the job again.`;
}

class NotZpl extends Error {}

/** A socket with a timeout per step and a way to wait for one host status answer. */
class Link {
  private received = '';
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  private constructor(
    private readonly socket: Socket,
    private readonly timeoutMs: number,
  ) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.received += chunk;
      this.wake?.();
    });
    socket.on('error', (error) => {
      this.failure = error;
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
    this.wake = null;
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
