import { parseArgs } from 'node:util';
import { DEMO_USER, DOCKDESK_CLIENT } from './auth/registry.js';
import { startEmulator } from './server.js';

const HELP = `Dockdesk emulator: the fulfillment service on loopback.

Usage: npm run emulator -- [options]

  --port <n>              port to listen on (default 4010; 0 picks a free one)
  --host <addr>           address to bind (default 127.0.0.1; the control API answers loopback only)
  --seed <n>              seed for the generated warehouse (same seed, same data)
  --inventory-items <n>   how many inventory items to generate (default 240)
  --receiving-orders <n>  how many receiving orders to generate (default 64)
  --data-dir <path>       keep sign-ins (grants, signing key) across restarts in this folder
  -h, --help              this text
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string' },
      'inventory-items': { type: 'string' },
      'receiving-orders': { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const int = (name: string, raw: string | undefined, min: number, max: number): number | undefined => {
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return n;
  };
  const emulator = await startEmulator({
    host: values.host,
    port: int('port', values.port, 0, 65535) ?? 4010,
    seed: int('seed', values.seed, 0, 2 ** 32 - 1),
    inventoryItems: int('inventory-items', values['inventory-items'], 1, 100_000),
    receivingOrders: int('receiving-orders', values['receiving-orders'], 1, 100_000),
    dataDir: values['data-dir'] ?? null,
  });
  process.stdout.write(
    [
      `Dockdesk emulator listening on ${emulator.url}`,
      `  API base URL:        ${emulator.url}   (for example GET ${emulator.url}/2026-07/receiving)`,
      `  Authorization URL:   ${emulator.url}/connect/authorize   (discovery: ${emulator.url}/.well-known/openid-configuration)`,
      `  Control API:         ${emulator.url}/__emulator/requests`,
      `  Demo sign-in:        ${DEMO_USER.email} / ${DEMO_USER.password}`,
      `  OAuth client:        ${DOCKDESK_CLIENT.clientId} / ${DOCKDESK_CLIENT.clientSecret} (redirect http://127.0.0.1:<any port>/callback)`,
      '',
    ].join('\n'),
  );
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`emulator: ${(error as Error).message}\n`);
  process.exit(1);
});
