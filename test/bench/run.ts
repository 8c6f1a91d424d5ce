import { cpus } from 'node:os';
import * as oauth from 'oauth4webapi';
import { DispatcherPool } from '../../electron/core/api/dispatchers.js';
import { TokenClient } from '../../electron/core/auth/token-client.js';
import { DOCKDESK_CLIENT } from '../../emulator/auth/registry.js';
import { completeConsent } from '../support/consent.js';
import { createTestCore, signIn } from '../support/test-core.js';
import { benchEmulator } from './emulator.js';
import { benchInventoryCache } from './inventory-cache.js';
import { benchViews } from './views.js';
import { benchScanToView } from './scan.js';
import { benchKeys } from './keys.js';
import { benchReturnIntake } from './returns-intake.js';
import { benchInventorySync } from './inventory-sync.js';
import { benchInventorySyncSeparateEmulator } from './inventory-sync-remote.js';
import { benchInventoryLookupView } from './inventory-lookup-view.js';
import { benchRequestBudget } from './request-budget.js';
import { benchStock } from './stock.js';
import { benchToday } from './today.js';
import { benchClerkCosts } from './clerk-costs.js';
import { benchClerkTurns } from './clerk-turns.js';
import { benchScreenCosts } from './screen-costs.js';
import { benchBoxLabels } from './box-labels.js';
import { benchLanguages } from './languages.js';
import { benchReceivingImport } from './receiving-import.js';
import { benchReceivingImportDesk } from './receiving-import-desk.js';
import { benchJournal } from './journal.js';
import { benchManyDesks } from './many-desks.js';
import { sample, summarize } from './stats.js';

/**
 * `npm run bench`: prints one JSON report. Every figure is a median over repeated runs against the
 * real emulator on loopback; these machines are noisy, so compare medians and ratios, not single runs.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

/**
 * BENCH_ONLY=scan,keys (section names as in the report; `core` for the IPC and client round trips)
 * runs those sections alone, for a change that touches one of them.
 */
const ONLY =
  process.env.BENCH_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? null;
const want = (section: string) => ONLY === null || ONLY.includes(section);

async function main(): Promise<void> {
  const results: Record<string, unknown> = {};
  if (want('core')) await benchCore(results);
  if (want('emulator')) results.emulator = await benchEmulator();
  if (want('inventoryCache')) results.inventoryCache = await benchInventoryCache();
  if (want('views')) results.views = await benchViews();
  if (want('scan')) results.scan = await benchScanToView();
  if (want('keys')) results.keys = await benchKeys();
  if (want('returnIntake')) results.returnIntake = await benchReturnIntake();
  if (want('inventorySync')) results.inventorySync = await benchInventorySync();
  if (want('inventorySyncSeparateEmulator')) results.inventorySyncSeparateEmulator = await benchInventorySyncSeparateEmulator();
  if (want('inventoryLookupView')) results.inventoryLookupView = await benchInventoryLookupView();
  if (want('requestBudget')) results.requestBudget = await benchRequestBudget();
  if (want('stock')) results.stock = await benchStock();
  if (want('today')) results.today = await benchToday();
  if (want('clerkCosts')) results.clerkCosts = await benchClerkCosts();
  if (want('screenCosts')) results.screenCosts = await benchScreenCosts();
  if (want('boxLabels')) results.boxLabels = await benchBoxLabels();
  // Main's check alone, then the same file through the desk in Chromium (`desk`).
  if (want('languages')) results.languages = await benchLanguages();
  if (want('receivingImport')) results.receivingImport = { ...(await benchReceivingImport()), desk: await benchReceivingImportDesk() };
  if (want('journal')) results.journal = await benchJournal();
  if (want('clerkTurns')) results.clerkTurns = await benchClerkTurns();
  if (want('manyDesks')) results.manyDesks = await benchManyDesks();
  process.stdout.write(
    `${JSON.stringify({ benchmark: 'dockdesk', date: new Date().toISOString(), node: process.version, cpus: cpus().length, runs: RUNS, results }, null, 2)}\n`,
  );
}

