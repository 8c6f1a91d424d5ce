import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { CenterRef, TodayFreshness } from '../common/ipc';
import { errorMessage } from '../../../renderer/src/bridge/dockdesk';
import { formatAsOf } from '../../../renderer/src/format';
import { sentences } from '../../../renderer/src/i18n/sentences';
import { useT } from '../../../renderer/src/i18n/useT';
import { centerChoices } from '../../../renderer/src/ui/centerChoices';
import { Select } from '../../../renderer/src/ui/Select';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { useTodayPage, useTodayRefresh, useTodayUpkeep } from './queries';
import { stockNote, stockTiles } from './stockTiles';
import { serviceTiles } from './tiles';
import { TileGrid } from './TileGrid';
import './today.css';

/** "As of 9:30 AM", and why it may be older than a moment ago, in one line. */
export function FreshnessLine({ freshness }: { freshness: TodayFreshness }) {
  const { t, said } = useT();
  const asOf = freshness.asOf ? t('today.freshness.asOf', { time: formatAsOf(freshness.asOf) }) : t('today.freshness.notRead');
  const problem = sentences(said, freshness.problem ? [freshness.problem] : null);
  const why = freshness.offline ? t('today.freshness.offline') : problem ? t('today.freshness.problem', { problem }) : null;
  return (
    <p className={`today-freshness${why ? ' stale' : ''}`} data-testid="today-freshness" role="status">
      {[asOf, why, freshness.refreshing ? t('today.freshness.refreshing') : null].filter((part) => part !== null).join(' · ')}
    </p>
  );
}

function CenterChoice({ centers, value, onChange }: { centers: readonly CenterRef[]; value: number | null; onChange: (c: number | 'all') => void }) {
  const { t } = useT();
  // The chosen center stays a choice even before any list mentions it.
  const choices = centerChoices(t, centers, { all: { id: 'all', label: t('today.allCenters') }, chosen: value === null ? null : { id: value } });
  return (
    <Select
      label={t('today.center')}
      value={value === null ? 'all' : String(value)}
      choices={choices}
      onChange={(id) => onChange(id === 'all' ? 'all' : Number(id))}
    />
  );
}

/**
 * Today: what arrives today, what waits on the desk and the stock that needs attention, each tile a
 * count, its most urgent rows and a link to the full list. The desk's center (Settings) is chosen
 * unless the address says another. Everything comes from one call (`today.page`), which the route's
 * loader has started with the navigation.
 */
export function TodayView() {
  const search = useSearch({ from: '/today' });
  const navigate = useNavigate({ from: '/today' });
  const page = useTodayPage(search.fc ?? null);
  const [asking, setAsking] = useState(false);
  useTodayUpkeep();
  const askRefresh = useTodayRefresh();
  const words = useT();
  const { t } = words;
  const refresh = () => {
    setAsking(true);
    askRefresh({ force: true })
      .catch(() => undefined)
      .finally(() => setAsking(false));
  };
  const data = page.data;
  const tiles = data
    ? [...serviceTiles(words, data.summary, data.center), ...stockTiles(t, data.stock, data.center, data.withinDays, data.settings.lowStockThreshold)]
    : [];
  return (
    <section className="workspace today" aria-labelledby="today-title">
      <header className="workspace-header">
        <ViewHeading id="today-title">{t('today.title')}</ViewHeading>
        <CenterChoice
          centers={data?.summary.centers ?? []}
          value={data?.center ?? null}
          onChange={(c) => void navigate({ search: { fc: c }, replace: true })}
        />
        <button type="button" onClick={refresh} disabled={asking || data?.summary.freshness.refreshing === true}>
          {asking ? t('today.refreshing') : t('today.refresh')}
        </button>
      </header>
      {data && (
        // When the service's figures and the stock's were read, on one line where the window has room.
        <div className="today-notes">
          <FreshnessLine freshness={data.summary.freshness} />
          <p className="today-freshness">{stockNote(t, data.stock)}</p>
        </div>
      )}
      {page.isError && (
        <p className="error" role="alert">
          {errorMessage(page.error)}
        </p>
      )}
      {page.isPending && (
        // The shell's focus model waits for this to go, then focuses the first tile.
        <p className="state" data-loading>
          {t('today.loading')}
        </p>
      )}
      {tiles.length > 0 && <TileGrid tiles={tiles} label={t('today.tiles')} />}
    </section>
  );
}
