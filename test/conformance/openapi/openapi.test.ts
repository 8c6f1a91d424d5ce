import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIBERATE_DIFFERENCES } from './deliberate-differences.js';
import { caseTitle, loadCases, runCase, startConformance, type CaseContext } from './harness.js';
import { NOT_YET_COVERED } from './not-yet-covered.js';
import { operationKey, publishedDocument, type PublishedVersion } from './published.js';

/**
 * Conformance against the service's published OpenAPI documents (spec precedence: the spec, then
 * these documents, then api-notes.md). Every case's answer is validated for status, documented
 * headers, body and paging links; the coverage report says, per version, how many published
 * operations have a success case.
 */
const cases = await loadCases();
const ENFORCED: PublishedVersion[] = ['2025-07', '2026-01'];

let ctx: CaseContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await startConformance();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

for (const version of [...ENFORCED, '1.0'] as const) {
  const mine = cases.filter((c) => c.version === version);
  if (mine.length === 0) continue;
  describe(`${version}: answers conform to the published document`, () => {
    it.each(mine.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
      const violations = await runCase(ctx, c);
      expect(violations.map((v) => `${v.where}: ${v.message}`)).toEqual([]);
    });
  });
}

describe('coverage of the published operations', () => {
  const succeeded = new Set(cases.filter((c) => c.expectStatus >= 200 && c.expectStatus < 300).map((c) => `${c.version} ${operationKey(c)}`));
  const excused = new Set(DELIBERATE_DIFFERENCES.filter((d) => d.noSuccessCase).map((d) => d.operation));
  const pending = new Set(NOT_YET_COVERED);

  it('reports operations covered out of operations published, per version', () => {
    const lines: string[] = [];
    for (const version of [...ENFORCED, '1.0'] as const) {
      const ops = publishedDocument(version).operations;
      const covered = ops.filter((o) => succeeded.has(`${version} ${operationKey(o)}`));
      const errorCases = new Set(cases.filter((c) => c.version === version && c.expectStatus >= 400).map((c) => operationKey(c)));
      lines.push(
        `${version}: ${covered.length}/${ops.length} operations with a success case, ${errorCases.size} with error cases${ENFORCED.includes(version) ? '' : ' (past its sunset: reported, not required)'}`,
      );
      const missing = ops.filter((o) => !succeeded.has(`${version} ${operationKey(o)}`)).map(operationKey);
      if (ENFORCED.includes(version) && missing.length) lines.push(`  not yet covered: ${missing.length}`);
    }
    console.log(`Published-document coverage\n${lines.join('\n')}`);
    expect(lines.length).toBeGreaterThan(0);
  });

  it.each(ENFORCED)('every %s operation has a success case (or is listed as not yet covered)', (version) => {
    const missing = publishedDocument(version)
      .operations.map(operationKey)
      .filter((key) => !succeeded.has(`${version} ${key}`) && !pending.has(key) && !excused.has(key));
    expect(missing).toEqual([]);
  });

  it('the not-yet-covered list holds only operations still without a success case', () => {
    const published = new Set(ENFORCED.flatMap((v) => publishedDocument(v).operations.map(operationKey)));
    expect([...pending].filter((key) => !published.has(key))).toEqual([]);
    expect([...pending].filter((key) => ENFORCED.some((v) => succeeded.has(`${v} ${key}`)))).toEqual([]);
  });

  it('every case names a published operation of its version', () => {
    expect(cases.filter((c) => !publishedDocument(c.version).find(c.method, c.template)).map(caseTitle)).toEqual([]);
  });

  it("docs/emulator.md's table lists every deliberate difference, with the spec section that decides it", () => {
    const page = readFileSync(new URL('../../../docs/emulator.md', import.meta.url), 'utf8');
    const missing = DELIBERATE_DIFFERENCES.filter(
      (d) => !page.split('\n').some((line) => line.startsWith('|') && line.includes(d.operation) && line.includes(d.spec)),
    );
    expect(missing).toEqual([]);
  });
});

describe('2026-07 carries what 2026-01 has (spec 9.3: no removal listed)', () => {
  // Each 2026-01 success case, sent again under 2026-07, succeeds the same way. The body is not held
  // to the 2026-01 schema there: 2026-07 adds the spec's and the notes' fields.
  const replayed = cases.filter((c) => c.version === '2026-01' && c.expectStatus < 300);
  it.each(replayed.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    const req = await c.request(ctx);
    const path = req.path.replace('/2026-01/', '/2026-07/');
    const answer = await ctx.call(c.method, path, {
      ...(req.query ? { query: req.query } : {}),
      ...(req.body !== undefined ? { body: req.body } : {}),
      ...(req.headers ? { headers: req.headers } : {}),
    });
    expect(answer.status, answer.text.slice(0, 300)).toBe(c.expectStatus);
  });
});

describe('calls outside the documents', () => {
  // docs/emulator.md: a path that exists in the version under other methods only answers 405 with Allow.
  it.each([
    ['DELETE', '/2026-01/return/{id}', 'GET, PUT'],
    ['POST', '/2026-01/inventory/{id}', 'GET'],
  ])('%s %s answers 405 with Allow: %s', async (method, template, allow) => {
    const path = template.replace('{id}', String(template.includes('return') ? ctx.ids.returnId : ctx.ids.inventoryId));
    const answer = await ctx.call(method, path, method === 'POST' ? { body: {} } : {});
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe(allow);
    expect(publishedDocument('2026-01').find(method, template.replace('{id}', template.includes('return') ? '{id}' : '{inventoryId}'))).toBeUndefined();
  });
});
