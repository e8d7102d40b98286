import { type AnalyticsSummary, type PlayFigure, payoutZoneDate } from '@portal/contracts';
import { itemDetailPath, MY_PROJECTS_PATH, VPS_PATH } from '@portal/contracts/pages';
import { type ComponentType, lazy, Suspense, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { LoadFailed, Loading, ScrollTable } from '../../../components/paged-table.tsx';
import { TableHead } from '../../../components/table-head.tsx';
import { formatCount, formatDay, formatDollars } from '../../../lib/format.ts';
import { useMay } from '../../../lib/studio-role.ts';
import { useExportAnalytics } from '../api/export-analytics.ts';
import { useAnalyticsSummary } from '../api/get-analytics-summary.ts';
import type { AnalyticsChartProps } from '../components/analytics-chart.tsx';
import { chartValue, PlayFigureText } from '../components/play-figure.tsx';
import '../analytics.css';

/** The ranges a partner picks from, in days up to today (Hong Kong days, as income counts them). */
const RANGES = [7, 28, 90, 365] as const;
type RangeDays = (typeof RANGES)[number];
const DEFAULT_RANGE: RangeDays = 28;
const RANGE_PARAM = 'days';

/** The figures the chart can show, each read from a day of the summary. */
const FIGURES = [
  { key: 'plays', label: 'Plays' },
  { key: 'players', label: 'Players' },
  { key: 'playerMinutes', label: 'Player minutes' },
  { key: 'views', label: 'Views' },
  { key: 'impressions', label: 'Stage impressions' },
] as const;
type FigureKey = (typeof FIGURES)[number]['key'];

const DAY_MS = 86_400_000;

/** From and To of the last `days` Hong Kong days, today included. */
function rangeOf(days: RangeDays, now = new Date()) {
  return { From: payoutZoneDate(new Date(now.getTime() - (days - 1) * DAY_MS)), To: payoutZoneDate(now) };
}

/** Chart.js comes in the chart's own chunk: only a studio with figures to chart downloads it. */
const AnalyticsChart = lazy(
  (): Promise<{ default: ComponentType<AnalyticsChartProps> }> =>
    import('../components/analytics-chart.tsx').catch(() => ({
      default: () => (
        <p className="analytics-chart__unavailable">The chart could not be loaded. The figures are listed below.</p>
      ),
    })),
);

function Stat({ label, value }: { label: string; value: PlayFigure }) {
  return (
    <div className="analytics-stat card">
      <dt>{label}</dt>
      <dd className="analytics-stat__value">
        <PlayFigureText value={value} />
      </dd>
    </div>
  );
}

function FigureChart({ summary }: { summary: AnalyticsSummary }) {
  const [figure, setFigure] = useState<FigureKey>('plays');
  const chosen = FIGURES.find((entry) => entry.key === figure) ?? FIGURES[0];
  const days = useMemo(() => summary.days.map((day) => day.day), [summary]);
  const values = useMemo(() => summary.days.map((day) => chartValue(day[figure])), [summary, figure]);
  const hidden = values.filter((value) => value === null).length;
  return (
    <figure className="analytics-chart card" aria-labelledby="analytics-chart-title">
      <figcaption className="analytics-chart__head">
        <h3 id="analytics-chart-title">{chosen.label} a day</h3>
        <fieldset className="analytics-chart__picker">
          <legend className="visually-hidden">Figure shown</legend>
          {FIGURES.map((entry) => (
            <button
              key={entry.key}
              type="button"
              className="analytics-chart__figure"
              aria-pressed={entry.key === figure}
              onClick={() => setFigure(entry.key)}
            >
              {entry.label}
            </button>
          ))}
        </fieldset>
      </figcaption>
      <Suspense fallback={<div className="analytics-chart__canvas skeleton" />}>
        <AnalyticsChart
          days={days}
          values={values}
          figure={chosen.label}
          label={`${chosen.label} a day from ${formatDay(summary.from)} to ${formatDay(summary.to)}. The totals are listed above, each game's below.`}
        />
      </Suspense>
      {hidden > 0 && figure !== 'views' && figure !== 'impressions' ? (
        <p className="analytics-note">
          Days with fewer than {summary.minPlayers} players are left out, so that no player can be told apart.
        </p>
      ) : null}
    </figure>
  );
}

function Items({ summary }: { summary: AnalyticsSummary }) {
  return (
    <section className="analytics-section" aria-labelledby="analytics-items-title">
      <h2 id="analytics-items-title">Games and 3D models</h2>
      {summary.items.length === 0 ? (
        <p className="analytics-note">No game or 3D model of yours was played, viewed or sold in these days.</p>
      ) : (
        <ScrollTable className="analytics-table" caption="Games and 3D models, the most played first" isBusy={false}>
          <TableHead columns={['Name', 'Plays', 'Players', 'Player minutes', 'Views', 'Sales', 'Income']} />
          <tbody>
            {summary.items.map((item) => (
              <tr key={item.itemId}>
                <th scope="row">
                  <Link
                    to={itemDetailPath({
                      id: item.itemId,
                      type: item.itemType === 'Model' ? 'model' : 'game',
                      name: item.name,
                    })}
                  >
                    {item.name}
                  </Link>
                </th>
                <td>
                  <PlayFigureText value={item.plays} />
                </td>
                <td>
                  <PlayFigureText value={item.players} />
                </td>
                <td>
                  <PlayFigureText value={item.playerMinutes} />
                </td>
                <td>{formatCount(item.views)}</td>
                <td>{formatCount(item.sales)}</td>
                <td>{formatDollars(item.income)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}

function Stages({ summary }: { summary: AnalyticsSummary }) {
  return (
    <section className="analytics-section" aria-labelledby="analytics-stages-title">
      <h2 id="analytics-stages-title">Stages</h2>
      {summary.stages.length === 0 ? (
        <p className="analytics-note">None of your stages was shown in the AR app in these days.</p>
      ) : (
        <ScrollTable className="analytics-table" caption="Stages, the most seen first" isBusy={false}>
          <TableHead columns={['Stage', 'Impressions']} />
          <tbody>
            {summary.stages.map((stage) => (
              <tr key={stage.stageId}>
                <th scope="row">{stage.name}</th>
                <td>{formatCount(stage.impressions)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}

/** Nothing recorded yet: what makes figures appear. */
function NoFigures() {
  const may = useMay();
  return (
    <section className="empty empty--page analytics-empty" aria-labelledby="analytics-empty-title">
      <h2 id="analytics-empty-title">No plays yet</h2>
      <p>
        Figures appear here once people play your games on Lumora’s game host, read them on the marketplace or see your
        stages in the AR app. They are counted each Hong Kong day and are current within a minute.
      </p>
      <ul className="check-list">
        <li>Release a version of a game: players can then find and play it.</li>
        <li>Place a 3D model on a stage and publish it: the AR app shows it to people nearby.</li>
      </ul>
      <div className="button-row">
        <Link className="btn btn--primary btn--md" to={MY_PROJECTS_PATH}>
          Go to My Projects
        </Link>
        {may('stages') ? (
          <Link className="btn btn--secondary btn--md" to={VPS_PATH}>
            Place on a stage
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** No game of the studio played or read, no stage of it seen, in the range. */
const isEmpty = (summary: AnalyticsSummary) => summary.items.length === 0 && summary.stages.length === 0;

/**
 * Analytics: how the studio's games are played (from Lumora's own game host) and how often its stages are seen in
 * the AR app, over the last days; players outside the studio only, a figure of too few players hidden.
 */
export default function AnalyticsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = Number(searchParams.get(RANGE_PARAM));
  const days: RangeDays = RANGES.find((range) => range === asked) ?? DEFAULT_RANGE;
  const range = useMemo(() => rangeOf(days), [days]);
  const summary = useAnalyticsSummary(range);
  const exporting = useExportAnalytics();
  const rangeId = useId();
  const data = summary.data;

  return (
    <div className="analytics-page">
      <section className="page-heading">
        <div>
          <h2>Analytics</h2>
          <p className="page-heading__intro">
            How your games are played and your stages seen, in Hong Kong days. Members of your studio and your testers
            are not counted.
          </p>
        </div>
        <div className="analytics-controls">
          <label htmlFor={rangeId}>Days</label>
          <select
            id={rangeId}
            className="input"
            value={days}
            onChange={(event) =>
              setSearchParams(
                (params) => {
                  params.set(RANGE_PARAM, event.target.value);
                  return params;
                },
                { replace: true },
              )
            }
          >
            {RANGES.map((option) => (
              <option key={option} value={option}>
                Last {option} days
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            onClick={() => exporting.mutate(range)}
            isLoading={exporting.isPending}
            disabled={!data || data.items.length === 0}
          >
            Export CSV
          </Button>
        </div>
      </section>
      {summary.isPending ? (
        <Loading className="analytics-loading" label="Loading your analytics…" />
      ) : summary.isError || !data ? (
        <LoadFailed what="Your analytics" onRetry={() => void summary.refetch()} />
      ) : isEmpty(data) ? (
        <NoFigures />
      ) : (
        <div className="analytics-figures" aria-busy={summary.isPlaceholderData}>
          <p className="analytics-range">
            {formatDay(data.from)} to {formatDay(data.to)}
          </p>
          <dl className="analytics-stats">
            <Stat label="Plays" value={data.totals.plays} />
            <Stat label="Players" value={data.totals.players} />
            <Stat label="Player minutes" value={data.totals.playerMinutes} />
            <Stat label="Views" value={data.totals.views} />
            <Stat label="Stage impressions" value={data.totals.impressions} />
          </dl>
          <FigureChart summary={data} />
          <div className="analytics-columns">
            <Items summary={data} />
            <Stages summary={data} />
          </div>
        </div>
      )}
    </div>
  );
}
