import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount, formatDate, formatDateTime } from '../../../renderer/src/format';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';
import type { ItemNaming } from '../../inventory/ui';
import { chartSeries, endOnHand, MAX_CHART_SERIES, type ChartSeries, type EventLine } from './historyData';

const HEIGHT = 220;
/** Series colours, read from the stylesheet per theme (history.css); the first is the accent. */
const SERIES_TOKENS = Array.from({ length: MAX_CHART_SERIES }, (_, i) => `--series-${i + 1}`);

/** Changes when the theme does (the system's choice or Settings' data-theme), so the chart redraws in its colours. */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', bump);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      media.removeEventListener('change', bump);
      observer.disconnect();
    };
  }, []);
  return version;
}

/** The stylesheet's colours, so the chart follows the light or dark theme. */
function cssColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** An item as the chart names it: its SKU (the cache's), or its id when the cache has not seen it. */
const skuOf = (t: Translate, names: ReadonlyMap<number, ItemNaming>, id: number | null) =>
  id === null ? t('history.chart.allItems') : (names.get(id)?.sku ?? t('history.scope.id', { id }));

/** Draws the series into `box` with uPlot; reports the cursor's point and whether the x axis is zoomed. */
function useUplot(
  box: RefObject<HTMLDivElement | null>,
  series: ChartSeries,
  labels: string[],
  onPoint: (i: number | null) => void,
  onZoom: (z: boolean) => void,
) {
  const plot = useRef<uPlot | null>(null);
  const theme = useThemeVersion();
  useEffect(() => {
    const element = box.current;
    if (!element || series.x.length === 0) return;
    const axis = {
      stroke: cssColor('--muted', '#56606e'),
      grid: { stroke: cssColor('--line', '#d5dbe3'), width: 1 },
      ticks: { stroke: cssColor('--line', '#d5dbe3') },
    };
    const single = series.lines.length === 1;
    const options: uPlot.Options = {
      width: Math.max(320, element.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      // On-hand reads against zero: the y axis always includes it (and any negative sum below it).
      scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), max <= 0 ? 1 : Math.ceil(max * 1.08)] } },
      axes: [axis, { ...axis, size: 56 }],
      series: [
        {},
        ...series.lines.map((_, i) => {
          const stroke = cssColor(SERIES_TOKENS[i]!, '#1f5fbf');
          return {
            label: labels[i]!,
            stroke,
            width: 2,
            // One line is filled below it; several stay unfilled, so none hides another.
            ...(single ? { fill: `${stroke}1a` } : {}),
            paths: uPlot.paths.stepped!({ align: 1 }),
            points: { show: series.x.length <= 60, size: 5 },
          };
        }),
      ],
      cursor: { drag: { x: true, y: false, setScale: true }, points: { size: 9 } },
      hooks: {
        setCursor: [(u) => onPoint(u.cursor.idx ?? null)],
        setScale: [
          (u, key) => {
            if (key !== 'x') return;
            onZoom((u.scales.x!.min ?? 0) > series.x[0]! || (u.scales.x!.max ?? 0) < series.x.at(-1)!);
          },
        ],
      },
    };
    const chart = new uPlot(options, [series.x, ...series.lines.map((l) => l.y)] as uPlot.AlignedData, element);
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(320, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
      onPoint(null);
      onZoom(false);
    };
  }, [box, series, labels, onPoint, onZoom, theme]);
  return plot;
}

/** The chart's keys: ←/→ move between events, Home/End jump, +/− zoom around the cursor, 0 resets. */
function chartKeys(plot: uPlot | null, series: ChartSeries, point: number | null) {
  const last = series.x.length - 1;
  const moveTo = (index: number) => {
    if (!plot || last < 0) return;
    const i = Math.max(0, Math.min(last, index));
    const x = series.x[i]!;
    const { min, max } = plot.scales.x!;
    // Keep the point in view: a zoomed chart pans to it.
    if (min !== undefined && max !== undefined && (x < min || x > max)) plot.setScale('x', { min: x - (max - min) / 2, max: x + (max - min) / 2 });
    const line = series.lines.find((l) => l.y[i] !== null) ?? series.lines[0]!;
    plot.setCursor({ left: plot.valToPos(x, 'x'), top: plot.valToPos(line.y[i] ?? 0, 'y') });
  };
  const zoom = (factor: number) => {
    const { min, max } = plot?.scales.x ?? {};
    if (!plot || min === undefined || max === undefined) return;
    const centre = point !== null ? series.x[point]! : (min + max) / 2;
    const half = ((max - min) * factor) / 2;
    plot.setScale('x', { min: centre - half, max: centre + half });
  };
  const reset = () => {
    if (plot && last >= 0) plot.setScale('x', { min: series.x[0]!, max: series.x[last]! });
  };
  const keys: Record<string, () => void> = {
    ArrowRight: () => moveTo((point ?? -1) + 1),
    ArrowLeft: () => moveTo((point ?? series.x.length) - 1),
    Home: () => moveTo(0),
    End: () => moveTo(last),
    '+': () => zoom(0.5),
    '=': () => zoom(0.5),
    '-': () => zoom(2),
    '0': reset,
  };
  return { keys, reset };
}

