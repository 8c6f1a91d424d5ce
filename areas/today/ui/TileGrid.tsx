import { useNavigate } from '@tanstack/react-router';
import { Fragment, useEffect, useRef } from 'react';
import { registerShortcut } from '../../../renderer/src/keyboard/shortcuts';
import { formatCount } from '../../../renderer/src/format';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import { useT } from '../../../renderer/src/i18n/useT';
import type { TileView } from './tiles';

/** How many tiles a row of the grid holds as laid out now (arrows up and down move by it). */
function columnsOf(grid: HTMLElement | null): number {
  const tiles = grid ? [...grid.querySelectorAll<HTMLElement>('.tile')] : [];
  const top = tiles[0]?.offsetTop;
  const n = tiles.filter((t) => t.offsetTop === top).length;
  return Math.max(1, n);
}

/** Opens an address given as "#/path?query" through the router (so focus and history follow). */
export function useOpenHref(): (href: string) => void {
  const navigate = useNavigate();
  return (href: string) => {
    const [path, search = ''] = href.replace(/^#/, '').split('?') as [string, string?];
    navigate({ to: path, search: Object.fromEntries(new URLSearchParams(search)) as never }).catch(() => undefined);
  };
}

function useGridKeys(grid: React.RefObject<HTMLUListElement | null>, tiles: readonly TileView[]) {
  const open = useOpenHref();
  const { t } = useT();
  const group = t('today.title');
  const scope = () => grid.current;
  const links = () => (grid.current ? [...grid.current.querySelectorAll<HTMLAnchorElement>('a.tile')] : []);
  const current = () => links().findIndex((a) => a === document.activeElement);
  const moveBy = (step: number) => {
    const all = links();
    const next = Math.min(all.length - 1, Math.max(0, current() + step));
    all[next]?.focus();
  };
  useShortcut({ keys: 'ArrowRight', description: t('today.key.next'), group, scope, handler: () => moveBy(1) });
  useShortcut({ keys: 'ArrowLeft', description: t('today.key.previous'), group, scope, handler: () => moveBy(-1) });
  useShortcut({ keys: 'ArrowDown', description: t('today.key.below'), group, scope, handler: () => moveBy(columnsOf(grid.current)) });
  useShortcut({ keys: 'ArrowUp', description: t('today.key.above'), group, scope, handler: () => moveBy(-columnsOf(grid.current)) });
  useShortcut({ keys: 'Home', description: t('today.key.first'), group, scope, handler: () => links()[0]?.focus() });
  useShortcut({ keys: 'End', description: t('today.key.last'), group, scope, handler: () => links().at(-1)?.focus() });
  useShortcut({ keys: 'Enter', description: t('today.key.open'), group, scope, handler: () => tiles[current()] && open(tiles[current()]!.href) });
  // Digits open the nth tile, only while focus is on the grid (never while typing in a field).
  const latest = useRef({ tiles, open });
  useEffect(() => {
    latest.current = { tiles, open };
  });
  useEffect(() => {
    const removers = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) =>
      registerShortcut({
        keys: String(n),
        // The shortcuts sheet lists the first digit for the whole row of digits.
        description: n > 1 ? t('today.key.openNth', { n }) : t('today.key.openDigits'),
        group,
        scope: () => grid.current,
        handler: () => {
          const tile = latest.current.tiles[n - 1];
          if (tile) latest.current.open(tile.href);
        },
      }),
    );
    return () => removers.forEach((remove) => remove());
  }, [grid, t, group]);
}

/**
 * A tile reached by Tab or an arrow stays whole in sight while the tiles load: its rows (or a tile
 * above it) can arrive after it was brought into sight, and a grown tile would run under the status
 * bar. A tile the clerk scrolled wholly away from is left where it is.
 */
function useFocusedTileWhole(grid: React.RefObject<HTMLUListElement | null>, tiles: readonly TileView[]) {
  const shape = tiles.map((t) => t.id).join(' ');
  useEffect(() => {
    const list = grid.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const active = document.activeElement;
      if (!(active instanceof HTMLElement) || !active.matches('a.tile') || !list.contains(active)) return;
      const view = active.closest('#content')?.getBoundingClientRect();
      if (!view) return;
      const r = active.getBoundingClientRect();
      const inSight = r.bottom > view.top && r.top < view.bottom;
      const whole = r.top >= view.top - 0.5 && r.bottom <= view.bottom + 0.5;
      if (inSight && !whole) active.scrollIntoView({ block: 'nearest' });
    });
    observer.observe(list);
    list.querySelectorAll('a.tile').forEach((a) => observer.observe(a));
    return () => observer.disconnect();
  }, [grid, shape]);
}

/**
 * The tiles: each a link to its full list (so a click, Enter or the middle button opens it), with
 * its count and the few most urgent rows. Arrows move between tiles, 1 to 9 open the nth.
 */
export function TileGrid({ tiles, label }: { tiles: readonly TileView[]; label: string }) {
  const grid = useRef<HTMLUListElement>(null);
  useGridKeys(grid, tiles);
  useFocusedTileWhole(grid, tiles);
  return (
    <ul className="today-tiles" ref={grid} aria-label={label}>
      {tiles.map((tile, i) => (
        <li key={tile.id}>
          <a
            className={`tile${tile.alert ? ' alert' : ''}`}
            href={tile.href}
            data-testid={`tile-${tile.id}`}
            aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}
            {...(i === 0 ? { 'data-primary': true } : {})}
            // A tile reached by Tab or an arrow shows whole: the browser scrolls a focused control only
            // until part of it is in sight, and a tile's rows are what the clerk came to read.
            onFocus={(e) => e.currentTarget.scrollIntoView({ block: 'nearest' })}
          >
            <span className="tile-head">
              <span className="tile-title">{tile.title}</span>
              <span className="tile-count" data-testid="tile-count">
                {formatCount(tile.count)}
              </span>
            </span>
            {tile.rows.length === 0 ? (
              <span className="tile-empty">{tile.empty}</span>
            ) : (
              <span className="tile-rows">
                {tile.rows.map((r) => (
                  <span className="tile-row" key={r.key}>
                    <span className="tile-row-name">{r.name}</span>
                    <span className="tile-row-detail">
                      <DetailFacts facts={r.detail} />
                    </span>
                  </span>
                ))}
              </span>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A row's facts with " · " between. A line wraps between facts, never inside one that fits a
 * narrow tile's line (a SKU, a tracking number, "lot L-42", a time with its zone); a longer fact is a
 * sentence (a receipt's reason, an error) and wraps at its spaces.
 */
/** The longest fact kept on one line: well within a tile's line at 1280 px wide. */
const WHOLE_FACT_MAX = 40;

function DetailFacts({ facts }: { facts: readonly (string | null | undefined)[] }) {
  const said = facts.filter((f): f is string => Boolean(f));
  return (
    <>
      {said.map((fact, i) => (
        <Fragment key={i}>
          {/* The dot ends the line it follows (a no-break space before it), so no line starts with one. */}
          {i > 0 && '\u00a0· '}
          {fact.length > WHOLE_FACT_MAX ? fact : <span className="whole">{fact}</span>}
        </Fragment>
      ))}
    </>
  );
}
