import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import open from 'open';
import { said } from '../../shared/errors.js';
import { appRoot, hostDataDir, rendererDir } from '../core/paths.js';
import { englishOf } from '../core/words.js';
import { startBrowserHost } from './browser-host.js';

/** Why `npm start` serves the desk from the browser: Electron missing, no display, failed to start, exited at launch. */
const BECAUSE = ['notInstalled', 'noDisplay', 'failed', 'exited'];

/** `npm run start:browser`, and `npm start` where Electron cannot run: serves Dockdesk on 127.0.0.1. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'no-open': { type: 'boolean', default: false },
      // Why the browser serves the desk (`npm start` where Electron cannot run), and the detail it had.
      because: { type: 'string' },
      detail: { type: 'string', default: '' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535 (got "${values.port}")`);
  const version = (JSON.parse(readFileSync(join(appRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  const dataDir = hostDataDir();
  const because = values.because;
  if (because !== undefined && !BECAUSE.includes(because)) throw new Error(`--because must be one of ${BECAUSE.join(', ')} (got "${because}")`);
  const notice = because === undefined ? null : said('errors.startup.browserInstead', { because, detail: values.detail });
  if (notice) process.stdout.write(`${englishOf(notice)}\n`);
  const host = await startBrowserHost({ rendererDir: rendererDir(), dataDir, port, version, notice });
  process.stdout.write(
    `Dockdesk is running at:\n\n  ${host.url}\n\nOpen that address in a browser (it carries this launch's key). Data folder: ${dataDir}\nPress Ctrl+C to stop.\n`,
  );
  const canOpen = !values['no-open'] && !process.env.CI && (process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY));
  if (canOpen) await open(host.url).catch(() => process.stdout.write('(No browser could be opened here; open the address yourself.)\n'));
  const stop = () => void host.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`dockdesk: ${(error as Error).message}\n`);
  process.exit(1);
});
