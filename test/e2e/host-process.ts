import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { appRoot } from '../../electron/core/paths.js';

/**
 * The browser host as its own process (`npm run start:browser`'s entry, electron/host/cli.ts), so a
 * test can kill it the way a crash or a power cut would: SIGKILL, no shutdown code runs.
 */
export interface HostProcess {
  url: string;
  origin: string;
  /** What it printed so far. */
  output(): string;
  /** SIGKILL, and waits for the process to be gone. */
  kill(): Promise<void>;
}

/** `args`: the command line's further options (`--because notInstalled`, as `npm start` passes where Electron cannot run). */
export async function startHostProcess(dataDir: string, args: string[] = []): Promise<HostProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'electron/host/cli.ts', '--no-open', ...args], {
    cwd: appRoot(),
    env: { ...process.env, DOCKDESK_DATA_DIR: dataDir, CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The host did not start within 30 s:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The host exited (${code}) before it started:\n${output}`));
    });
  });
  return {
    url,
    origin: new URL(url).origin,
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
