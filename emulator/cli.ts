import { parseArgs } from 'node:util';
import { request } from 'undici';
import { DEMO_USER, DOCKDESK_CLIENT } from './auth/registry.js';
import { CONTROL_ENDPOINTS } from './control.js';
import { PUBLISHED_PER_MINUTE } from './http/faults.js';
import { startEmulator } from './server.js';

const HELP = `Dockdesk emulator: the fulfillment service on loopback, production and sandbox side by side.

Usage:
  npm run emulator -- [options]
  npm run emulator -- pat create --name <name> [--url <environment url>]
  npm run emulator -- pat list [--url <environment url>]
  npm run emulator -- pat revoke <id> [--url <environment url>]

Options:
  --port <n>                production's port (default 4010; 0 picks a free one)
  --sandbox-port <n>        sandbox's port (default 4011; 0 picks a free one)
  --environments <list>     which to run: production,sandbox (default both)
  --host <addr>             address to bind (default 127.0.0.1; the control API answers loopback only)
  --seed <n>                seed for the generated warehouse (same seed, same data)
  --inventory-items <n>     inventory items to generate, 1 to 100000 (default 240)
  --receiving-orders <n>    receiving orders to generate (default 64)
  --data-dir <path>         keep data and sign-ins across restarts in this folder (default: memory only)
  --latency <ms>            add this delay to every API request
  --error-rate <0..1>       share of API requests answered 503
  --rate-limit-rate <0..1>  share of API requests answered 429 with x-retry-after
  --retry-after <s>         the x-retry-after of injected 429s (default 1)
  --drop-rate <0..1>        share of API requests whose connection is dropped
  --malformed-rate <0..1>   share of API responses cut off mid-JSON
  --drop-response-rate <0..1> share of API requests carried out whose answer is then lost
  --fault-seed <n>          seed for the fault sequence (default 1)
  --rate-limit <n>          requests a minute per user and application (default 150, as published)
  --no-rate-limit           no request limit at all (on by default, as on the service)
  --label-printer-port <n>  run an emulated label printer taking raw ZPL on 127.0.0.1:<n> (0 picks a free one)
  --pat <name>              create a personal access token in each environment at start and print it
  -h, --help                this text

Control API (per environment, loopback only):
${CONTROL_ENDPOINTS.map((l) => `  ${l}`).join('\n')}
`;

type Values = Record<string, string | boolean | undefined>;

