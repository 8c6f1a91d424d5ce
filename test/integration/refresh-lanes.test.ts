import { describe, expect, it } from 'vitest';
import type { Lane } from '../../electron/core/api/request-budget.js';
import { createTestCore, signIn } from '../support/test-core.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

/**
 * A refresh nobody waits for goes after the clerk's calls: the renderer marks it in the call id
 * (test/component/refresh-lanes.test.tsx shows which calls it marks), and main's dispatch puts it in
 * the request budget's visible-refresh lane, or the background lane when the window is hidden. Here
 * the budget holds every lane (as after a 429's x-retry-after) while a hidden-window refresh, a
 * refresh and then a clerk's call wait: when it opens, the clerk's call goes first.
 */
type Core = Awaited<ReturnType<typeof createTestCore>>;
const cleanups = cleanupsAfterEach();

/** Records the lane each API call asks the budget for, and the order the budget lets them out. */
function watchBudget(t: Core) {
  const budget = t.core.environments.active.api.budget;
  const asked: Lane[] = [];
  const granted: Lane[] = [];
  const take = budget.take.bind(budget);
  budget.take = (lane, signal) => {
    asked.push(lane!);
    return take(lane, signal).then((ticket) => {
      granted.push(lane!);
      return ticket;
    });
  };
  return { asked, granted, budget };
}

describe('refresh lanes', () => {
  it('with the budget held, a clerk’s call overtakes a pending refresh, and a refresh overtakes one of a hidden window', async () => {
    const t = await createTestCore({ localEmulator: { inventoryItems: 20, rateLimit: { enabled: false } } });
    cleanups.push(() => t.dispose());
    await signIn(t);
    await t.inventorySyncsEnded(1);
    const { asked, granted, budget } = watchBudget(t);
    const input = { limit: 5, cursor: null };
    budget.blockFor(1_500);
    const calls = [
      t.core.dispatch('returns.list', input, { lane: 'background' }),
      t.core.dispatch('returns.list', input, { lane: 'visible' }),
      t.core.dispatch('returns.list', input, { callId: crypto.randomUUID() }),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.ok)).toEqual([true, true, true]);
    expect(asked).toEqual(['background', 'visible', 'interactive']);
    expect(granted).toEqual(['interactive', 'visible', 'background']);
  });
});
