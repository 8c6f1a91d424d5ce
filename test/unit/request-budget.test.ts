import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inLane, currentLane, RequestBudget, type Lane, type Ticket } from '../../electron/core/api/request-budget.js';

/** The scheduler alone, on a fake clock: which lane's call goes out when, from what the service reports. */
beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts a take and records when it is granted. */
function ask(budget: RequestBudget, lane: Lane, signal?: AbortSignal) {
  const entry: { ticket: Ticket | null; error: unknown } = { ticket: null, error: null };
  budget.take(lane, signal).then(
    (t) => (entry.ticket = t),
    (e: unknown) => (entry.error = e),
  );
  return entry;
}

const answered = (budget: RequestBudget, ticket: Ticket, remaining: number) => budget.settle(ticket, 200, { 'x-remaining-calls': String(remaining) });

describe('the request budget', () => {
  it('lets a clerk use the reserve that background work leaves alone', async () => {
    const budget = new RequestBudget();
    const first = ask(budget, 'background');
    const second = ask(budget, 'background');
    await vi.advanceTimersByTimeAsync(0);
    answered(budget, first.ticket!, 29); // a window of 30: a fifth of it (6) is the clerk's reserve
    answered(budget, second.ticket!, 10); // other desks of the same user spent most of it
    const background = Array.from({ length: 6 }, () => ask(budget, 'background'));
    await vi.advanceTimersByTimeAsync(0);
    expect(background.filter((b) => b.ticket).length).toBe(4);
    const clerk = ask(budget, 'interactive');
    await vi.advanceTimersByTimeAsync(0);
    expect(clerk.ticket).not.toBeNull();
    expect(budget.state().waiting.background).toBe(2);
    expect(budget.state()).toMatchObject({ usedLastMinute: 7, serviceRemaining: 10, perMinute: 30 });
  });

  it('answers that come back out of order do not overstate what is left: the call counted last decides', async () => {
    const budget = new RequestBudget();
    const a = ask(budget, 'interactive');
    const b = ask(budget, 'interactive');
    await vi.advanceTimersByTimeAsync(0);
    // b reached the service first (5 left after it), a after it (4 left); b's answer comes back first.
    answered(budget, b.ticket!, 5);
    answered(budget, a.ticket!, 4);
    const more = Array.from({ length: 6 }, () => ask(budget, 'interactive'));
    await vi.advanceTimersByTimeAsync(0);
    // Four more fit in the window; a fifth would be refused with a 429.
    expect(more.filter((m) => m.ticket).length).toBeLessThanOrEqual(4);
    expect(more.filter((m) => m.ticket).length).toBeGreaterThanOrEqual(3);
  });

  it('a later call answered with more left was counted first: it is not taken off what is left twice', async () => {
    const budget = new RequestBudget();
    const first = ask(budget, 'background');
    await vi.advanceTimersByTimeAsync(0);
    answered(budget, first.ticket!, 29); // a window of 30, a reserve of 6
    const [a, b, c] = [ask(budget, 'background'), ask(budget, 'background'), ask(budget, 'background')];
    await vi.advanceTimersByTimeAsync(0);
    // Sent a, b, c; the service counted b, then c, then a: after all three, 25 are left.
    answered(budget, b.ticket!, 27);
    answered(budget, c.ticket!, 26);
    answered(budget, a.ticket!, 25);
    const more = Array.from({ length: 25 }, () => ask(budget, 'background'));
    await vi.advanceTimersByTimeAsync(0);
    // Background work spends down to the reserve, and no further.
    expect(more.filter((m) => m.ticket).length).toBe(25 - 6);
  });

  it('sends background calls only once no clerk waits, and the clerk first when the window frees', async () => {
    const budget = new RequestBudget();
    const first = ask(budget, 'background');
    const second = ask(budget, 'background');
    await vi.advanceTimersByTimeAsync(0);
    answered(budget, first.ticket!, 29);
    answered(budget, second.ticket!, 0); // the account's window is spent (another desk, say)
    const background = ask(budget, 'background');
    await vi.advanceTimersByTimeAsync(1_000);
    const clerk = ask(budget, 'interactive');
    const refresh = ask(budget, 'visible');
    await vi.advanceTimersByTimeAsync(1_000);
    expect([clerk.ticket, refresh.ticket, background.ticket]).toEqual([null, null, null]);
    // A minute after, and a margin for the way to the service, everything the report counted has left the window.
    expect(budget.state().interactiveWaitUntil).toBe(new Date(1_000_000 + 62_000).toISOString());
    await vi.advanceTimersByTimeAsync(58_100);
    expect(clerk.ticket).toBeNull();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(clerk.ticket?.lane).toBe('interactive');
    expect(refresh.ticket?.lane).toBe('visible');
    expect(background.ticket?.lane).toBe('background');
    expect(clerk.ticket!.sentAt).toBeLessThanOrEqual(background.ticket!.sentAt);
  });

  it('holds every lane for the x-retry-after of a 429', async () => {
    const budget = new RequestBudget();
    const first = ask(budget, 'interactive');
    await vi.advanceTimersByTimeAsync(0);
    budget.settle(first.ticket!, 429, { 'x-retry-after': '7', 'x-remaining-calls': '0' });
    const sync = ask(budget, 'background');
    const clerk = ask(budget, 'interactive');
    await vi.advanceTimersByTimeAsync(6_900);
    expect([clerk.ticket, sync.ticket]).toEqual([null, null]);
    expect(budget.state().blockedUntil).toBe(new Date(1_007_000).toISOString());
    // After the wait one call (the clerk's) goes first, and its answer says how the window stands.
    await vi.advanceTimersByTimeAsync(200);
    expect(clerk.ticket).not.toBeNull();
    expect(sync.ticket).toBeNull();
    answered(budget, clerk.ticket!, 100);
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.ticket).not.toBeNull();
  });

  it('after a 429, an answer that reports nothing opens the lanes again: its own count paces the desk, not a minute of waiting', async () => {
    // A service (or a gateway in front of it) that reports the window only on its refusals.
    const budget = new RequestBudget();
    const first = ask(budget, 'background');
    await vi.advanceTimersByTimeAsync(0);
    budget.settle(first.ticket!, 429, { 'x-retry-after': '1', 'x-remaining-calls': '0' });
    const probe = ask(budget, 'background');
    await vi.advanceTimersByTimeAsync(1_100);
    expect(probe.ticket).not.toBeNull();
    const next = Array.from({ length: 3 }, () => ask(budget, 'background'));
    await vi.advanceTimersByTimeAsync(0);
    expect(next.filter((n) => n.ticket).length).toBe(0); // the probe's answer is awaited first
    budget.settle(probe.ticket!, 200, {});
    await vi.advanceTimersByTimeAsync(0);
    expect(next.filter((n) => n.ticket).length).toBe(3);
    expect(budget.state()).toMatchObject({ serviceRemaining: null, blockedUntil: null });
  });

  it('counts its own calls that left the window back into what the service reported', async () => {
    const budget = new RequestBudget();
    const tickets: Ticket[] = [];
    for (let i = 0; i < 3; i++) {
      const t = ask(budget, 'background');
      await vi.advanceTimersByTimeAsync(0);
      tickets.push(t.ticket!);
    }
    await vi.advanceTimersByTimeAsync(30_000);
    const last = ask(budget, 'background');
    await vi.advanceTimersByTimeAsync(0);
    answered(budget, last.ticket!, 6); // 6 left after these four calls: a reserve of 2 leaves background 4
    const more = Array.from({ length: 6 }, () => ask(budget, 'background'));
    await vi.advanceTimersByTimeAsync(0);
    expect(more.filter((m) => m.ticket).length).toBe(4); // down to the reserve
    // The first three calls leave the window 60 s (and a margin) after they were sent: three more may go.
    await vi.advanceTimersByTimeAsync(30_100);
    expect(more.filter((m) => m.ticket).length).toBe(4);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(more.filter((m) => m.ticket).length).toBe(6);
  });

  it('paces by its own count when the service reports nothing, and a cancelled wait leaves the queue', async () => {
    const budget = new RequestBudget(5);
    const calls = Array.from({ length: 5 }, () => ask(budget, 'interactive'));
    await vi.advanceTimersByTimeAsync(0);
    for (const c of calls) budget.settle(c.ticket!, 200, {});
    expect(budget.used).toBe(5);
    const controller = new AbortController();
    const waiting = ask(budget, 'interactive', controller.signal);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort(new Error('left the page'));
    await vi.advanceTimersByTimeAsync(0);
    expect((waiting.error as Error).message).toBe('left the page');
    expect(budget.state().waiting.interactive).toBe(0);
  });

  it('learns a window the service made smaller: the newest minute of answers decides, not the largest ever seen', async () => {
    const budget = new RequestBudget();
    const first = ask(budget, 'background');
    await vi.advanceTimersByTimeAsync(0);
    answered(budget, first.ticket!, 149);
    expect(budget.state().perMinute).toBe(150);
    // Two minutes on, the service allows this application 30 a minute: an empty window leaves 29.
    await vi.advanceTimersByTimeAsync(120_000);
    const probe = ask(budget, 'background');
    await vi.advanceTimersByTimeAsync(0);
    answered(budget, probe.ticket!, 29);
    expect(budget.state().perMinute).toBe(30);
    // The sync spends down to a reserve sized for 30 (6), not one sized for 150 (30, all of it).
    const more = Array.from({ length: 30 }, () => ask(budget, 'background'));
    await vi.advanceTimersByTimeAsync(0);
    expect(more.filter((m) => m.ticket).length).toBe(29 - 6);
  });

  it('keeps the size while a sync spends the window: what is left plus its own calls counted in it', async () => {
    const budget = new RequestBudget();
    let left = 30;
    const answer = (entries: ReturnType<typeof ask>[]) => {
      for (const e of entries.filter((x) => x.ticket)) answered(budget, e.ticket!, --left);
      return entries.filter((x) => x.ticket).length;
    };
    const first = [ask(budget, 'background')];
    await vi.advanceTimersByTimeAsync(0);
    answer(first);
    const sync = Array.from({ length: 24 }, () => ask(budget, 'background'));
    await vi.advanceTimersByTimeAsync(0);
    expect(answer(sync)).toBe(23); // down to the reserve of 6; one waits
    // Past the minute of the first answer (29 left), only answers from a busy window remain; the
    // waiting call goes as the first calls leave, then the sync spends down to the reserve again.
    await vi.advanceTimersByTimeAsync(62_100);
    left += 24; // those calls have left the service's window
    answer([sync[23]!]);
    const more = Array.from({ length: 30 }, () => ask(budget, 'background'));
    await vi.advanceTimersByTimeAsync(0);
    expect(answer(more)).toBe(23);
    expect(budget.state().perMinute).toBe(30);
    expect(left).toBe(6);
  });

  it('estimates when each waiting clerk call goes from when its own calls leave the window, and says what each is for', async () => {
    const budget = new RequestBudget();
    const sent: Ticket[] = [];
    for (let i = 0; i < 3; i++) {
      const c = ask(budget, 'interactive');
      await vi.advanceTimersByTimeAsync(0);
      sent.push(c.ticket!);
      await vi.advanceTimersByTimeAsync(10_000);
    }
    sent.forEach((ticket, i) => answered(budget, ticket, 2 - i)); // a window of 3, spent at 0, 10 and 20 s
    const order = budget.take('interactive', undefined, 'receiving order');
    const items = [budget.take('interactive', undefined, 'item'), budget.take('interactive', undefined, 'item')];
    await vi.advanceTimersByTimeAsync(0);
    const leaves = (sentAt: number) => new Date(sentAt + 62_000).toISOString();
    expect(budget.state().clerkWaits).toEqual([
      { what: 'receiving order', count: 1, until: leaves(1_000_000) },
      { what: 'item', count: 2, until: leaves(1_020_000) },
    ]);
    expect(budget.state().interactiveWaitUntil).toBe(leaves(1_000_000));
    // And they go then.
    const wentAt = async (p: Promise<Ticket>) => (await p).sentAt;
    await vi.advanceTimersByTimeAsync(62_000);
    expect(await wentAt(order)).toBeLessThanOrEqual(1_000_000 + 62_000 + 10);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await wentAt(items[1]!)).toBeLessThanOrEqual(1_020_000 + 62_000 + 10);
  });

  it('knows the lane of the calling code through awaits', async () => {
    expect(currentLane()).toBe('interactive');
    const seen = await inLane('background', async () => {
      await Promise.resolve();
      return currentLane();
    });
    expect(seen).toBe('background');
  });
});

