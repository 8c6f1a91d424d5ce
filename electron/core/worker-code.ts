import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundles = new Map<string, Promise<string>>();

/**
 * A worker thread's code: from source (tests, the browser host) `source` bundled with esbuild on first
 * use, as code the worker evaluates (`new Worker(code, { eval: true })`): no loader hooks in the
 * worker, so its start cannot wait on the main thread's module loading; else `built`, the entry
 * build/vite.main.config.ts writes beside the main bundle. Null when neither exists; a failed bundle
 * is tried again at the next call.
 */
export async function workerCode(source: URL, built: URL): Promise<URL | string | null> {
  if (source.protocol === 'file:' && existsSync(fileURLToPath(source))) {
    const path = fileURLToPath(source);
    let bundle = bundles.get(path);
    if (!bundle) {
      bundle = bundleSource(path);
      bundles.set(path, bundle);
      bundle.catch(() => bundles.delete(path));
    }
    return bundle;
  }
  if (built.protocol === 'file:' && existsSync(fileURLToPath(built))) return built;
  return null;
}

async function bundleSource(path: string): Promise<string> {
  // A development dependency: only source runs (tests, the browser host) come here.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({ entryPoints: [path], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, logLevel: 'error' });
  return result.outputFiles[0]!.text;
}
