import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount, formatDateTime } from '../../format';
import { labelOf } from '../../../../shared/labels';
import { onHandSeries, type EventLine } from './historyData';

const HEIGHT = 220;

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

/**
 * On-hand over time at one fulfillment center (uPlot): a step line of the running sum, drag to zoom
 * (double-click or 0 resets), a cursor that names the event under it. Keyboard: the chart takes
 * focus; ←/→ move between events, Home/End jump, +/− zoom around the cursor, 0 resets.
 */
export function OnHandChart({ lines, centerName, untilMs }: { lines: readonly EventLine[]; centerName: string; untilMs?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const series = useMemo(() => onHandSeries(lines, untilMs), [lines, untilMs]);
  const [point, setPoint] = useState<number | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const theme = useThemeVersion();

  useEffect(() => {
    const element = box.current;
    if (!element || series.x.length === 0) return;
    const stroke = cssColor('--accent', '#1f5fbf');
    const axis = {
      stroke: cssColor('--muted', '#56606e'),
      grid: { stroke: cssColor('--line', '#d5dbe3'), width: 1 },
      ticks: { stroke: cssColor('--line', '#d5dbe3') },
    };
    const options: uPlot.Options = {
      width: Math.max(320, element.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      // On-hand reads against zero: the y axis always includes it (and any negative sum below it).
      scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), max <= 0 ? 1 : Math.ceil(max * 1.08)] } },
      axes: [axis, { ...axis, size: 56 }],
      series: [
        {},
        {
          label: `On hand at ${centerName}`,
          stroke,
          width: 2,
          fill: `${stroke}1a`,
          paths: uPlot.paths.stepped!({ align: 1 }),
          points: { show: series.x.length <= 60, size: 5 },
        },
      ],
      cursor: { drag: { x: true, y: false, setScale: true }, points: { size: 9 } },
      hooks: {
        setCursor: [(u) => setPoint(u.cursor.idx ?? null)],
        setScale: [
          (u, key) => {
            if (key !== 'x') return;
            const min = u.scales.x!.min ?? 0;
            const max = u.scales.x!.max ?? 0;
            setZoomed(min > series.x[0]! || max < series.x[series.x.length - 1]!);
          },
        ],
      },
    };
    const chart = new uPlot(options, [series.x, series.y], element);
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(320, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
      setPoint(null);
      setZoomed(false);
    };
  }, [series, centerName, theme]);

  const moveTo = (index: number) => {
    const chart = plot.current;
    if (!chart || series.x.length === 0) return;
    const i = Math.max(0, Math.min(series.x.length - 1, index));
    const x = series.x[i]!;
    const { min, max } = chart.scales.x!;
    // Keep the point in view: a zoomed chart pans to it.
    if (min !== undefined && max !== undefined && (x < min || x > max)) chart.setScale('x', { min: x - (max - min) / 2, max: x + (max - min) / 2 });
    chart.setCursor({ left: chart.valToPos(x, 'x'), top: chart.valToPos(series.y[i]!, 'y') });
  };
  const zoom = (factor: number) => {
    const chart = plot.current;
    if (!chart) return;
    const { min, max } = chart.scales.x!;
    if (min === undefined || max === undefined) return;
    const centre = point !== null ? series.x[point]! : (min + max) / 2;
    const half = ((max - min) * factor) / 2;
    chart.setScale('x', { min: centre - half, max: centre + half });
  };
  const reset = () => {
    const chart = plot.current;
    if (!chart || series.x.length === 0) return;
    chart.setScale('x', { min: series.x[0]!, max: series.x[series.x.length - 1]! });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => moveTo((point ?? -1) + 1),
      ArrowLeft: () => moveTo((point ?? series.x.length) - 1),
      Home: () => moveTo(0),
      End: () => moveTo(series.x.length - 1),
      '+': () => zoom(0.5),
      '=': () => zoom(0.5),
      '-': () => zoom(2),
      '0': reset,
    };
    const action = keys[e.key];
    if (!action || e.ctrlKey || e.altKey || e.metaKey) return;
    e.preventDefault();
    action();
  };

  if (series.x.length === 0) return null;
  const line = point !== null ? lines[series.lineIndex[point]!] : undefined;
  return (
    <figure className="history-chart">
      <figcaption id="history-chart-caption">
        On hand at {centerName} over time
        <span className="muted"> · drag to zoom, double-click to reset; with focus: ←/→ events, +/− zoom, 0 resets</span>
        {zoomed && (
          <button type="button" className="quiet" onClick={reset}>
            Reset zoom
          </button>
        )}
      </figcaption>
      <div
        ref={box}
        className="chart-box"
        tabIndex={0}
        role="img"
        aria-roledescription="chart"
        aria-labelledby="history-chart-caption"
        aria-describedby="history-chart-point"
        onKeyDown={onKeyDown}
        data-testid="history-chart"
      />
      <p id="history-chart-point" className="chart-point" aria-live="polite">
        {line
          ? `${formatDateTime(line.atMs)} · ${line.category ? labelOf('EventCategory', line.category) : 'Event'}${line.reference ? ` · ${line.reference}` : ''} · ${line.change > 0 ? '+' : ''}${formatCount(line.change)} → ${formatCount(line.onHand)} on hand`
          : 'Point at the chart, or focus it and press → to step through the events.'}
      </p>
    </figure>
  );
}
