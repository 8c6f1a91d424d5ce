import type pg from 'pg';
import { z } from 'zod';
import { listenChannel, type ChannelListener } from './listen.js';

/**
 * What one desk learns of the account's request window that every desk needs at once, since all of
 * them spend the same window: the service refused a call and asked for a wait, or a clerk's call is
 * waiting for room. Said with `NOTIFY dockdesk_budget` and heard with LISTEN on a connection of its
 * own; nothing is kept, since a wait lasts a minute at most. Durations, not times: desks' clocks differ.
 */
export const BUDGET_CHANNEL = 'dockdesk_budget';

export const BudgetNotice = z.object({
  account: z.string(),
  environment: z.string(),
  deskId: z.string(),
  kind: z.enum(['blocked', 'clerkWaiting']),
  ms: z.number().int().min(0).max(120_000),
});
export type BudgetNotice = z.infer<typeof BudgetNotice>;

export async function tellBudget(pool: pg.Pool, notice: BudgetNotice): Promise<void> {
  await pool.query('SELECT pg_notify($1, $2)', [BUDGET_CHANNEL, JSON.stringify(notice)]);
}

/** Hears every desk's budget notices on a connection of its own. */
export function listenBudget(pool: pg.Pool, onNotice: (notice: BudgetNotice) => void): Promise<ChannelListener> {
  return listenChannel(pool, BUDGET_CHANNEL, BudgetNotice, onNotice);
}
