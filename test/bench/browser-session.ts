import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { rendererDir } from '../../electron/core/paths.js';
import { startBrowserHost, type BrowserHost, type BrowserHostOptions } from '../../electron/host/browser-host.js';

export interface BrowserSession {
  /** The browser host, signed in; its core and emulator for set-up the bench does not time. */
  host: BrowserHost;
  /**
   * A new 1440x900 page with the desk open (signed in, as the host is): on its start page (Today
   * unless set otherwise), or, given a shortcut (`Alt+1`: receiving), on that view, pressed from Today.
   */
  openDesk(shortcut?: string): Promise<Page>;
}

/**
 * What the benches in Chromium share: a built renderer, a browser host with its own data folder and
 * emulator (the memory keychain), signed in with a personal access token made through the
 * emulator's control API (not timed), and Debian's Chromium. `run` does the timing; afterwards the
 * browser and host are closed and the data folder removed, whether `run` succeeded or not.
 */
export async function withBrowserSession<T>(
  name: string,
  hostOptions: Pick<BrowserHostOptions, 'localEmulator' | 'requestBudgetPerMinute'>,
  run: (session: BrowserSession) => Promise<T>,
): Promise<T> {
  if (!existsSync(join(rendererDir(), 'index.html'))) throw new Error('bench: the renderer is not built; run "npm run build:renderer" first.');
  const dataDir = await mkdtemp(join(tmpdir(), `dockdesk-bench-${name}-`));
  try {
    const host = await startBrowserHost({ rendererDir: rendererDir(), dataDir, keychain: 'memory', log: () => {}, ...hostOptions });
    try {
      const browser = await chromium.launch({
        executablePath: process.env.DOCKDESK_CHROMIUM ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      });
      try {
        await signInWithPat(host);
        const openDesk = async (shortcut?: string) => {
          const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
          await page.goto(host.url);
          if (shortcut) {
            await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
            await page.keyboard.press(shortcut);
          }
          return page;
        };
        return await run({ host, openDesk });
      } finally {
        await browser.close();
      }
    } finally {
      await host.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Signs the host in with a personal access token from the emulator's control API, as a user pasting one would. */
async function signInWithPat(host: BrowserHost): Promise<void> {
  const pat = (await (
    await fetch(new URL('/__emulator/pats', host.core.emulator.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    })
  ).json()) as { token: string };
  const signedIn = await host.core.dispatch('auth.signInWithToken', { token: pat.token });
  if (!signedIn.ok) throw new Error(`bench: sign-in failed: ${signedIn.error.message}`);
}
