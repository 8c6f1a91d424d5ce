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
