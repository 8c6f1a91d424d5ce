import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoppableService, value, type TestCore } from '../support/returns-desk.js';
import { postgresAvailability, startPostgres, type TestPostgres } from '../support/postgres.js';
import { sharingDesk, stopDesks } from '../support/shared-store.js';

/**
 * Who has a record open, told between desks through the store (a real PostgreSQL): a desk opening a
 * return hears which other desks have it open, and a desk that has it open hears at once when another
 * desk opens or closes it. A desk that does not share a store hears of no one.
 */
const postgres = postgresAvailability();
if (!postgres.available) console.log(`desks-presence: skipped: ${postgres.reason}`);
let server: TestPostgres;
let service: StoppableService;
const cores: TestCore[] = [];

beforeAll(async () => {
  if (!postgres.available) return;
  [server, service] = await Promise.all([startPostgres(), StoppableService.start()]);
}, 90_000);
afterAll(() => stopDesks({ cores, service, server }));

async function desk(name: string): Promise<TestCore> {
  const t = await sharingDesk(service, server, name);
  cores.push(t);
  return t;
}

describe.skipIf(!postgres.available)('a record open at another desk', () => {
  it('is named to a desk opening it, and a desk that has it open hears within 2 s when another opens or closes it', async () => {
    const [a, b] = [await desk('Returns bench 1'), await desk('Returns bench 2')];
    const record = { kind: 'return' as const, id: '5101' };
    expect(value<'desks.presence.enter'>(await a.core.dispatch('desks.presence.enter', record)).desks).toEqual([]);

    const heardAtA = a.waitForEvent('desks.presence.changed', (p) => p.id === '5101' && p.desks.length === 1, 2000);
    const atB = value<'desks.presence.enter'>(await b.core.dispatch('desks.presence.enter', record));
    expect(atB.desks).toEqual([{ deskName: 'Returns bench 1' }]);
    expect((await heardAtA).desks).toEqual([{ deskName: 'Returns bench 2' }]);

    // Another record open at B is not A's concern.
    await b.core.dispatch('desks.presence.enter', { kind: 'return', id: '5102' });
    const leftAtA = a.waitForEvent('desks.presence.changed', (p) => p.id === '5101' && p.desks.length === 0, 2000);
    value(await b.core.dispatch('desks.presence.exit', record));
    expect((await leftAtA).kind).toBe('return');
    expect(a.events.filter((e) => e.event === 'desks.presence.changed' && (e.payload as { id: string }).id === '5102')).toEqual([]);
  }, 60_000);

  it('a desk closing down leaves what it had open', async () => {
    const [a, b] = [await desk('Dock desk A'), await desk('Dock desk B')];
    const record = { kind: 'receiving' as const, id: '7001' };
    await b.core.dispatch('desks.presence.enter', record);
    expect(value<'desks.presence.enter'>(await a.core.dispatch('desks.presence.enter', record)).desks).toEqual([{ deskName: 'Dock desk B' }]);
    const left = a.waitForEvent('desks.presence.changed', (p) => p.id === '7001' && p.desks.length === 0, 5000);
    await b.dispose();
    cores.splice(cores.indexOf(b), 1);
    await left;
  }, 60_000);

  it('stop sharing answers at once and the desk is no longer open anywhere; sharing again joins again', async () => {
    const [a, b] = [await desk('Dock desk E'), await desk('Dock desk F')];
    const record = { kind: 'unidentified' as const, id: '42' };
    await b.core.dispatch('desks.presence.enter', record);
    expect(value<'desks.presence.enter'>(await a.core.dispatch('desks.presence.enter', record)).desks).toEqual([{ deskName: 'Dock desk F' }]);
    const left = a.waitForEvent('desks.presence.changed', (p) => p.id === '42' && p.desks.length === 0, 5000);
    const started = Date.now();
    const off = value<'desks.store.save'>(await b.core.dispatch('desks.store.save', { connection: null }));
    expect(off.state).toBe('off');
    expect(Date.now() - started).toBeLessThan(5000);
    // B left what it had open before it stopped: A hears it at once.
    await left;
    // Sharing again: B joins again with what it has open.
    const back = a.waitForEvent('desks.presence.changed', (p) => p.id === '42' && p.desks.length === 1, 5000);
    const { host, port, database, role, password } = server.config;
    expect(value<'desks.store.save'>(await b.core.dispatch('desks.store.save', { connection: { host, port, database, role }, password })).state).toBe(
      'connected',
    );
    expect((await back).desks).toEqual([{ deskName: 'Dock desk F' }]);
  }, 60_000);
});
