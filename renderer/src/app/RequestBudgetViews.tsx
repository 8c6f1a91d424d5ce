import { useEffect, useState } from 'react';
import { formatCount, formatTime } from '../format';
import { useRequestBudget } from './requestBudget';

/** Whole seconds from now until `iso` (at least 1 while it is ahead). */
function secondsUntil(iso: string, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(iso) - now) / 1000));
}

/** Re-renders every second while `active`, so a countdown stays true. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * In the status bar while a clerk's action waits for the service's request limit: that it waits,
 * why, and for about how long. Nothing otherwise.
 */
export function ClerkWaitNotice() {
  const budget = useRequestBudget();
  const until = budget?.waiting.interactive ? (budget.blockedUntil ?? budget.interactiveWaitUntil) : null;
  const now = useNow(until !== null);
  if (!until) return null;
  return (
    <span role="status" data-testid="request-budget-wait">
      Waiting for the service&apos;s request limit: about {secondsUntil(until, now)} s
    </span>
  );
}

/** Settings → Support: what this desk spent in the last minute, and what the service says is left for the account. */
export function RequestBudgetSupport() {
  const budget = useRequestBudget();
  if (!budget) return null;
  return (
    <dl className="request-budget" data-testid="request-budget">
      <dt>Requests in the last minute, this desk</dt>
      <dd>{formatCount(budget.usedLastMinute)}</dd>
      <dt>Left this minute, as the service reports (all desks of this account)</dt>
      <dd>
        {budget.serviceRemaining === null
          ? 'Not reported in the last minute'
          : `${formatCount(budget.serviceRemaining)} of ${formatCount(budget.perMinute)}${budget.reportedAt ? `, at ${formatTime(budget.reportedAt)}` : ''}`}
      </dd>
    </dl>
  );
}
