import { randomBytes } from 'node:crypto';
import { said, type Saying } from '../../../shared/errors.js';
import { appError, englishOf } from '../words.js';
import type { Channel } from '../../../shared/schemas/channel.js';
import { EnvironmentInput, type ConnectionTest, type EnvironmentSummary } from '../../../shared/schemas/environments.js';
import type { EventName, EventPayload } from '../../../shared/ipc/contract.js';
import type { LocalEmulator } from './local-emulator.js';
import { ApiClient } from '../api/api-client.js';
import type { ConnectivityMonitor } from '../api/connectivity.js';
import type { DispatcherPool } from '../api/dispatchers.js';
import { listChannels } from '../api/resources.js';
import { SECRET_ACCOUNTS, SessionService } from '../auth/session.js';
import { TokenClient } from '../auth/token-client.js';
import { openSecretStore, type SecretStoreChoice } from '../secrets/secret-store.js';
import type { EnvironmentRecord, SettingsService } from '../settings/settings.js';
import { testConnection } from './connection-test.js';
import { REQUESTED_SCOPES, type ResolvedEnvironment } from '../auth/environment.js';

export interface ActiveEnvironment {
  env: ResolvedEnvironment;
  session: SessionService;
  api: ApiClient;
  secrets: SecretStoreChoice['store'];
}

export interface EnvironmentManagerDeps {
  settings: SettingsService;
  dispatchers: DispatcherPool;
  connectivity: ConnectivityMonitor;
  keychain: 'auto' | 'memory';
  openSecrets?: (environmentId: string) => Promise<SecretStoreChoice>;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  /** The in-process emulator behind the "Local emulator" environment. */
  local: { emulator: Pick<LocalEmulator, 'url'>; clientId: string; clientSecret: string };
  signInTimeoutMs?: number;
  /** The request budget's window before the service has answered (default 150 a minute, as published). */
  requestBudgetPerMinute?: number;
  log: (line: string) => void;
}

/**
 * The environments (the local emulator, sandbox, production, custom ones) and the one that is
 * active: its session, its API client, its keychain entry. Switching environments builds them anew;
 * each environment keeps its own sign-in.
 */
export class EnvironmentManager {
  private current: ActiveEnvironment | null = null;
  private readonly secretStores = new Map<string, SecretStoreChoice>();

  constructor(private readonly deps: EnvironmentManagerDeps) {}

  get active(): ActiveEnvironment {
    if (!this.current) throw new Error('no active environment');
    return this.current;
  }

  async start(): Promise<void> {
    const wanted = this.deps.settings.get().activeEnvironmentId;
    try {
      await this.activate(wanted);
    } catch (error) {
      this.deps.log(`environments: ${wanted} could not be opened (${(error as Error).message}); using the local emulator`);
      await this.activate('local');
    }
  }

  async list(): Promise<{ activeId: string; items: EnvironmentSummary[] }> {
    const items: EnvironmentSummary[] = [this.localSummary()];
    for (const record of this.deps.settings.get().environments) {
      const hasSecret = (await (await this.secretsFor(record.id)).store.get(SECRET_ACCOUNTS.clientSecret)) !== null;
      items.push({
        ...record,
        editable: true,
        removable: record.kind === 'custom',
        hasClientSecret: hasSecret,
        canSignInWithBrowser: Boolean(record.apiBaseUrl && record.authUrl && record.clientId && hasSecret),
        canSignInWithToken: Boolean(record.apiBaseUrl),
      });
    }
    return { activeId: this.current?.env.id ?? this.deps.settings.get().activeEnvironmentId, items };
  }

