// `npm start`: opens Dockdesk in Electron; where Electron cannot run, says so in one sentence and
// serves the same app from the browser host instead.
import { spawn } from 'node:child_process';
import { findElectron } from './electron-runtime.mjs';

const ELECTRON_START_GRACE_MS = 5_000;

/** The browser host, told why (its notice says it in the clerk's language): notInstalled, noDisplay, failed, exited. */
function startBrowserHost(because, detail = '') {
  const host = spawn(process.execPath, ['--import', 'tsx', 'electron/host/cli.ts', '--because', because, '--detail', detail], { stdio: 'inherit' });
  host.on('exit', (code) => process.exit(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => host.kill(signal));
}

const electron = findElectron({ download: true });
if ('missing' in electron) {
  startBrowserHost(electron.why);
} else {
  const startedAt = Date.now();
  const app = spawn(electron.path, ['.'], { stdio: 'inherit' });
  app.on('error', (error) => startBrowserHost('failed', error.message));
  app.on('exit', (code) => {
    // A crash right at launch (missing system libraries, no GPU, ...) falls back to the browser host.
    if (code !== 0 && Date.now() - startedAt < ELECTRON_START_GRACE_MS) startBrowserHost('exited', String(code));
    else process.exit(code ?? 0);
  });
}
