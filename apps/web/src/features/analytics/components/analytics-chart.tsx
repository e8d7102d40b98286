import { useCallback, useMemo } from 'react';
import { BarChart } from '../../../components/bar-chart.tsx';
import { formatCount, formatDay } from '../../../lib/format.ts';

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
  const labels = useMemo(() => days.map(axisLabel), [days]);
  const series = useMemo(() => [{ label: figure, values, color: '--analytics-bar' }], [figure, values]);
  const tooltipTitle = useCallback(
    (index: number) => {
      const day = days[index];
      return day ? formatDay(day) : '';
    },
    [days],
  );
  return (
    <BarChart
      className="analytics-chart__canvas"
      label={label}
      labels={labels}
      series={series}
      tooltipTitle={tooltipTitle}
      formatValue={formatCount}
      maxBarThickness={28}
      labelGap={12}
      isWholeNumbers
    />
  );
}
