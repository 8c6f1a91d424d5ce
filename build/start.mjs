// `npm start`: opens Dockdesk in Electron; where Electron cannot run, says so in one sentence and
// serves the same app from the browser host instead.
import { spawn } from 'node:child_process';
import { findElectron } from './electron-runtime.mjs';

const ELECTRON_START_GRACE_MS = 5_000;

function startBrowserHost(reason) {
  const notice = `Dockdesk is running in your browser because ${reason}.`;
  console.log(notice);
  const host = spawn(process.execPath, ['--import', 'tsx', 'electron/host/cli.ts', '--notice', notice], { stdio: 'inherit' });
  host.on('exit', (code) => process.exit(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => host.kill(signal));
}

const electron = findElectron({ download: true });
if ('missing' in electron) {
  startBrowserHost(electron.missing);
} else {
  const startedAt = Date.now();
  const app = spawn(electron.path, ['.'], { stdio: 'inherit' });
  app.on('error', (error) => startBrowserHost(`Electron could not start (${error.message})`));
  app.on('exit', (code) => {
    // A crash right at launch (missing system libraries, no GPU, ...) falls back to the browser host.
    if (code !== 0 && Date.now() - startedAt < ELECTRON_START_GRACE_MS) startBrowserHost(`Electron exited at launch with code ${code}`);
    else process.exit(code ?? 0);
  });
}
