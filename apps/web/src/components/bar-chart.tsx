import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// only the pieces of a bar chart: Chart.js leaves every other controller, element and plugin out of the bundle
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The portal's palette, read from its stylesheet so the chart keeps to it. */
function palette(element: Element) {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    read,
    text: read('--ink-muted'),
    grid: read('--line'),
    font: getComputedStyle(document.body).fontFamily,
  };
}

/** One series of bars: its name (in the tooltip), its colour and each bar's value. */
export interface BarSeries {
  label: string;
  /** Each bar's value, in the order of the labels; null: no value, drawn as a gap. */
  values: Array<number | null>;
  /** The stylesheet's custom property holding the bars' colour, e.g. `--analytics-bar`. */
  color: string;
}

export interface BarChartProps {
  /** Each bar's axis label, in order; an array is a label of several lines. */
  labels: Array<string | string[]>;
  series: BarSeries[];
  /** The tooltip's title for the bar at an index (the bar's whole name where its axis label is short). */
  tooltipTitle: (index: number) => string;
  /** A value in the tooltip, after its series' name. */
  formatValue: (value: number) => string;
  /** What the chart shows, for those who cannot see it. */
  label: string;
  /** The class of the box the canvas fills (its height comes from it). */
  className: string;
  /** The widest a bar grows, in pixels. */
  maxBarThickness: number;
  /** The least room between two axis labels, in pixels: a label that would crowd its neighbour is skipped. */
  labelGap: number;
  /** Several series share one bar, one on top of another. */
  isStacked?: boolean;
  /** The values are counts: the value axis never marks a fraction. */
  isWholeNumbers?: boolean;
  /** The values' unit, written along the value axis. */
  unit?: string;
}

/**
 * A bar chart drawn with Chart.js: import it only from a lazily loaded module, so that Chart.js stays out of the first
 * visit. A new labels or series array, or a new function, draws the chart anew: memoise them.
 */
export function BarChart({
  labels,
  series,
  tooltipTitle,
  formatValue,
  label,
  className,
  maxBarThickness,
  labelGap,
  isStacked = false,
  isWholeNumbers = false,
  unit,
}: BarChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const theme = palette(canvas);
    const font = { family: theme.font, size: 12 };
    const chart = new Chart(canvas, {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((entry) => ({
          label: entry.label,
          data: entry.values,
          backgroundColor: theme.read(entry.color),
          ...(isStacked ? { stack: 'stacked' } : {}),
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        // drawn at once: figures are read, not watched, and a resize never replays a growth
        animation: false,
        datasets: { bar: { maxBarThickness, borderRadius: 3 } },
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: {
            stacked: isStacked,
            grid: { display: false },
            ticks: { color: theme.text, font, maxRotation: 0, autoSkipPadding: labelGap },
          },
          y: {
            stacked: isStacked,
            beginAtZero: true,
            grid: { color: theme.grid },
            border: { display: false },
            ticks: { color: theme.text, font, maxTicksLimit: 6, ...(isWholeNumbers ? { precision: 0 } : {}) },
            title: { display: unit !== undefined, text: unit ?? '', color: theme.text, font },
          },
        },
        plugins: {
          tooltip: {
            callbacks: {
              title: (items) => tooltipTitle(items[0]?.dataIndex ?? -1),
              label: (item) => `${item.dataset.label}: ${formatValue(item.parsed.y ?? 0)}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, series, tooltipTitle, formatValue, maxBarThickness, labelGap, isStacked, isWholeNumbers, unit]);

  return (
    <div className={className}>
      <canvas ref={canvasRef} role="img" aria-label={label} />
    </div>
  );
}