function number(values: Values, name: string, min: number, max: number): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} must be a number from ${min} to ${max} (got "${String(raw)}")`);
  return n;
}

async function control(url: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await request(`${url.replace(/\/$/, '')}/__emulator${path}`, {
    method: method as 'GET',
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.body.text();
  if (res.statusCode >= 400) throw new Error(`${method} ${path} answered ${res.statusCode}: ${text}`);
  return text ? JSON.parse(text) : null;
}

async function patCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { name: { type: 'string' }, url: { type: 'string', default: 'http://127.0.0.1:4010' } },
  });
  const [verb, id] = positionals;
  if (verb === 'create') {
    if (!values.name) throw new Error('pat create needs --name');
    const created = (await control(values.url, 'POST', '/pats', { name: values.name })) as { id: string; token: string };
    process.stdout.write(`Created personal access token ${created.id} (${values.name}).\nToken (shown once): ${created.token}\n`);
  } else if (verb === 'list') {
    const { items } = (await control(values.url, 'GET', '/pats')) as { items: { id: string; name: string; created_at: string; revoked_at: string | null }[] };
    for (const p of items) process.stdout.write(`${p.id}  ${p.name}  created ${p.created_at}${p.revoked_at ? `  revoked ${p.revoked_at}` : ''}\n`);
    if (items.length === 0) process.stdout.write('No personal access tokens.\n');
  } else if (verb === 'revoke') {
    if (!id) throw new Error('pat revoke needs the token id');
    await control(values.url, 'DELETE', `/pats/${encodeURIComponent(id)}`);
    process.stdout.write(`Revoked ${id}.\n`);
  } else throw new Error('pat takes create, list or revoke (see --help)');
}

/** The options of a run (not of `pat`), as parseArgs reads them. */
const SERVE_OPTIONS = {
  port: { type: 'string', default: '4010' },
  'sandbox-port': { type: 'string', default: '4011' },
  environments: { type: 'string', default: 'production,sandbox' },
  host: { type: 'string', default: '127.0.0.1' },
  seed: { type: 'string' },
  'inventory-items': { type: 'string' },
  'receiving-orders': { type: 'string' },
  'data-dir': { type: 'string' },
  latency: { type: 'string' },
  'error-rate': { type: 'string' },
  'rate-limit-rate': { type: 'string' },
  'retry-after': { type: 'string' },
  'drop-rate': { type: 'string' },
  'malformed-rate': { type: 'string' },
  'drop-response-rate': { type: 'string' },
  'fault-seed': { type: 'string' },
  'rate-limit': { type: 'string' },
  'no-rate-limit': { type: 'boolean', default: false },
  'label-printer-port': { type: 'string' },
  pat: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type ServeValues = ReturnType<typeof parseArgs<{ options: typeof SERVE_OPTIONS }>>['values'];
type RunningEmulator = Awaited<ReturnType<typeof startEmulator>>;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === 'pat') return patCommand(argv.slice(1));
  const { values } = parseArgs({ args: argv, options: SERVE_OPTIONS });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const environments = values.environments.split(',').map((e) => e.trim());
  if (environments.length === 0 || environments.some((e) => e !== 'production' && e !== 'sandbox'))
    throw new Error('--environments takes production, sandbox or both');
  const ports = { production: number(values, 'port', 0, 65535) ?? 4010, sandbox: number(values, 'sandbox-port', 0, 65535) ?? 4011 };
  const names = environments as ('production' | 'sandbox')[];
  const emulator = await startEmulator({
    host: values.host,
    environments: names,
    port: ports[names[0]!],
    secondPort: names[1] ? ports[names[1]] : 0,
    seed: number(values, 'seed', 0, 2 ** 32 - 1),
    inventoryItems: number(values, 'inventory-items', 1, 100_000),
    receivingOrders: number(values, 'receiving-orders', 0, 100_000),
    dataDir: values['data-dir'] ?? null,
    rateLimit: { enabled: !values['no-rate-limit'], perMinute: number(values, 'rate-limit', 1, 100_000) ?? PUBLISHED_PER_MINUTE },
    labelPrinterPort: number(values, 'label-printer-port', 0, 65535) ?? null,
  }).catch((error: unknown) => {
    throw portInUse(error, values.host, [
      ...names.map((env) => ({ env, port: ports[env], option: env === 'production' ? '--port' : '--sandbox-port' })),
      ...(values['label-printer-port'] ? [{ env: 'the label printer', port: Number(values['label-printer-port']), option: '--label-printer-port' }] : []),
    ]);
  });
  process.stdout.write(started(emulator, values, faultOptions(values)).join('\n'));
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function faultOptions(values: ServeValues) {
  return {
    latencyMs: number(values, 'latency', 0, 60_000) ?? 0,
    errorRate: number(values, 'error-rate', 0, 1) ?? 0,
    rateLimitRate: number(values, 'rate-limit-rate', 0, 1) ?? 0,
    retryAfterSeconds: number(values, 'retry-after', 0, 3600) ?? 1,
    dropRate: number(values, 'drop-rate', 0, 1) ?? 0,
    malformedRate: number(values, 'malformed-rate', 0, 1) ?? 0,
    dropResponseRate: number(values, 'drop-response-rate', 0, 1) ?? 0,
    seed: number(values, 'fault-seed', 0, 2 ** 31 - 1) ?? 1,
  };
}

/** Sets each environment's faults (and makes the asked-for token), and says where everything is. */
function started(emulator: RunningEmulator, values: ServeValues, faults: ReturnType<typeof faultOptions>): string[] {
  const lines = [`Dockdesk emulator (virtual time ${emulator.clock.now().toISOString()})`];
  for (const env of Object.values(emulator.environments)) {
    env.faults.set(faults);
    lines.push(
      '',
      `  ${env.env}:`,
      `    API base URL:       ${env.url}   (for example GET ${env.url}/2026-07/receiving)`,
      `    Authorization URL:  ${env.url}/connect/authorize   (discovery: ${env.url}/.well-known/openid-configuration)`,
      `    Control API:        ${env.url}/__emulator/`,
    );
    if (values.pat) {
      const channel = env.context.store.data.channels.find((c) => c.scopes.some((s) => s.endsWith('_write')));
      const pat = env.context.tokens.createPat(DEMO_USER.id, values.pat, channel?.scopes ?? []);
      lines.push(`    Personal access token "${values.pat}": ${pat.token}`);
    }
  }
  lines.push(
    '',
    `  Demo sign-in:  ${DEMO_USER.email} / ${DEMO_USER.password}`,
    `  OAuth client:  ${DOCKDESK_CLIENT.clientId} / ${DOCKDESK_CLIENT.clientSecret} (redirect http://127.0.0.1:<any port>/callback)`,
    `  Data:          ${values['data-dir'] ? `kept in ${values['data-dir']}` : 'in memory (use --data-dir to keep it)'}`,
    '',
  );
  if (emulator.labelPrinter)
    lines.push(
      `  Label printer: ${emulator.labelPrinter.host}:${emulator.labelPrinter.port}   (raw ZPL, answers ~HS; jobs at ${emulator.url}/__emulator/label-printer/jobs)`,
      '',
    );
  return lines;
}

/** EADDRINUSE says only that; name the port, its environment, and the option that picks another. */
function portInUse(error: unknown, host: string, bindings: { env: string; port: number; option: string }[]): unknown {
  const e = error as NodeJS.ErrnoException & { port?: number };
  if (e.code !== 'EADDRINUSE') return error;
  const taken = bindings.find((b) => b.port === e.port) ?? bindings[0]!;
  return new Error(
    `port ${e.port ?? taken.port} on ${host} is already in use (by another emulator or program), so ${taken.env} cannot start. Pick another port with ${taken.option} <n>, or ${taken.option} 0 for any free one.`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`emulator: ${(error as Error).message}\n`);
  process.exit(1);
});
