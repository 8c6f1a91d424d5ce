import type { ClientRegistry, DemoUser } from './auth/registry.js';
import type { SigningKey } from './auth/keys.js';
import type { TokenStore } from './auth/tokens.js';
import type { VirtualClock } from './clock.js';
import type { TransitionEngine } from './engine/transitions.js';
import type { WebhookDispatcher } from './engine/webhooks.js';
import type { CursorCodec } from './http/cursor.js';
import type { EmulatorStore } from './store.js';

export type EnvironmentName = 'production' | 'sandbox';

/** Everything a route module may use, for one environment. Built once by environment.ts. */
export interface EmulatorContext {
  env: EnvironmentName;
  clock: VirtualClock;
  tokens: TokenStore;
  clients: ClientRegistry;
  users: DemoUser[];
  signingKey: SigningKey;
  store: EmulatorStore;
  engine: TransitionEngine;
  webhooks: WebhookDispatcher;
  cursors: CursorCodec;
  /** The authorization host's base URL (the `iss` of id_tokens); known once the server listens. */
  issuer: () => string;
}
