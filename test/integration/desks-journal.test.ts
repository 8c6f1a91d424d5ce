import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JournalEntry } from '../../areas/journal/common/entry.js';
import { renderPdf } from '../support/pdf-render.js';
import { StoppableService, value, waitForEntry, type TestCore } from '../support/returns-desk.js';
import { postgresAvailability, startPostgres, type TestPostgres } from '../support/postgres.js';
import { sharingDesk, stopDesks } from '../support/shared-store.js';

/**
 * The desks' journals shared through their store (a real PostgreSQL), against one standalone
 * emulator over HTTP: what one desk did to a return shows on another desk's page of it, an entry made
 * while the store was away arrives once it is back (once), and a row changed in the store is not
 * shown as what a desk did.
 */
const postgres = postgresAvailability();
if (!postgres.available) console.log(`desks-journal: skipped: ${postgres.reason}`);
let server: TestPostgres;
let service: StoppableService;
let centerId = 0;
let item: { id: number; sku: string };
const cores: TestCore[] = [];

beforeAll(async () => {
  if (!postgres.available) return;
  [server, service] = await Promise.all([startPostgres(), StoppableService.start()]);
  const inventory = await service.emulator!.control.data('inventory');
  const plain = inventory.find((i) => !i.is_digital && !i.is_bundle && !i.is_lot && i.is_active)!;
  item = { id: plain.inventory_id, sku: plain.sku };
  centerId = (await service.emulator!.control.data('fulfillmentCenters'))[0]!.id;
}, 90_000);
afterAll(() => stopDesks({ cores, service, server }));

async function desk(name: string): Promise<TestCore> {
  const t = await sharingDesk(service, server, name);
  cores.push(t);
  return t;
}

/** A return made at the desk's intake and sent: its id on the service and its reference. */
async function returnAt(t: TestCore): Promise<{ id: string; reference: string }> {
  const draft = value<'drafts.save'>(
    await t.core.dispatch('drafts.save', {
      kind: 'return-intake',
      value: {
        trackingNumber: `1ZJOURNAL${Math.random().toString().slice(2, 10)}`,
        fulfillmentCenter: { id: centerId, name: null },
        lines: [{ inventoryId: item.id, sku: item.sku, quantity: 3 }],
      },
    }),
  );
  const reference = value<'returns.submit'>(await t.core.dispatch('returns.submit', { draftId: draft.id })).referenceId;
  const sent = await waitForEntry(t, (e) => e.referenceId === reference && e.state === 'sent');
  return { id: String(sent.returnId), reference };
}

const forRecord = async (t: TestCore, id: string) => value<'journal.forRecord'>(await t.core.dispatch('journal.forRecord', { kind: 'return', id }));

async function storeRows(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ ...server.config, user: server.config.role });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

async function connected(t: TestCore): Promise<void> {
  await vi.waitFor(async () => expect(value<'desks.store.get'>(await t.core.dispatch('desks.store.get', {})).state).toBe('connected'), {
    timeout: 45_000,
    interval: 200,
  });
}

