import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CacheProblem, SyncPhase, SyncProgress, SyncStatus } from '../common/ipc';
import { useRequestBudget } from '../../../renderer/src/app/requestBudget';
import { call, errorMessage, useDockdeskEvent } from '../../../renderer/src/bridge/dockdesk';
import { useT, type Words } from '../../../renderer/src/i18n/useT';
import { sessionKey } from '../../../renderer/src/session/useSession';
import { AppErrorException } from '../../../shared/errors';
import { errorParts } from '../../../renderer/src/ui/ErrorNote';
import { showToast } from '../../../renderer/src/ui/Toasts';
import { FreshnessMark, useFollowConnectivity } from './Freshness';
import { syncFraction } from './model';
import { cancelSync, useSyncStatus } from './queries';

/**
 * The inventory cache in the status bar: the sync's progress bar with Cancel (slot 'sync') and
 * "Inventory as of …" with the stale and offline marks (slot 'freshness'). Mounted with the status
 * bar, so they also report a bad cache file, once, wherever the user is.
 */

function useSignedIn(): boolean {
  // The shell's useSession keeps this query current; here it is only read.
  const session = useQuery({ queryKey: sessionKey, queryFn: () => call('session.get', {}), staleTime: Infinity });
  return session.data?.status === 'signed-in';
}

export function InventorySyncSlot() {
  const signedIn = useSignedIn();
  const status = useSyncStatus(signedIn);
  useFollowConnectivity();
  const [seen, setSeen] = useState<Partial<Record<SyncPhase, SyncProgress>>>({});
  const onProgress = useCallback((p: SyncProgress) => setSeen((prev) => ({ ...prev, [p.phase]: p })), []);
  useDockdeskEvent('inventory.syncProgress', onProgress);
  // A sync that ended leaves nothing behind for the next one to start from.
  const onStatus = useCallback((s: SyncStatus) => {
    if (s.state === 'idle') setSeen({});
  }, []);
  useDockdeskEvent('inventory.syncStatus', onStatus);
  useCacheProblemReport(signedIn ? (status.data ?? null) : null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const pace = useSyncPace(status.data?.state === 'running', status.data ? syncFraction(seen, status.data.itemCount) : null);
  const { t } = useT();

  if (!signedIn || !status.data) return null;
  const s = status.data;
  if (s.state === 'idle') {
    if (!s.lastError || /cancelled/i.test(s.lastError.message)) return null;
    return (
      <span className="sync-failed" title={errorParts(new AppErrorException(s.lastError), t).message}>
        {t('inventory.sync.failed')}
      </span>
    );
  }
  const fraction = syncFraction(seen, s.itemCount);
  const latest = Object.values(seen).at(-1);
  const words =
    s.state === 'cancelling'
      ? t('inventory.sync.cancelling')
      : seen.writing
        ? t('inventory.sync.saving', { items: seen.writing.total ?? 0 })
        : latest
          ? t('inventory.sync.read', { items: seen.items?.done ?? 0, codes: seen.codes?.done ?? 0 })
          : t('inventory.sync.starting');
  return (
    <span className="sync-progress" data-testid="inventory-sync">
      <span>{t('inventory.sync')}</span>
      {fraction === null ? (
        <progress aria-label={t('inventory.sync.progress')} />
      ) : (
        <progress aria-label={t('inventory.sync.progress')} value={Math.round(fraction * 100)} max={100} />
      )}
      <span className="muted">{words}</span>
      {pace && (
        <span className="muted" data-testid="inventory-sync-pace">
          {pace}
        </span>
      )}
      <button
        type="button"
        className="quiet"
        disabled={s.state === 'cancelling'}
        onClick={() =>
          void cancelSync().then(
            () => setCancelError(null),
            (e: unknown) => setCancelError(errorMessage(e)),
          )
        }
      >
        {t('inventory.sync.cancel')}
      </button>
      {cancelError && <span role="alert">{cancelError}</span>}
    </span>
  );
}

/**
 * The sync's estimated end at the current pace, and whether the service's request limit sets that
 * pace (the sync has had to wait for the budget): the sync runs in the gaps the clerk leaves.
 */
function useSyncPace(running: boolean, fraction: number | null): string | null {
  const budget = useRequestBudget();
  const { t } = useT();
  const waitingForBudget = budget !== undefined && (budget.waiting.background > 0 || budget.blockedUntil !== null);
  const waiting = useRef(waitingForBudget);
  useEffect(() => {
    waiting.current = waitingForBudget;
  }, [waitingForBudget]);
  // When this sync started, whether it has had to wait for the budget, and the time now (ticking while it runs).
  const [run, setRun] = useState<{ startedAt: number; now: number; paced: boolean } | null>(null);
  useEffect(() => {
    if (!running) return undefined;
    const startedAt = Date.now();
    const tick = () => setRun((r) => ({ startedAt, now: Date.now(), paced: (r?.startedAt === startedAt && r.paced) || waiting.current }));
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [running]);
  if (!running || !run) return null;
  const paced = run.paced ? 'yes' : 'no';
  const elapsed = run.now - run.startedAt;
  // Too early to say: the first pages and the first minute's budget do not show the pace yet.
  if (fraction === null || fraction < 0.05 || elapsed < 5_000) return run.paced ? t('inventory.sync.paced') : null;
  const leftMs = (elapsed * (1 - fraction)) / fraction;
  const minutes = Math.round(leftMs / 60_000);
  return minutes >= 1 ? t('inventory.sync.minutesLeft', { minutes, paced }) : t('inventory.sync.underAMinute', { paced });
}

export function InventoryFreshnessSlot() {
  const signedIn = useSignedIn();
  const status = useSyncStatus(signedIn);
  if (!signedIn || !status.data) return null;
  return <FreshnessMark freshness={status.data.freshness} compact />;
}

const REPORTED_KEY = 'dockdesk.inventory.cacheProblemsReported';

function alreadyReported(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(REPORTED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

/**
 * A bad cache file is told once: main sends `inventory.cacheProblem` once per file, and keeps the last
 * one in the sync status for a window that was not listening yet; the keys shown are remembered for
 * this window (a reload does not tell it again).
 */
export function reportCacheProblem({ t, said }: Pick<Words, 't' | 'said'>, problem: CacheProblem): void {
  const key = `${problem.kind}|${problem.recovery}|${JSON.stringify(problem.said)}`;
  const reported = alreadyReported();
  if (reported.has(key)) return;
  reported.add(key);
  try {
    sessionStorage.setItem(REPORTED_KEY, JSON.stringify([...reported]));
  } catch {
    // Storage refused: the toast may then show again after a reload, which is better than not at all.
  }
  // The problem is main's own sentence, said in the clerk's language; the desk says what it does about it.
  const description = t('inventory.cacheProblem.recovery', {
    problem: said(problem.said).replace(/\.?$/, '.'),
    recovery: problem.recovery === 'previous-generation' ? 'previous' : 'resync',
  });
  showToast({ title: t('inventory.cacheProblem.title'), description, tone: 'error' });
}

function useCacheProblemReport(status: SyncStatus | null) {
  const words = useT();
  useDockdeskEvent(
    'inventory.cacheProblem',
    useCallback((problem: CacheProblem) => reportCacheProblem(words, problem), [words]),
  );
  const problem = status?.cacheProblem ?? null;
  const last = useRef<CacheProblem | null>(null);
  useEffect(() => {
    if (problem && problem !== last.current) reportCacheProblem(words, problem);
    last.current = problem;
  }, [problem, words]);
}