describe('what the budget tells the other desks of the account, and hears from them', () => {
  it("tells a 429's wait, and a clerk's call left waiting, at most once per two seconds", async () => {
    const budget = new RequestBudget();
    const news: unknown[] = [];
    budget.onNews((n) => news.push(n));
    const first = ask(budget, 'interactive');
    await vi.advanceTimersByTimeAsync(0);
    budget.settle(first.ticket!, 429, { 'x-retry-after': '7' });
    expect(news).toEqual([{ kind: 'blocked', ms: 7000 }]);
    // Three clerk's calls queue behind the wait: told once, then again two seconds on while they still wait.
    for (let i = 0; i < 3; i++) ask(budget, 'interactive');
    await vi.advanceTimersByTimeAsync(0);
    expect(news.slice(1)).toEqual([{ kind: 'clerkWaiting', ms: 2000 }]);
    await vi.advanceTimersByTimeAsync(1500);
    budget.holdBackground(0); // any pump
    expect(news).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(600);
    budget.holdBackground(0);
    expect(news.slice(2)).toEqual([{ kind: 'clerkWaiting', ms: 2000 }]);
  });

  it("holds background work while another desk's clerk waits, never a clerk's or a visible refresh, and lets it go after", async () => {
    const budget = new RequestBudget();
    budget.holdBackground(3000);
    const background = ask(budget, 'background');
    const visible = ask(budget, 'visible');
    const clerk = ask(budget, 'interactive');
    await vi.advanceTimersByTimeAsync(0);
    expect([background.ticket, visible.ticket !== null, clerk.ticket !== null]).toEqual([null, true, true]);
    await vi.advanceTimersByTimeAsync(2900);
    expect(background.ticket).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(background.ticket).not.toBeNull();
  });
});
