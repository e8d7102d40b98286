import type { IncomeMonth } from '@portal/contracts';
import { useCallback, useMemo } from 'react';
import { BarChart } from '../../../components/bar-chart.tsx';
import { formatDollars, formatMonth, formatShortMonth } from '../../../lib/format.ts';

/** A month's axis label; January and the first month carry their year, so a year's turn reads at a glance. */
const axisLabel = (month: string, index: number) =>
  index === 0 || month.endsWith('-01') ? [formatShortMonth(month), month.slice(0, 4)] : formatShortMonth(month);

export interface IncomeChartProps {
  months: IncomeMonth[];
  /** What the chart shows, for those who cannot see it; the figures themselves are in a table beside it. */
  label: string;
}

/** Income by month, paid stacked under pending, drawn with Chart.js (this page's chunk only). */
export default function IncomeChart({ months, label }: IncomeChartProps) {
  const labels = useMemo(() => months.map((entry, index) => axisLabel(entry.month, index)), [months]);
  const series = useMemo(
    () => [
      { label: 'Paid', values: months.map((entry) => entry.paid), color: '--my-income-paid' },
      { label: 'Pending', values: months.map((entry) => entry.pending), color: '--my-income-pending' },
    ],
    [months],
  );
  const tooltipTitle = useCallback(
    (index: number) => {
      const entry = months[index];
      return entry ? formatMonth(entry.month) : '';
    },
    [months],
  );
  return (
    <BarChart
      className="my-income-chart__canvas"
      label={label}
      labels={labels}
      series={series}
      tooltipTitle={tooltipTitle}
      formatValue={formatDollars}
      maxBarThickness={36}
      labelGap={8}
      isStacked
      unit="USD"
    />
  );
}