/** What the point under the cursor says: the event, its item, its change and that item's on-hand after it. */
function pointText(t: Translate, line: EventLine | undefined, names: ReadonlyMap<number, ItemNaming>, several: boolean): string {
  if (!line) return t('history.chart.pointHint');
  // Time, item, event and reference are data or already words; the figures end it in the desk's language.
  const parts = [
    formatDateTime(line.atMs),
    several ? skuOf(t, names, line.inventoryId) : null,
    line.category ? t('history.category', { category: line.category }) : t('history.chart.event'),
    line.reference || null,
    t('history.chart.pointFigures', { change: `${line.change > 0 ? '+' : ''}${formatCount(line.change)}`, onHand: formatCount(line.onHand) }),
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * On-hand over time at one fulfillment center (uPlot): one step line per item (its own running sum;
 * SKUs are never added together unless `merged` asks for it), drag to zoom (double-click or 0
 * resets), a cursor that names the event under it, a legend naming each line. Keyboard: the chart
 * takes focus; ←/→ move between events, Home/End jump, +/− zoom around the cursor, 0 resets.
 */
export function OnHandChart({
  lines,
  names,
  centerName,
  untilMs,
  merged = false,
}: {
  lines: readonly EventLine[];
  names: ReadonlyMap<number, ItemNaming>;
  centerName: string;
  untilMs?: number;
  merged?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const series = useMemo(() => chartSeries(lines, { merged, ...(untilMs !== undefined ? { untilMs } : {}) }), [lines, merged, untilMs]);
  const { t, rich } = useT();
  const labels = useMemo(() => series.lines.map((l) => skuOf(t, names, l.inventoryId)), [t, series, names]);
  const [point, setPoint] = useState<number | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const plot = useUplot(box, series, labels, setPoint, setZoomed);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const action = chartKeys(plot.current, series, point).keys[e.key];
    if (!action || e.ctrlKey || e.altKey || e.metaKey) return;
    e.preventDefault();
    action();
  };

  if (series.x.length === 0) return null;
  const several = new Set(lines.map((l) => l.inventoryId)).size > 1;
  return (
    <figure className="history-chart">
      <figcaption id="history-chart-caption">
        {/* One flex item: the caption's gap belongs between its parts, not before the comma. */}
        <span>
          {/* The span the axis covers: to today (or the range's end), not just to the last event. */}
          {rich('history.chart.caption', {
            center: centerName,
            lines: merged ? 'merged' : several ? 'several' : 'one',
            from: formatDate(new Date(series.x[0]! * 1000).toISOString()),
            to: formatDate(new Date(series.x.at(-1)! * 1000).toISOString()),
            span: (chunks) => <span data-testid="history-chart-span">{chunks}</span>,
          })}
        </span>
        <span className="muted"> · {t('history.chart.keys')}</span>
        {zoomed && (
          <button type="button" className="quiet" onClick={() => chartKeys(plot.current, series, point).reset()}>
            {t('history.chart.resetZoom')}
          </button>
        )}
      </figcaption>
      <div
        ref={box}
        className="chart-box"
        tabIndex={0}
        role="img"
        aria-roledescription={t('history.chart.role')}
        aria-labelledby="history-chart-caption"
        aria-describedby="history-chart-point history-chart-legend"
        onKeyDown={onKeyDown}
        data-testid="history-chart"
      />
      <ChartLegend series={series} labels={labels} names={names} ends={endOnHand(lines)} merged={merged} />
      <p id="history-chart-point" className="chart-point" aria-live="polite">
        {pointText(t, point !== null ? lines[series.lineIndex[point]!] : undefined, names, several && !merged)}
      </p>
    </figure>
  );
}

/** Which colour is which item, with each line's end; and how many items the chart leaves out. */
function ChartLegend({
  series,
  labels,
  names,
  ends,
  merged,
}: {
  series: ChartSeries;
  labels: string[];
  names: ReadonlyMap<number, ItemNaming>;
  ends: ReadonlyMap<number, number>;
  merged: boolean;
}) {
  const total = [...ends.values()].reduce((a, b) => a + b, 0);
  const { t } = useT();
  return (
    <div id="history-chart-legend" className="chart-legend">
      <ul aria-label={t('history.chart.lines')} data-testid="history-legend">
        {series.lines.map((line, i) => (
          <li key={line.inventoryId ?? 'all'}>
            <span className="swatch" style={{ background: `var(${SERIES_TOKENS[i]!})` }} aria-hidden="true" />
            {line.inventoryId !== null && names.get(line.inventoryId) ? (
              <>
                <strong>{names.get(line.inventoryId)!.name}</strong> <span className="muted">({labels[i]})</span>
              </>
            ) : (
              <strong>{labels[i]}</strong>
            )}
            {t('history.chart.atEnd', {
              end: formatCount(line.inventoryId === null ? total : (ends.get(line.inventoryId) ?? 0)),
              merged: merged ? 'yes' : 'no',
              count: ends.size,
            })}
          </li>
        ))}
      </ul>
      {series.omitted > 0 && <p className="muted">{t('history.chart.omitted', { count: series.omitted, max: MAX_CHART_SERIES })}</p>}
    </div>
  );
}
