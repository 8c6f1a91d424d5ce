import { useEffect, useState } from 'react';
import { formatCount, formatTime } from '../format';
import { useT } from '../i18n/useT';
import { useRequestBudget, useRequestBudgetAt } from './requestBudget';

/** Whole seconds from now until `iso` (at least 1 while it is ahead). */
function secondsUntil(iso: string, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(iso) - now) / 1000));
}

/**
 * Re-renders every second while `active`, so a countdown stays true; the time of the last tick, or 0
 * before the first. Callers count from the later of it and when the figure arrived: a tick kept
 * from before a wait began once showed "about 748 s" for a 44 s wait.
 */
function useTick(active: boolean): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * In the status bar while a clerk's action waits for the service's request limit: which actions
 * wait and for about how long, in one line. Nothing otherwise.
 */
export function ClerkWaitNotice() {
  const { budget, at } = useRequestBudgetAt();
  const waits = budget?.waiting.interactive ? budget.clerkWaits : [];
  const now = Math.max(useTick(waits.length > 0), at);
  const { t } = useT();
  if (!budget || waits.length === 0) return null;
  const parts = waits.map((w) => {
    const until = budget.blockedUntil && Date.parse(budget.blockedUntil) > Date.parse(w.until) ? budget.blockedUntil : w.until;
    return t('budget.waitAction', { count: w.count, action: w.what, seconds: secondsUntil(until, now) });
  });
  return (
    <span role="status" data-testid="request-budget-wait">
      {t('budget.wait', { actions: parts.join(', ') })}
    </span>
  );
}

/** Settings → Support: what this desk spent in the last minute, and what the service says is left for the account. */
export function RequestBudgetSupport() {
  const budget = useRequestBudget();
  const { t } = useT();
  if (!budget) return null;
  return (
    <dl className="request-budget" data-testid="request-budget">
      <dt>{t('budget.usedLastMinute')}</dt>
      <dd>{formatCount(budget.usedLastMinute)}</dd>
      <dt>{t('budget.leftThisMinute')}</dt>
      <dd>
        {budget.serviceRemaining === null
          ? t('budget.notReported')
          : budget.reportedAt
            ? t('budget.remainingAt', { remaining: budget.serviceRemaining, perMinute: budget.perMinute, time: formatTime(budget.reportedAt) })
            : t('budget.remaining', { remaining: budget.serviceRemaining, perMinute: budget.perMinute })}
      </dd>
    </dl>
  );
}
