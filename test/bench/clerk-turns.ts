import type { ChannelOutput } from '../../shared/ipc/contract.js';
import { createTestCore } from '../support/test-core.js';
import { summarize } from './stats.js';

/**
 * A clerk's turn at the desk, through the core's IPC as the badge dialog asks for it: a badge scanned
 * (no PIN), a badge scanned then its PIN (checked against its stored hash, slow by design), and the
 * turn handed back. Each must be well under a second, the time a clerk waits between two scans.
 */
const TURNS = Number(process.env.BENCH_CLERK_TURNS ?? 60);

export async function benchClerkTurns(): Promise<Record<string, unknown>> {
  const t = await createTestCore();
  try {
    const ask = async <C extends 'clerks.add' | 'clerks.turn.take' | 'clerks.turn.end'>(channel: C, input: unknown) => {
      const r = await t.core.dispatch(channel, input);
      if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
      return r.value as ChannelOutput<C>;
    };
    await ask('clerks.add', { name: 'Anna' });
    const view = await ask('clerks.add', { name: 'Ben', pin: '4711' });
    const anna = view.clerks.find((c) => c.name === 'Anna')!;
    const ben = view.clerks.find((c) => c.name === 'Ben')!;
    const badge: number[] = [];
    const badgeAndPin: number[] = [];
    const handBack: number[] = [];
    for (let i = 0; i < TURNS; i++) {
      let start = performance.now();
      const taken = await ask('clerks.turn.take', { badge: anna.badge });
      badge.push(performance.now() - start);
      if (taken.status !== 'taken') throw new Error(`Anna's badge answered ${taken.status}`);
      start = performance.now();
      const asked = await ask('clerks.turn.take', { badge: ben.badge });
      const withPin = await ask('clerks.turn.take', { badge: ben.badge, pin: '4711' });
      badgeAndPin.push(performance.now() - start);
      if (asked.status !== 'pin' || withPin.status !== 'taken') throw new Error(`Ben's badge and PIN answered ${asked.status}, ${withPin.status}`);
      start = performance.now();
      await ask('clerks.turn.end', { why: 'clerk' });
      handBack.push(performance.now() - start);
    }
    return {
      description: `${TURNS} turns each through the core's IPC: a badge with no PIN, a badge then its PIN (two calls, the PIN checked against its hash), the turn handed back; ms`,
      badgeMs: summarize(badge),
      badgeAndPinMs: summarize(badgeAndPin),
      handBackMs: summarize(handBack),
    };
  } finally {
    await t.dispose();
  }
}
