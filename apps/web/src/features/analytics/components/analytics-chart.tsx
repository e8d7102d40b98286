import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatCount, formatDay } from '../../../lib/format.ts';

// only the pieces of a bar chart: Chart.js leaves every other controller, element and plugin out of the bundle
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The portal's palette, read from its stylesheet so the chart keeps to it. */
function palette(element: Element) {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    bar: read('--analytics-bar'),
    text: read('--ink-muted'),
    grid: read('--line'),
    font: getComputedStyle(document.body).fontFamily,
  };
}

export interface AnalyticsChartProps {
  /** Hong Kong days, `YYYY-MM-DD`, in order. */
  days: string[];
  /** Each day's value; null: hidden (fewer players than the minimum), drawn as a gap. */
  values: Array<number | null>;
  /** The figure's name, for the tooltip. */
  figure: string;
  /** What the chart shows, for those who cannot see it; the figures themselves are in the tables beside it. */
  label: string;
}

/** A day's axis label: "27 Nov" (the tooltip names the whole day). */
const axisLabel = (day: string) => formatDay(day).replace(/\s\d{4}$/, '');

/** One figure a day, drawn with Chart.js (this page's chunk only). */
export default function AnalyticsChart({ days, values, figure, label }: AnalyticsChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const colors = palette(canvas);
    const chart = new Chart(canvas, {
      type: 'bar',
      data: {
        labels: days.map(axisLabel),
        datasets: [{ label: figure, data: values, backgroundColor: colors.bar }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        // drawn at once: figures are read, not watched, and a resize never replays a growth
        animation: false,
        datasets: { bar: { maxBarThickness: 28, borderRadius: 3 } },
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: {
            grid: { display: false },
            ticks: { color: colors.text, font: { family: colors.font, size: 12 }, maxRotation: 0, autoSkipPadding: 12 },
          },
          y: {
            beginAtZero: true,
            grid: { color: colors.grid },
            border: { display: false },
            ticks: { color: colors.text, font: { family: colors.font, size: 12 }, maxTicksLimit: 6, precision: 0 },
          },
        },
        plugins: {
          tooltip: {
            callbacks: {
              title: (items) => {
                const day = days[items[0]?.dataIndex ?? -1];
                return day ? formatDay(day) : '';
              },
              label: (item) => `${figure}: ${formatCount(item.parsed.y ?? 0)}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [days, values, figure]);

  return (
    <div className="analytics-chart__canvas">
      <canvas ref={canvasRef} role="img" aria-label={label} />
    </div>
  );
}
