import type { IncomeSummary } from '@portal/contracts';
import { type ComponentType, lazy, Suspense } from 'react';
import { formatAmount, formatDollars, formatMonth, formatPayoutDay } from '../../../lib/format.ts';
import type { IncomeChartProps } from './income-chart.tsx';

/** Chart.js comes in the chart's own chunk: only a partner with sales to chart downloads it. */
export const loadIncomeChart = () => import('./income-chart.tsx');

function ChartUnavailable() {
  return <p className="my-income-chart__unavailable">The chart could not be loaded. The figures are listed below.</p>;
}

const IncomeChart = lazy(
  (): Promise<{ default: ComponentType<IncomeChartProps> }> =>
    loadIncomeChart().catch(() => ({ default: ChartUnavailable })),
);

function Stat({ label, value, hint }: { label: string; value: string; hint?: string | undefined }) {
  return (
    <div className="my-income-stat card">
      <dt>{label}</dt>
      <dd className="my-income-stat__value">{value}</dd>
      {hint ? <dd className="my-income-stat__hint">{hint}</dd> : null}
    </div>
  );
}

export interface IncomeOverviewProps {
  summary: IncomeSummary;
  /** The next payout day with something to pay, once the payout calendar is in. */
  nextPayoutDay: string | undefined;
}

/** Above the table: this month, last month, what waits to be paid, what was paid, and the last twelve months. */
export function IncomeOverview({ summary, nextPayoutDay }: IncomeOverviewProps) {
  const { months } = summary;
  const thisMonth = months.at(-1)?.month;
  const lastMonth = months.at(-2)?.month;
  const first = months[0]?.month;
  const chartLabel =
    first && thisMonth
      ? `Income by month from ${formatMonth(first)} to ${formatMonth(thisMonth)}, paid against pending. ` +
        'The figures are listed under Figures by month.'
      : 'Income by month, paid against pending.';
  return (
    <section className="my-income-overview" aria-labelledby="income-overview-title">
      <h2 id="income-overview-title" className="visually-hidden">
        Overview
      </h2>
      <dl className="my-income-stats">
        <Stat label="This month" value={formatDollars(summary.thisMonth)} hint={thisMonth && formatMonth(thisMonth)} />
        <Stat label="Last month" value={formatDollars(summary.lastMonth)} hint={lastMonth && formatMonth(lastMonth)} />
        <Stat
          label="Waiting to be paid"
          value={formatDollars(summary.waitingTotal)}
          hint={nextPayoutDay ? `Next payout ${formatPayoutDay(nextPayoutDay)}` : undefined}
        />
        <Stat label="Paid so far" value={formatDollars(summary.paidTotal)} />
      </dl>
      <figure className="my-income-chart card" aria-labelledby="income-chart-title">
        <figcaption className="my-income-chart__head">
          <h3 id="income-chart-title">Income by month</h3>
          <ul className="my-income-chart__legend">
            <li>
              <span className="my-income-chart__swatch my-income-chart__swatch--paid" aria-hidden="true" />
              Paid
            </li>
            <li>
              <span className="my-income-chart__swatch my-income-chart__swatch--pending" aria-hidden="true" />
              Pending
            </li>
          </ul>
        </figcaption>
        <Suspense fallback={<div className="my-income-chart__canvas skeleton" />}>
          <IncomeChart months={months} label={chartLabel} />
        </Suspense>
        <details className="my-income-chart__figures">
          <summary>Figures by month</summary>
          <div className="my-income-chart__figures-wrap">
            <table className="table my-income-chart__table">
              <caption className="visually-hidden">Income by month, paid and pending, in US dollars</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col" className="my-income-table__amount">
                    Paid (USD)
                  </th>
                  <th scope="col" className="my-income-table__amount">
                    Pending (USD)
                  </th>
                </tr>
              </thead>
              <tbody>
                {months.map((entry) => (
                  <tr key={entry.month}>
                    <th scope="row">{formatMonth(entry.month)}</th>
                    <td className="my-income-table__amount">{formatAmount(entry.paid)}</td>
                    <td className="my-income-table__amount">{formatAmount(entry.pending)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figure>
    </section>
  );
}
