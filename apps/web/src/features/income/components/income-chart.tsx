import type { IncomeMonth } from '@portal/contracts';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatDollars, formatMonth, formatShortMonth } from '../../../lib/format.ts';

// only the pieces of a bar chart: Chart.js leaves every other controller, element and plugin out of the bundle
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** A month's axis label; January and the first month carry their year, so a year's turn reads at a glance. */
const axisLabel = (month: string, index: number) =>
  index === 0 || month.endsWith('-01') ? [formatShortMonth(month), month.slice(0, 4)] : formatShortMonth(month);

/** The portal's palette, read from its stylesheet so the chart keeps to it. */
function palette(element: Element) {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    paid: read('--my-income-paid'),
    pending: read('--my-income-pending'),
    text: read('--ink-muted'),
    grid: read('--line'),
    font: getComputedStyle(document.body).fontFamily,
  };
}

export interface IncomeChartProps {
  months: IncomeMonth[];
  /** What the chart shows, for those who cannot see it; the figures themselves are in a table beside it. */
  label: string;
}

/** Income by month, paid stacked under pending, drawn with Chart.js (this page's chunk only). */
export default function IncomeChart({ months, label }: IncomeChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const colors = palette(canvas);
    const chart = new Chart(canvas, {
      type: 'bar',
      data: {
        labels: months.map((entry, index) => axisLabel(entry.month, index)),
        datasets: [
          { label: 'Paid', data: months.map((entry) => entry.paid), backgroundColor: colors.paid, stack: 'income' },
          {
            label: 'Pending',
            data: months.map((entry) => entry.pending),
            backgroundColor: colors.pending,
            stack: 'income',
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        // drawn at once: figures are read, not watched, and a resize never replays a growth
        animation: false,
        datasets: { bar: { maxBarThickness: 36, borderRadius: 3 } },
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: {
            stacked: true,
            grid: { display: false },
            ticks: { color: colors.text, font: { family: colors.font, size: 12 }, maxRotation: 0, autoSkipPadding: 8 },
          },
          y: {
            stacked: true,
            beginAtZero: true,
            grid: { color: colors.grid },
            border: { display: false },
            ticks: { color: colors.text, font: { family: colors.font, size: 12 }, maxTicksLimit: 6 },
            title: { display: true, text: 'USD', color: colors.text, font: { family: colors.font, size: 12 } },
          },
        },
        plugins: {
          tooltip: {
            callbacks: {
              title: (items) => {
                const entry = months[items[0]?.dataIndex ?? -1];
                return entry ? formatMonth(entry.month) : '';
              },
              label: (item) => `${item.dataset.label}: ${formatDollars(item.parsed.y ?? 0)}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [months]);

  return (
    <div className="my-income-chart__canvas">
      <canvas ref={canvasRef} role="img" aria-label={label} />
    </div>
  );
}