  /** Adds or updates an environment. The client secret, when given, goes to that environment's keychain entry. */
  async save(raw: unknown): Promise<EnvironmentSummary> {
    const input = EnvironmentInput.parse(raw);
    if (input.id === 'local') throw appError('invalid_input', 'errors.environments.localFixed');
    const existing = input.id ? this.deps.settings.get().environments.find((e) => e.id === input.id) : undefined;
    if (input.id && !existing) throw appError('not_found', 'errors.environments.unknown', { id: input.id });
    const record: EnvironmentRecord = {
      id: existing?.id ?? `custom-${randomBytes(4).toString('hex')}`,
      name: input.name,
      kind: existing?.kind ?? 'custom',
      apiBaseUrl: input.apiBaseUrl,
      authUrl: input.authUrl,
      clientId: input.clientId,
    };
    if (existing && pointsElsewhere(existing, record)) {
      // Credentials never go to a host they were not issued by: sign out and delete the tokens before
      // the new addresses are saved. The client secret belongs to the old sign-in host and client id,
      // so it goes too unless a new one comes with this change.
      await this.signOutEverywhere(record.id, said('errors.session.environmentMoved', { environment: record.name }));
      const authChanged = existing.authUrl !== record.authUrl || existing.clientId !== record.clientId;
      if (authChanged && !input.clientSecret) await (await this.secretsFor(record.id)).store.delete(SECRET_ACCOUNTS.clientSecret);
    }
    if (input.clientSecret) await (await this.secretsFor(record.id)).store.set(SECRET_ACCOUNTS.clientSecret, input.clientSecret);
    this.deps.settings.update((s) => {
      const at = s.environments.findIndex((e) => e.id === record.id);
      if (at >= 0) s.environments[at] = record;
      else s.environments.push(record);
    });
    // Changing the active environment's addresses takes effect at once (and signs out of the old ones).
    if (this.current?.env.id === record.id) await this.activate(record.id);
    return (await this.list()).items.find((e) => e.id === record.id)!;
  }

  /** Ends an environment's sign-in and deletes its tokens, whether or not it is the active one. */
  private async signOutEverywhere(id: string, reason: Saying): Promise<void> {
    if (this.current?.env.id === id) await this.current.session.signOut(reason);
    const secrets = (await this.secretsFor(id)).store;
    await secrets.delete(SECRET_ACCOUNTS.refreshToken);
    await secrets.delete(SECRET_ACCOUNTS.pat);
    this.deps.settings.update((s) => {
      delete s.sessions[id];
    });
  }

  async remove(id: string): Promise<{ activeId: string; items: EnvironmentSummary[] }> {
    const record = this.deps.settings.get().environments.find((e) => e.id === id);
    if (!record) throw appError('not_found', 'errors.environments.unknown', { id });
    if (record.kind !== 'custom') throw appError('invalid_input', 'errors.environments.builtIn', { name: record.name });
    if (this.current?.env.id === id) await this.activate('local');
    const secrets = (await this.secretsFor(id)).store;
    for (const account of Object.values(SECRET_ACCOUNTS)) await secrets.delete(account);
    this.deps.settings.update((s) => {
      s.environments = s.environments.filter((e) => e.id !== id);
      delete s.sessions[id];
    });
    return this.list();
  }

