import type pg from 'pg';
import type { z } from 'zod';
import { orLost, ownConnection } from './own-connection.js';

export interface ChannelListener {
  /** Settles when the listening connection ends: closed, or lost (then listen again once the store is back). */
  readonly ended: Promise<'closed' | 'lost'>;
  close(): Promise<void>;
}

/**
 * Hears a NOTIFY channel on a connection of its own (LISTEN holds it). A payload that does not fit
 * the schema (another program on the channel, a newer desk's) is passed over.
 */
export async function listenChannel<T>(pool: pg.Pool, channel: string, schema: z.ZodType<T>, onMessage: (message: T) => void): Promise<ChannelListener> {
  const own = await ownConnection<'closed'>(pool);
  const { client } = own;
  client.on('notification', (message) => {
    if (message.channel !== channel || !message.payload) return;
    let json: unknown;
    try {
      json = JSON.parse(message.payload);
    } catch {
      return;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) onMessage(parsed.data);
  });
  // The channel names are this module's own constants, never input: LISTEN takes no parameters.
  await orLost(own, () => client.query(`LISTEN ${channel}`));
  return { ended: own.ended, close: async () => own.end('closed') };
}

/**
 * The one listener a part of the desk keeps on its channel. A listener opened for a (dis)connect that a
 * newer one has since overtaken is closed at once rather than kept; a kept one whose connection ends
 * unasked is forgotten and told as the store being lost, so the part listens again once it is back.
 */
export class ListenerSlot {
  private current: ChannelListener | null = null;

  constructor(
    /** For the loss's message: "the <what> listener lost its connection". */
    private readonly what: string,
    private readonly lost: (error: unknown) => void,
  ) {}

  /** Whether a listener is kept (the part hears the other desks). */
  get held(): boolean {
    return this.current !== null;
  }

  /** Keeps `listener`, or closes it when `overtaken`; says whether it was kept. */
  async keep(listener: ChannelListener, overtaken: boolean): Promise<boolean> {
    if (overtaken) {
      await listener.close();
      return false;
    }
    this.current = listener;
    // Watched, not awaited: it settles only when the listening connection ends.
    void listener.ended.then((how) => {
      if (how === 'lost' && this.current === listener) {
        this.current = null;
        this.lost(new Error(`the ${this.what} listener lost its connection`));
      }
    });
    return true;
  }

  /** Closes the kept listener, if any: an end asked for, never a loss. */
  async stop(): Promise<void> {
    const listener = this.current;
    this.current = null;
    await listener?.close().catch(() => undefined);
  }
}