describe.skipIf(!postgres.available)('the journal shared between desks', () => {
  it('names at one desk what another did to a return; an entry made while the store was away arrives once; a row changed in the store is not shown', async () => {
    const [a, b] = [await desk('Returns bench A'), await desk('Returns bench B')];
    const ret = await returnAt(a);

    // B's page of the return names A's entry, by A's name; B's own desk is said as B.
    const atB = await vi.waitFor(
      async () => {
        const answer = await forRecord(b, ret.id);
        expect(answer.entries.map((e) => [e.what.kind, e.desk.name])).toEqual([['return.created', 'Returns bench A']]);
        return answer;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(atB.desk.name).toBe('Returns bench B');
    const created = atB.entries[0]!;
    expect(created).toMatchObject({
      what: { record: { id: ret.id, reference: ret.reference }, details: { units: 3 } },
      answer: { status: 'done', id: ret.id },
    });
    // By its reference too, as the page asks.
    expect((await forRecord(b, ret.reference)).entries.map((e) => e.seq)).toEqual([created.seq]);
    const deskA = created.desk.id;
    // A's own page shows A's entry once (its own file; the store's copy is not read back to it).
    expect((await forRecord(a, ret.id)).entries.map((e) => [e.desk.id, e.seq])).toEqual([[deskA, created.seq]]);

    // The store goes away; A scans a line at the return's intake meanwhile: recorded at once, on A's disk.
    await server.takeDown();
    const scan = {
      view: 'returns.intake',
      code: 'SCAN-WHILE-AWAY',
      result: 'taken',
      reason: null,
      record: { kind: 'return', id: ret.id, reference: ret.reference },
    } as const;
    const started = Date.now();
    expect(value<'journal.scans'>(await a.core.dispatch('journal.scans', { scans: [scan] }))).toEqual({ recorded: 1 });
    expect(Date.now() - started).toBeLessThan(1000);
    const atA = (await forRecord(a, ret.id)).entries;
    expect(atA.map((e) => e.what.kind)).toEqual(['scan.outcome', 'return.created']);
    const away = atA[0]!;
    await a.waitForEvent('desks.store.changed', (v) => v.state === 'unreachable', 15_000);

    await server.bringBack();
    await connected(a);
    await connected(b);
    // Once the store is back A publishes what it recorded meanwhile: B names it, once.
    await vi.waitFor(
      async () => {
        const kinds = (await forRecord(b, ret.id)).entries.map((e) => [e.what.kind, e.desk.name, e.seq]);
        expect(kinds).toEqual([
          ['scan.outcome', 'Returns bench A', away.seq],
          ['return.created', 'Returns bench A', created.seq],
        ]);
      },
      { timeout: 20_000, interval: 200 },
    );
    const published = await storeRows('SELECT seq::integer AS seq FROM journal WHERE desk_id = $1 ORDER BY seq', [deskA]);
    expect(published.filter((r) => r.seq === away.seq)).toHaveLength(1);
    // Publishing again (as after another reconnect) adds nothing: each entry is in the store once.
    await server.restart();
    await connected(a);
    expect(value<'journal.scans'>(await a.core.dispatch('journal.scans', { scans: [{ ...scan, code: 'SCAN-AFTER-RESTART' }] }))).toEqual({ recorded: 1 });
    await vi.waitFor(async () => expect((await forRecord(b, ret.id)).entries).toHaveLength(3), { timeout: 20_000, interval: 200 });
    const again = await storeRows('SELECT seq::integer AS seq, count(*)::integer AS n FROM journal WHERE desk_id = $1 GROUP BY seq ORDER BY seq', [deskA]);
    expect(again.every((r) => r.n === 1)).toBe(true);
    expect(again.map((r) => r.seq)).toEqual([...new Set(again.map((r) => r.seq))]);

    // B's claim pack of the return has A's entries in its timeline, each naming A.
    value(await b.core.dispatch('returns.get', { id: Number(ret.id) }));
    const pack = value<'evidence.claimPack'>(await b.core.dispatch('evidence.claimPack', { returnId: Number(ret.id) }));
    const text = (await renderPdf(Buffer.from(pack.base64, 'base64'), 96))
      .flatMap((p) => p.lines)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toMatch(/Created with 3 units on 1 line, Returns bench A\./);
    expect(text).toMatch(/Scanned SCAN-WHILE-AWAY at return intake: taken, Returns bench A\./);

    // Someone changes A's entry in the store (5 units instead of 3): B no longer shows it, and shows the rest.
    await storeRows(`UPDATE journal SET entry = jsonb_set(entry, '{what,details,units}', '5') WHERE desk_id = $1 AND seq = $2`, [deskA, created.seq]);
    const afterTamper = (await forRecord(b, ret.id)).entries;
    expect(afterTamper.map((e) => e.what.kind)).toEqual(['scan.outcome', 'scan.outcome']);
    expect(afterTamper.some((e) => e.what.details.units === 5)).toBe(false);
    expect(b.logs.join('\n')).toContain(`desk ${deskA}'s entry ${created.seq} in the store does not match its hash; not shown`);
    // A's own page is its file, untouched.
    expect((await forRecord(a, ret.id)).entries.find((e) => e.seq === created.seq)?.what.details.units).toBe(3);
  }, 180_000);

  it('a desk working alone (store off) shows only its own entries, as before', async () => {
    const [a, b] = [await desk('Dock desk C'), await desk('Dock desk D')];
    const ret = await returnAt(a);
    await vi.waitFor(async () => expect((await forRecord(b, ret.id)).entries).toHaveLength(1), { timeout: 10_000, interval: 100 });
    expect(value<'desks.store.save'>(await b.core.dispatch('desks.store.save', { connection: null })).state).toBe('off');
    const alone = await forRecord(b, ret.id);
    expect(alone.entries).toEqual([]);
    const own: JournalEntry[] = (await forRecord(a, ret.id)).entries;
    expect(own.map((e) => e.desk.name)).toEqual(['Dock desk C']);
  }, 120_000);
});
