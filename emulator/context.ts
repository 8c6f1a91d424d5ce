import type { VirtualClock } from './clock.js';
import type { SeedData } from './data/seed.js';
import type { ClientRegistry, DemoUser } from './auth/registry.js';
import type { SigningKey } from './auth/keys.js';
import type { TokenStore } from './auth/tokens.js';
import type { Channel } from '../shared/schemas/channel.js';

/** Everything a route module may use. Built once by server.ts; route modules never reach around it. */
export interface EmulatorContext {
  clock: VirtualClock;
  tokens: TokenStore;
  clients: ClientRegistry;
  users: DemoUser[];
  signingKey: SigningKey;
  data: SeedData;
  channels: Channel[];
  /** The authorization host's base URL (the `iss` of id_tokens); known once the server listens. */
  issuer: () => string;
}
