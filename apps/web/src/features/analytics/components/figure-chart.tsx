import type { PlayFigure } from '@portal/contracts';
import { type ComponentType, lazy, Suspense, useMemo, useState } from 'react';
import { formatDay } from '../../../lib/format.ts';
import type { AnalyticsChartProps } from './analytics-chart.tsx';
import { chartValue } from './play-figure.tsx';

/** Chart.js comes in the chart's own chunk: only a studio with figures to chart downloads it. */
const AnalyticsChart = lazy(
  (): Promise<{ default: ComponentType<AnalyticsChartProps> }> =>
    import('./analytics-chart.tsx').catch(() => ({
      default: () => (
        <p className="analytics-chart__unavailable">The chart could not be loaded. The figures are listed below.</p>
      ),
    })),
);

/** A figure the chart can show: its name, each point's value, and whether it counts players (and may be hidden). */
export interface ChartedFigure {
  key: string;
  label: string;
  values: Array<PlayFigure | number>;
  isAboutPlayers: boolean;
}

export interface FigureChartProps {
  /** Each point's first day (a day, or the week's or month's first), in order. */
  starts: string[];
  /** `a day`, `a week`, `a month`: what a point is, in the title. */
  per: string;
  figures: ChartedFigure[];
  from: string;
  to: string;
  minPlayers: number;
  /** Where the figures are also listed, for those who cannot see the chart. */
  listedWhere: string;
}

/** One figure at a time as bars, picked by buttons (pressed: shown); a hidden figure's point is a gap. */
export function FigureChart({ starts, per, figures, from, to, minPlayers, listedWhere }: FigureChartProps) {
  const [picked, setPicked] = useState(figures[0]?.key);
  const chosen = figures.find((figure) => figure.key === picked) ?? figures[0];
  const values = useMemo(() => chosen?.values.map(chartValue) ?? [], [chosen]);
  if (!chosen) return null;
  const hidden = chosen.isAboutPlayers && values.some((value) => value === null);
  const title = `${chosen.label} ${per}`;
  return (
    <figure className="analytics-chart card" aria-labelledby={`${chosen.key}-chart-title`}>
      <figcaption className="analytics-chart__head">
        <h3 id={`${chosen.key}-chart-title`}>{title}</h3>
        <fieldset className="analytics-chart__picker">
          <legend className="visually-hidden">Figure shown</legend>
          {figures.map((figure) => (
            <button
              key={figure.key}
              type="button"
              className="analytics-chart__figure"
              aria-pressed={figure.key === chosen.key}
              onClick={() => setPicked(figure.key)}
            >
              {figure.label}
            </button>
          ))}
        </fieldset>
      </figcaption>
      <Suspense fallback={<div className="analytics-chart__canvas skeleton" />}>
        <AnalyticsChart
          days={starts}
          values={values}
          figure={chosen.label}
          label={`${title} from ${formatDay(from)} to ${formatDay(to)}. ${listedWhere}`}
        />
      </Suspense>
      {hidden ? (
        <p className="analytics-note">
          Points with fewer than {minPlayers} players are left out, so that no player can be told apart.
        </p>
      ) : null}
    </figure>
  );
}