async function benchCore(results: Record<string, unknown>): Promise<void> {
  // The client-side budget (150 a minute, the service's) would make the benchmark wait; raised here, its bookkeeping still runs.
  const t = await createTestCore({ localEmulator: { rateLimit: { enabled: false } }, requestBudgetPerMinute: 1_000_000 });
  try {
    await signIn(t);
    const env = { ...t.core.environments.active.env, authUrl: t.core.emulator.url };

    // 1. Sign-in token exchange: POST /connect/token with a fresh code each time and the id_token's checks (getting the code is not timed).
    const pool = new DispatcherPool();
    const tokens = new TokenClient({ authUrl: env.authUrl, clientId: DOCKDESK_CLIENT.clientId, clientSecret: DOCKDESK_CLIENT.clientSecret }, pool);
    const exchangeSamples: number[] = [];
    const receiverUri = 'http://127.0.0.1:1/callback';
    for (let i = 0; i < Math.min(RUNS, 60) + 5; i++) {
      const verifier = oauth.generateRandomCodeVerifier();
      const nonce = oauth.generateRandomNonce();
      const url = new URL('/connect/authorize', env.authUrl);
      url.search = new URLSearchParams({
        client_id: DOCKDESK_CLIENT.clientId,
        response_type: 'code',
        scope: env.scopes.join(' '),
        redirect_uri: receiverUri,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        integration_name: 'bench',
        state: oauth.generateRandomState(),
        nonce,
      }).toString();
      const code = await captureCode(url.toString());
      const start = performance.now();
      await tokens.exchangeCode({ code, iss: null, redirectUri: receiverUri, codeVerifier: verifier, nonce });
      if (i >= 5) exchangeSamples.push(performance.now() - start);
    }
    results.tokenExchange = {
      description: 'POST /connect/token (authorization_code) through TokenClient with the id_token verified (keys cached), fresh code each run',
      unit: 'ms',
      ...summarize(exchangeSamples),
    };
    await pool.close();

    // 2. Receiving list round trip: one page of 50 through the IPC dispatcher, the API client, undici and back.
    const list = await sample(RUNS, 20, async () => {
      const r = await t.core.dispatch('receiving.list', { page: 1, limit: 50 });
      if (!r.ok) throw new Error(r.error.message);
    });
    results.receivingListRoundTrip = {
      description: 'receiving.list page of 50: IPC dispatch -> API client -> emulator -> schema validation',
      unit: 'ms',
      ...summarize(list),
    };

    // The same request with undici alone, for the client's overhead as a ratio.
    const token = await t.core.environments.active.session.getAccessToken();
    const raw = new DispatcherPool();
    const direct = await sample(RUNS, 20, async () => {
      const res = await raw
        .for(env.apiBaseUrl)
        .request({ method: 'GET', path: '/2026-07/receiving?Page=1&Limit=50', headers: { authorization: `Bearer ${token}` } });
      await res.body.json();
    });
    await raw.close();
    const directSummary = summarize(direct);
    results.receivingListUndiciDirect = { description: 'the same GET with undici alone (no validation, no IPC)', unit: 'ms', ...directSummary };
    results.ipcRoundTripOverDirectRatio = Math.round(((results.receivingListRoundTrip as { median: number }).median / directSummary.median) * 100) / 100;

    // 3. API client overhead on a small GET (GET /2026-07/channel, two channels): the client (version
    //    table, token, budget, undici, schema validation) against undici alone, interleaved in one run.
    const api = t.core.environments.active.api;
    const { ChannelList } = await import('../../shared/schemas/channel.js');
    const plain = new DispatcherPool();
    const viaClient: number[] = [];
    const viaUndici: number[] = [];
    const timed = async (into: number[], once: () => Promise<unknown>) => {
      const start = performance.now();
      await once();
      into.push(performance.now() - start);
    };
    for (let i = 0; i < RUNS + 50; i++) {
      const client = () => api.call('channel.list', { schema: ChannelList });
      const direct = async () =>
        (
          await plain
            .for(env.apiBaseUrl)
            .request({ method: 'GET', path: '/2026-07/channel', headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })
        ).body.json();
      // Alternate which goes first so neither always gets a warm socket or cache.
      if (i % 2 === 0) {
        await timed(i >= 50 ? viaClient : [], client);
        await timed(i >= 50 ? viaUndici : [], direct);
      } else {
        await timed(i >= 50 ? viaUndici : [], direct);
        await timed(i >= 50 ? viaClient : [], client);
      }
    }
    await plain.close();
    const clientSmall = summarize(viaClient);
    const undiciSmall = summarize(viaUndici);
    results.smallGetThroughClient = {
      description: 'GET /2026-07/channel through ApiClient (version table, token, budget, undici, zod validation)',
      unit: 'ms',
      ...clientSmall,
    };
    results.smallGetUndiciDirect = { description: 'the same GET with undici alone, same emulator, interleaved', unit: 'ms', ...undiciSmall };
    results.clientOverheadRatio = { value: Math.round((clientSmall.median / undiciSmall.median) * 100) / 100, target: '< 1.2' };
  } finally {
    await t.dispose();
  }
}

/** Approves at the emulator and reads the code from the callback fields (nothing listens at the redirect URI). */
async function captureCode(authorizeUrl: string): Promise<string> {
  const { fields } = await completeConsent(authorizeUrl, { deliver: false });
  const code = fields.get('code');
  if (!code) throw new Error('no code in the callback');
  return code;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
