import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { INVENTORY_STALE_AFTER_MS, type Freshness } from '../common/ipc';
import type { Connectivity } from '../../../shared/schemas/session';
import { accountKeyOf } from '../../../renderer/src/app/accountKey';
import { call, useDockdeskEvent } from '../../../renderer/src/bridge/dockdesk';
import { formatAsOf } from '../../../renderer/src/format';
import { useT } from '../../../renderer/src/i18n/useT';
import './inventory.css';

/** "14:02" today, "Nov 20, 14:02" before (in the locale's own hour cycle). */
export function asOfText(iso: string, now = new Date()): string {
  return formatAsOf(iso, now);
}

const connectivityKey = ['app', 'connectivity'] as const;

/**
 * Connectivity for views that mount later than the status bar: the shell reads it once at start
 * (this query) and then follows events; the status bar's inventory slot, mounted all along, writes
 * each change into the same query, so a view mounted after the change still sees it.
 */
export function useKnownConnectivity(): Connectivity {
  const query = useQuery({ queryKey: connectivityKey, queryFn: () => call('connectivity.get', {}), staleTime: Infinity });
  return query.data ?? 'online';
}

/**
 * Follows connectivity; when the service answers again after being offline, every view on screen
 * reads what it shows once more (each answer went stale while the desk could not ask): the active
 * queries of the account, once; main keeps its background reads (an item's live figures) in the
 * background lane.
 */
export function useFollowConnectivity(): void {
  const client = useQueryClient();
  const onChange = useCallback(
    (state: Connectivity) => {
      const was = client.getQueryData<Connectivity>(connectivityKey);
      client.setQueryData(connectivityKey, state);
      if (was === 'offline' && state === 'online') void client.invalidateQueries({ queryKey: accountKeyOf(client), refetchType: 'active' });
    },
    [client],
  );
  useDockdeskEvent('connectivity.changed', onChange);
}

/** Now, again every 30 s: an answer on screen turns stale while it is looked at. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * How fresh a cache answer is: "as of <time>" always, "stale" past 30 minutes, "offline" while the
 * service cannot be reached (the live connectivity, which may have changed since the answer).
 */
export function FreshnessMark({ freshness, compact = false }: { freshness: Freshness; compact?: boolean }) {
  const connectivity = useKnownConnectivity();
  const now = useNow();
  const { t } = useT();
  const { syncedAt } = freshness;
  const stale = syncedAt === null || now - Date.parse(syncedAt) > INVENTORY_STALE_AFTER_MS;
  const offline = connectivity === 'offline';
  const fullPass = freshness.parts.items;
  // A refresh renews what the history and the product list show; committed quantities wait for a full pass.
  const drift = fullPass ? t('inventory.freshness.drift', { time: asOfText(fullPass, new Date(now)) }) : undefined;
  const asOf = syncedAt ? asOfText(syncedAt, new Date(now)) : null;
  return (
    <span className={`freshness${compact ? ' compact' : ''}`} data-testid={compact ? undefined : 'inventory-freshness'}>
      <span title={drift}>
        {asOf
          ? t('inventory.freshness.asOf', { time: asOf, compact: compact ? 'yes' : 'no' })
          : t('inventory.freshness.notSynced', { compact: compact ? 'yes' : 'no' })}
      </span>
      {syncedAt && stale && (
        <span className="inv-mark inv-mark-stale" title={t('inventory.freshness.stale.title')}>
          {t('inventory.freshness.stale')}
        </span>
      )}
      {offline && (
        <span className="inv-mark inv-mark-offline" title={t('inventory.freshness.offline.title')}>
          {t('inventory.freshness.offline')}
        </span>
      )}
      {!compact && freshness.syncing && <span className="muted">{t('inventory.freshness.syncing')}</span>}
    </span>
  );
}
