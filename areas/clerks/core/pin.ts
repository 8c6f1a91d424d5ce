import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * A clerk's PIN as the desk keeps it: a salted scrypt hash, never the PIN. A PIN of a few digits is
 * no secret from whoever holds the settings file and time (there are at most 10^12 of them); the
 * hash keeps it from being read off the file at a glance, and the cost of each guess (scrypt's work
 * factor) makes trying them all slow.
 */
export const PinHash = z.object({
  /** The scheme, so a later desk can tell an older hash. */
  scheme: z.literal('scrypt-16384-8-1'),
  salt: z.string().regex(/^[0-9a-f]{32}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type PinHash = z.infer<typeof PinHash>;

const KEY_LENGTH = 32;
const COST = { N: 16384, r: 8, p: 1 } as const;

function derive(pin: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(pin.normalize('NFKC'), salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key))));
}

/** The PIN's hash with a new random salt. */
export async function hashPin(pin: string): Promise<PinHash> {
  const salt = randomBytes(16);
  return { scheme: 'scrypt-16384-8-1', salt: salt.toString('hex'), hash: (await derive(pin, salt)).toString('hex') };
}

/** Whether `pin` is the one `stored` was made from (compared in constant time). */
export async function verifyPin(pin: string, stored: PinHash): Promise<boolean> {
  const key = await derive(pin, Buffer.from(stored.salt, 'hex'));
  const expected = Buffer.from(stored.hash, 'hex');
  return key.length === expected.length && timingSafeEqual(key, expected);
}
