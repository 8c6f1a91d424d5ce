import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deskOn, StoppableService, type TestCore } from '../support/returns-desk.js';
import { postgresAvailability, startPostgres, type TestPostgres } from '../support/postgres.js';
import { sharingDesk, stopDesks } from '../support/shared-store.js';

/**
 * The account's one request window kept by desks that share a store (a real PostgreSQL), against a
 * standalone emulator: the service's "wait" said to one desk holds every desk, and a clerk waiting
 * at one desk holds the others' background work, not their clerks.
 */
const postgres = postgresAvailability();
if (!postgres.available) console.log(`desks-budget: skipped: ${postgres.reason}`);
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
const budgetOf = (t: TestCore) => t.core.environments.active.api.budget;
/** Whether a request of the lane is let out within `ms`. */
async function goesWithin(t: TestCore, lane: 'interactive' | 'background', ms: number): Promise<boolean> {
  const aborter = new AbortController();
  const timer = setTimeout(() => aborter.abort(new Error('waited')), ms);
  try {
    const ticket = await budgetOf(t).take(lane, aborter.signal);
    budgetOf(t).settle(ticket, 200, {});
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

describe.skipIf(!postgres.available)('one request window for the desks of an account', () => {
  it('a 429 the service sends one desk makes the other desk wait what it asked', async () => {
    const [a, b] = [await desk('Bench A'), await desk('Bench B')];
    expect(budgetOf(b).state().blockedUntil).toBeNull();
    await service.control('PUT', '/faults', { rateLimitRate: 1, retryAfterSeconds: 4, seed: 1 });
    const lookup = a.core.dispatch('returns.lookup', { referenceId: 'RMA-NOT-THERE' });
    await vi.waitFor(() => expect(budgetOf(a).state().blockedUntil).not.toBeNull(), { timeout: 5000, interval: 20 });
    await service.control('PUT', '/faults', { rateLimitRate: 0 });
    // Desk B never sent a request: it knows from desk A, through the store.
    await vi.waitFor(() => expect(budgetOf(b).state().blockedUntil).not.toBeNull(), { timeout: 1000, interval: 20 });
    const until = Date.parse(budgetOf(b).state().blockedUntil!);
    expect(until - Date.now()).toBeGreaterThan(2000);
    expect(await goesWithin(b, 'interactive', 1000)).toBe(false);
    await lookup;
  }, 60_000);

  it("a clerk's call waiting at one desk holds the other desk's background work, not its clerk", async () => {
    const [a, b] = [await desk('Bench C'), await desk('Bench D')];
    expect(await goesWithin(b, 'background', 1000)).toBe(true);
    // Desk A's window is spent for a few seconds (as after a 429 of its own): its clerk's call waits.
    budgetOf(a).blockFor(3000);
    const clerkAtA = budgetOf(a).take('interactive');
    await vi.waitFor(async () => expect(await goesWithin(b, 'background', 200)).toBe(false), { timeout: 2000, interval: 50 });
    expect(await goesWithin(b, 'interactive', 500)).toBe(true);
    budgetOf(a).settle(await clerkAtA, 200, {});
    // The hold ends by itself once A's clerk no longer waits.
    expect(await goesWithin(b, 'background', 6000)).toBe(true);
  }, 60_000);

  it('a desk that shares no store hears nothing of the others', async () => {
    const [shared, witness] = [await desk('Bench E'), await desk('Bench G')];
    const alone = await deskOn(service);
    cores.push(alone);
    budgetOf(shared).blockFor(3000);
    const waiting = budgetOf(shared).take('interactive');
    // The notice went out: a desk sharing the store holds its background work ...
    await vi.waitFor(async () => expect(await goesWithin(witness, 'background', 200)).toBe(false), { timeout: 2000, interval: 50 });
    // ... and the desk alone, which heard nothing, does not.
    expect(await goesWithin(alone, 'background', 300)).toBe(true);
    budgetOf(shared).settle(await waiting, 200, {});
  }, 60_000);
});
