import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledMemory } from '../support/desk-watch.js';
import { callCore, createTestCore, type TestCore } from '../support/test-core.js';

/**
 * While a sign-in waits, its loopback receiver answers any local process, in the language of the
 * request's Accept-Language. Words are made per language, not per header: 20,000 distinct headers
 * leave the desk's memory where it was (measured after full collections, see desk-watch.ts).
 */
let t: TestCore;
let redirect: URL;
beforeAll(async () => {
  t = await createTestCore();
  const { authorizeUrl } = await callCore(t, 'auth.signIn', {});
  redirect = new URL(new URL(authorizeUrl).searchParams.get('redirect_uri')!);
}, 60_000);
afterAll(async () => {
  await t?.core.dispatch('auth.cancelSignIn', {});
  await t?.dispose();
});

const LANGUAGES = ['de', 'es', 'pl', 'en', 'fr'];
/**
 * The i-th header: a language the desk has (or not), made distinct by a region (676 of them) or a
 * private-use subtag, with a second choice.
 */
function header(i: number): string {
  const language = LANGUAGES[i % LANGUAGES.length]!;
  const letter = (n: number) => String.fromCharCode(65 + (n % 26));
  const tag = i % 2 === 0 ? `${language}-${letter(i >> 1)}${letter(Math.floor(i / 52))}` : `${language}-x-h${i.toString(36)}`;
  return `${tag},en;q=0.${(i % 9) + 1}`;
}

async function ask(pool: Pool, from: number, count: number): Promise<string[]> {
  const pages: string[] = [];
  const next = { i: from };
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next.i < from + count) {
        const i = next.i++;
        const res = await pool.request({ method: 'GET', path: redirect.pathname, headers: { host: redirect.host, 'accept-language': header(i) } });
        const page = await res.body.text();
        expect(res.statusCode).toBe(200);
        if (i < from + LANGUAGES.length) pages.push(page);
      }
    }),
  );
  return pages;
}

describe('the sign-in receiver and 20,000 distinct Accept-Language headers', () => {
  it('answers each in its language and keeps no words per header: memory back within 20 MB', async () => {
    const pool = new Pool(redirect.origin, { connections: 16 });
    try {
      // A first round makes the languages' words and warms the server; what is measured is what the many cost.
      await ask(pool, 0, 500);
      const before = await settledMemory();
      const started = Date.now();
      const pages = await ask(pool, 500, 20_000);
      const after = await settledMemory();
      const growth = { heapMB: (after.heap - before.heap) / 2 ** 20, rssMB: (after.rss - before.rss) / 2 ** 20 };
      console.log(`20,000 headers in ${Date.now() - started} ms; growth after full collections: ${JSON.stringify(growth)}`);

      // Requests 500..504 asked in de, es, pl, en, fr: each page in that language (French: the desk has none, so English).
      expect(pages.map((p) => /<html lang="([^"]+)"/.exec(p)?.[1]?.slice(0, 2))).toEqual(expect.arrayContaining(['de', 'es', 'pl', 'en']));
      expect(pages.some((p) => p.includes('lang="de'))).toBe(true);
      expect(growth.heapMB).toBeLessThan(20);
      expect(growth.rssMB).toBeLessThan(20);
    } finally {
      await pool.close();
    }
  }, 120_000);
});
