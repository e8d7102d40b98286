import type { AnalyticsSummary } from '@portal/contracts';
import { itemDetailPath, MY_PROJECTS_PATH, VPS_PATH } from '@portal/contracts/pages';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { LoadFailed, Loading, ScrollTable } from '../../../components/paged-table.tsx';
import { TableHead } from '../../../components/table-head.tsx';
import { formatCount, formatDay, formatDollars } from '../../../lib/format.ts';
import { useMay } from '../../../lib/studio-role.ts';
import { useExportAnalytics } from '../api/export-analytics.ts';
import { useAnalyticsSummary } from '../api/get-analytics-summary.ts';
import { type ChartedFigure, FigureChart } from '../components/figure-chart.tsx';
import { LiveNow } from '../components/live-now.tsx';
import { PlayFigureText, Stat } from '../components/play-figure.tsx';
import { RangeSelect } from '../components/range-select.tsx';
import { StagesTable } from '../components/stages-table.tsx';
import { rangeDaysOf, rangeOf } from '../utils/ranges.ts';
import '../analytics.css';

const RANGE_PARAM = 'days';

function DailyChart({ summary }: { summary: AnalyticsSummary }) {
  const figures: ChartedFigure[] = [
    { key: 'plays', label: 'Plays', values: summary.days.map((day) => day.plays), isAboutPlayers: true },
    { key: 'players', label: 'Players', values: summary.days.map((day) => day.players), isAboutPlayers: true },
    {
      key: 'playerMinutes',
      label: 'Player minutes',
      values: summary.days.map((day) => day.playerMinutes),
      isAboutPlayers: true,
    },
    { key: 'views', label: 'Views', values: summary.days.map((day) => day.views), isAboutPlayers: false },
    {
      key: 'impressions',
      label: 'Stage impressions',
      values: summary.days.map((day) => day.impressions),
      isAboutPlayers: false,
    },
  ];
  return (
    <FigureChart
      starts={summary.days.map((day) => day.day)}
      per="a day"
      figures={figures}
      from={summary.from}
      to={summary.to}
      minPlayers={summary.minPlayers}
      listedWhere="The totals are listed above, each game's and 3D model's below."
    />
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
                {item.itemType === 'Model' ? (
                  // a 3D model is placed and sold, never played
                  <td colSpan={3} className="analytics-table__none">
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">not played: a 3D model</span>
                  </td>
                ) : (
                  <>
                    <td>
                      <PlayFigureText value={item.plays} />
                    </td>
                    <td>
                      <PlayFigureText value={item.players} />
                    </td>
                    <td>
                      <PlayFigureText value={item.playerMinutes} />
                    </td>
                  </>
                )}
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
  const days = rangeDaysOf(searchParams.get(RANGE_PARAM));
  const range = useMemo(() => rangeOf(days), [days]);
  const summary = useAnalyticsSummary(range);
  const exporting = useExportAnalytics();
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
          <RangeSelect
            days={days}
            onChange={(value) =>
              setSearchParams(
                (params) => {
                  params.set(RANGE_PARAM, value);
                  return params;
                },
                { replace: true },
              )
            }
          />
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
      <LiveNow />
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
          <DailyChart summary={data} />
          <div className="analytics-columns">
            <Items summary={data} />
            <StagesTable
              stages={data.stages}
              title="Stages"
              headingLevel="h2"
              empty="None of your stages was shown in the AR app in these days."
            />
          </div>
        </div>
      )}
    </div>
  );
}