  async activate(id: string): Promise<ActiveEnvironment> {
    const env = await this.resolve(id);
    this.current?.session.dispose();
    const choice = await this.secretsFor(env.id);
    let api: ApiClient | null = null;
    const tokenClient =
      env.authUrl && env.clientId && env.clientSecret
        ? new TokenClient({ authUrl: env.authUrl, clientId: env.clientId, clientSecret: env.clientSecret }, this.deps.dispatchers)
        : null;
    const session = new SessionService({
      environment: env,
      secrets: choice.store,
      secretsFallbackReason: choice.fallbackReason,
      settings: this.deps.settings,
      tokenClient,
      fetchChannels: (): Promise<Channel[]> => listChannels(api!),
      checkToken: (token: string): Promise<Channel[]> => listChannels(api!.withToken(token)),
      onStateChange: (state) => {
        if (this.current?.session !== session) return;
        this.deps.emit('session.changed', state);
        if (state.status === 'signed-in') this.deps.connectivity.resume();
      },
      onSignInFailed: (error) => {
        if (this.current?.session === session) this.deps.emit('auth.failed', error);
      },
      ...(this.deps.signInTimeoutMs ? { signInTimeoutMs: this.deps.signInTimeoutMs } : {}),
    });
    api = new ApiClient(
      env.apiBaseUrl,
      this.deps.dispatchers,
      session,
      this.deps.connectivity,
      this.deps.requestBudgetPerMinute ? { budgetPerMinute: this.deps.requestBudgetPerMinute } : {},
    );
    this.current = { env, session, api, secrets: choice.store };
    this.deps.settings.update((s) => {
      s.activeEnvironmentId = env.id;
    });
    // While not online, a light probe notices recovery by itself, as long as someone is signed in.
    const client = api;
    this.deps.connectivity.useProbe({ run: () => client.probe(), wanted: () => this.current?.api === client && session.getState().status === 'signed-in' });
    await session.restore();
    this.deps.emit('session.changed', session.getState());
    void this.deps.connectivity.check(); // a new environment: learn whether it is reachable before the first call
    return this.current;
  }

  test(input: { apiBaseUrl: string; authUrl: string | null }): Promise<ConnectionTest> {
    return testConnection(this.deps.dispatchers, input);
  }

  /** Is this the active environment's authorize endpoint? (Electron opens nothing else.) */
  isAuthorizeUrl(url: string): boolean {
    return this.current?.session.isAuthorizeUrl(url) ?? false;
  }

  dispose(): void {
    this.current?.session.dispose();
  }

  private localSummary(): EnvironmentSummary {
    const url = this.deps.local.emulator.url;
    return {
      id: 'local',
      name: 'Local emulator',
      kind: 'local',
      apiBaseUrl: url,
      authUrl: url,
      clientId: this.deps.local.clientId,
      editable: false,
      removable: false,
      hasClientSecret: true,
      canSignInWithBrowser: true,
      canSignInWithToken: true,
    };
  }

  private async resolve(id: string): Promise<ResolvedEnvironment> {
    if (id === 'local') {
      const url = this.deps.local.emulator.url;
      return {
        id,
        name: 'Local emulator',
        kind: 'local',
        apiBaseUrl: url,
        authUrl: url,
        clientId: this.deps.local.clientId,
        clientSecret: this.deps.local.clientSecret,
        scopes: REQUESTED_SCOPES,
      };
    }
    const record = this.deps.settings.get().environments.find((e) => e.id === id);
    if (!record) throw appError('not_found', 'errors.environments.unknown', { id });
    if (!record.apiBaseUrl) throw appError('invalid_input', 'errors.environments.noApiAddress', { name: record.name });
    const clientSecret = await (await this.secretsFor(id)).store.get(SECRET_ACCOUNTS.clientSecret);
    return {
      id,
      name: record.name,
      kind: record.kind,
      apiBaseUrl: record.apiBaseUrl,
      authUrl: record.authUrl,
      clientId: record.clientId,
      clientSecret,
      scopes: REQUESTED_SCOPES,
    };
  }

  private async secretsFor(id: string): Promise<SecretStoreChoice> {
    let choice = this.secretStores.get(id);
    if (!choice) {
      choice = this.deps.openSecrets ? await this.deps.openSecrets(id) : await openSecretStore(id, this.deps.keychain);
      if (choice.fallbackReason && this.secretStores.size === 0)
        this.deps.log(`keychain: ${englishOf(choice.fallbackReason)}${choice.fallbackDetail ? ` (${choice.fallbackDetail})` : ''}`);
      this.secretStores.set(id, choice);
    }
    return choice;
  }
}

/** Does the edit change where the environment's credentials would be sent? */
function pointsElsewhere(before: EnvironmentRecord, after: EnvironmentRecord): boolean {
  return before.apiBaseUrl !== after.apiBaseUrl || before.authUrl !== after.authUrl || before.clientId !== after.clientId;
}
