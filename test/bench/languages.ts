import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { appRoot, rendererDir } from '../../electron/core/paths.js';
import { summarize, type Summary } from './stats.js';

/**
 * What the desk's languages cost, before and after in the same run: the last commit without the
 * message catalogs (BASELINE) is checked out beside the tree and its renderer built; then
 *
 * - bundle: the renderer's entry chunk (what the first paint waits for), all its JavaScript and its
 *   CSS, raw and gzip -9, and each language's chunk now (loaded only when chosen);
 * - first paint: each tree's own browser host started as `npm run start:browser` does, and the desk
 *   loaded afresh in Chromium, the two alternating: first contentful paint, and the sign-in view's
 *   heading in the page (the first view a clerk reads).
 *
 * Target: the entry chunk and the first paint at most 10 % over the baseline.
 */
export const BASELINE = '0c0f181772a496315a34e7f6fab41996f8d1b8f9';
const LOADS = Number(process.env.BENCH_LANGUAGE_LOADS ?? 30);

interface BundleSize {
  entryGzip: number;
  entryRaw: number;
  jsGzip: number;
  cssGzip: number;
  languageChunksGzip?: Record<string, number>;
}

function bundleSize(dir: string): BundleSize {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="\.?\/?([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error(`bench: no entry script in ${dir}/index.html`);
  const assets = join(dir, 'assets');
  const files = readdirSync(assets);
  const gz = (file: string) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
  const sum = (ext: string) => files.filter((f) => f.endsWith(ext)).reduce((total, f) => total + gz(f), 0);
  const entryFile = entry.replace(/^assets\//, '');
  const languages = files.filter((f) => /^(es|de|pl|pseudo)-[\w-]+\.js$/.test(f));
  return {
    entryGzip: gz(entryFile),
    entryRaw: readFileSync(join(assets, entryFile)).length,
    jsGzip: sum('.js'),
    cssGzip: sum('.css'),
    ...(languages.length ? { languageChunksGzip: Object.fromEntries(languages.map((f) => [f.split('-')[0]!, gz(f)])) } : {}),
  };
}

/** The baseline's tree beside this one (a detached worktree sharing node_modules), its renderer built. */
function baselineTree(into: string): string {
  execFileSync('git', ['worktree', 'add', '--detach', into, BASELINE], { cwd: appRoot(), stdio: 'ignore' });
  symlinkSync(join(appRoot(), 'node_modules'), join(into, 'node_modules'));
  execFileSync('npx', ['vite', 'build', '--config', 'build/vite.renderer.config.ts'], { cwd: into, stdio: 'ignore' });
  return into;
}

/** A tree's browser host, as `npm run start:browser` starts it (its own data folder); answers its address. */
async function startHost(tree: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/host/cli.ts', '--no-open'], {
    cwd: tree,
    env: { ...process.env, DOCKDESK_DATA_DIR: dataDir, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bench: the host in ${tree} exited (${code}) before serving`)));
  });
  return { url, child };
}

// Runs in the page as text (tsx would otherwise add helpers the page does not have): notes when the first <h1> is in the page.
const HEADING_WATCH = `new MutationObserver((_, observer) => {
  if (document.querySelector('h1')) { window.__heading = performance.now(); observer.disconnect(); }
}).observe(document, { childList: true, subtree: true });`;

/** One fresh load: first contentful paint and the first <h1> in the page, ms from navigation start. */
async function load(browser: Browser, url: string): Promise<{ fcp: number; heading: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: HEADING_WATCH });
    await page.goto(url);
    // Polled by evaluate: the page's CSP refuses waitForFunction's string form. The times come from the page's own clock.
    const deadline = Date.now() + 30_000;
    while (!(await page.evaluate<boolean>('window.__heading !== undefined && performance.getEntriesByName("first-contentful-paint").length > 0'))) {
      if (Date.now() > deadline) throw new Error(`bench: ${url} showed no heading within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return await page.evaluate<{ fcp: number; heading: number }>(
      '({ fcp: performance.getEntriesByName("first-contentful-paint")[0].startTime, heading: window.__heading })',
    );
  } finally {
    await context.close();
  }
}

export async function benchLanguages(): Promise<Record<string, unknown>> {
  if (!existsSync(join(rendererDir(), 'index.html'))) throw new Error('bench: the renderer is not built; run "npm run build:renderer" first.');
  const scratch = await mkdtemp(join(tmpdir(), 'dockdesk-bench-languages-'));
  const before = join(scratch, 'baseline');
  const hosts: ChildProcess[] = [];
  try {
    baselineTree(before);
    const bundle = { before: bundleSize(join(before, 'dist', 'renderer')), after: bundleSize(rendererDir()) };
    const trees = { before: await startHost(before, join(scratch, 'data-before')), after: await startHost(appRoot(), join(scratch, 'data-after')) };
    hosts.push(trees.before.child, trees.after.child);
    const browser = await chromium.launch({
      executablePath: process.env.DOCKDESK_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const samples = { before: { fcp: [] as number[], heading: [] as number[] }, after: { fcp: [] as number[], heading: [] as number[] } };
    try {
      // One load each to warm the disk cache and the hosts, not counted; then alternating.
      await load(browser, trees.before.url);
      await load(browser, trees.after.url);
      for (let i = 0; i < LOADS; i++) {
        for (const side of i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
          const { fcp, heading } = await load(browser, trees[side].url);
          samples[side].fcp.push(fcp);
          samples[side].heading.push(heading);
        }
      }
    } finally {
      await browser.close();
    }
    const paint = {
      before: { firstContentfulPaint: summarize(samples.before.fcp), firstHeading: summarize(samples.before.heading) },
      after: { firstContentfulPaint: summarize(samples.after.fcp), firstHeading: summarize(samples.after.heading) },
    };
    const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;
    const median = (s: Summary) => s.median;
    return {
      description: `the renderer's bundle and a fresh load's first paint: ${BASELINE.slice(0, 7)} (before the message catalogs) and this tree, same run, ${LOADS} loads each, alternating`,
      baseline: BASELINE,
      bundle,
      paint,
      ratios: {
        entryGzip: ratio(bundle.after.entryGzip, bundle.before.entryGzip),
        jsGzip: ratio(bundle.after.jsGzip, bundle.before.jsGzip),
        firstContentfulPaintMedian: ratio(median(paint.after.firstContentfulPaint), median(paint.before.firstContentfulPaint)),
        firstHeadingMedian: ratio(median(paint.after.firstHeading), median(paint.before.firstHeading)),
      },
      target: 'entry chunk and first paint at most 1.10 × the baseline',
    };
  } finally {
    for (const child of hosts) child.kill('SIGTERM');
    execFileSync('git', ['worktree', 'remove', '--force', before], { cwd: appRoot(), stdio: 'ignore' });
    await rm(scratch, { recursive: true, force: true });
  }
}
