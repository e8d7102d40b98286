import { type AnalyticsGranularity, type AnalyticsItem, analyticsGranularities } from '@portal/contracts';
import { VPS_PATH } from '@portal/contracts/pages';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed, Loading, ScrollTable } from '../../../components/paged-table.tsx';
import { TableHead } from '../../../components/table-head.tsx';
import { formatCount, formatDay, formatDollars, formatPercent } from '../../../lib/format.ts';
import { useItemAnalytics } from '../api/get-item-analytics.ts';
import { DEFAULT_RANGE, type RangeDays, rangeDaysOf, rangeOf } from '../utils/ranges.ts';
import { type ChartedFigure, FigureChart } from './figure-chart.tsx';
import { PlayFigureText, Stat } from './play-figure.tsx';
import { RangeSelect } from './range-select.tsx';
import { StagesTable } from './stages-table.tsx';
import '../analytics.css';

const PER: Record<AnalyticsGranularity, string> = { day: 'a day', week: 'a week', month: 'a month' };
const GROUP_LABELS: Record<AnalyticsGranularity, string> = { day: 'Day', week: 'Week', month: 'Month' };

/** A share in percent, hidden below the minimum of players, or a dash while its day has not come. */
function ShareCell({ value }: { value: AnalyticsItem['retention'][number]['day1'] }) {
  if (value === null) {
    return (
      <td>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">not yet</span>
      </td>
    );
  }
  return <td>{typeof value === 'number' ? formatPercent(value) : <PlayFigureText value={value} />}</td>;
}

/**
 * The path from AR to a sale: a 3D model's stages seen in the AR app, its reads, its sales; a game's reads, sales and
 * plays. Each step names its count.
 */
function Funnel({ figures }: { figures: AnalyticsItem }) {
  const { funnel } = figures;
  const steps =
    figures.itemType === 'Model'
      ? [
          { label: 'Seen on your stages', value: <>{formatCount(funnel.impressions)}</> },
          { label: 'Views', value: <>{formatCount(funnel.views)}</> },
          { label: 'Sales', value: <>{formatCount(funnel.sales)}</> },
        ]
      : [
          { label: 'Views', value: <>{formatCount(funnel.views)}</> },
          { label: 'Sales', value: <>{formatCount(funnel.sales)}</> },
          { label: 'Plays', value: <PlayFigureText value={funnel.plays} /> },
        ];
  return (
    <section className="analytics-section" aria-labelledby="item-funnel-title">
      <h3 id="item-funnel-title">From AR to a sale</h3>
      <ol className="analytics-funnel">
        {steps.map((step) => (
          <li key={step.label} className="analytics-funnel__step card">
            <span className="analytics-funnel__label">{step.label}</span>
            <span className="analytics-funnel__value">{step.value}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Retention({ figures }: { figures: AnalyticsItem }) {
  return (
    <section className="analytics-section" aria-labelledby="item-retention-title">
      <h3 id="item-retention-title">Who comes back</h3>
      {figures.retention.length === 0 ? (
        <p className="analytics-note">No one played it for the first time in these days.</p>
      ) : (
        <ScrollTable
          className="analytics-table"
          caption="Players by their first day, and who played again"
          isBusy={false}
        >
          <TableHead columns={['First played', 'Players', 'Next day', 'Seven days on']} />
          <tbody>
            {figures.retention.map((cohort) => (
              <tr key={cohort.cohort}>
                <th scope="row">{formatDay(cohort.cohort)}</th>
                <td>
                  <PlayFigureText value={cohort.players} />
                </td>
                <ShareCell value={cohort.day1} />
                <ShareCell value={cohort.day7} />
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}

function Versions({ figures }: { figures: AnalyticsItem }) {
  if (figures.versions.length === 0) return null;
  return (
    <section className="analytics-section" aria-labelledby="item-versions-title">
      <h3 id="item-versions-title">By version</h3>
      <ScrollTable className="analytics-table" caption="Plays by version" isBusy={false}>
        <TableHead columns={['Version', 'Plays', 'Player minutes']} />
        <tbody>
          {figures.versions.map((version) => (
            <tr key={version.version}>
              <th scope="row">Version {version.version}</th>
              <td>
                <PlayFigureText value={version.plays} />
              </td>
              <td>
                <PlayFigureText value={version.playerMinutes} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </section>
  );
}

function Figures({ figures }: { figures: AnalyticsItem }) {
  const isGame = figures.itemType === 'Product';
  const points = figures.points;
  const chartFigures: ChartedFigure[] = [
    ...(isGame
      ? [
          { key: 'plays', label: 'Plays', values: points.map((point) => point.plays), isAboutPlayers: true },
          { key: 'players', label: 'Players', values: points.map((point) => point.players), isAboutPlayers: true },
          {
            key: 'newPlayers',
            label: 'New players',
            values: points.map((point) => point.newPlayers),
            isAboutPlayers: true,
          },
          {
            key: 'playerMinutes',
            label: 'Player minutes',
            values: points.map((point) => point.playerMinutes),
            isAboutPlayers: true,
          },
        ]
      : []),
    { key: 'views', label: 'Views', values: points.map((point) => point.views), isAboutPlayers: false },
  ];
  return (
    <>
      <dl className="analytics-stats">
        {isGame ? (
          <>
            <Stat label="Plays" value={figures.totals.plays} />
            <Stat label="Players" value={figures.totals.players} />
            <Stat label="Player minutes" value={figures.totals.playerMinutes} />
          </>
        ) : null}
        <Stat label="Views" value={figures.totals.views} />
        <Stat label="Sales" value={figures.funnel.sales} />
        <Stat label="Income" text={formatDollars(figures.income)} />
      </dl>
      <Funnel figures={figures} />
      <FigureChart
        starts={points.map((point) => point.start)}
        per={PER[figures.granularity]}
        figures={chartFigures}
        from={figures.from}
        to={figures.to}
        minPlayers={figures.minPlayers}
        listedWhere="The totals are listed above."
      />
      {isGame ? (
        <div className="analytics-columns">
          <Retention figures={figures} />
          <Versions figures={figures} />
        </div>
      ) : (
        <StagesTable
          stages={figures.stages}
          title="Stages that place it"
          headingLevel="h3"
          empty={
            <>
              No stage of yours places this 3D model. <Link to={VPS_PATH}>Place it on a stage</Link> to show it to
              people nearby in the AR app.
            </>
          }
        />
      )}
    </>
  );
}

/**
 * The Detail page's Analytics tab: one game's or 3D model's figures over the last days (players outside the studio
 * only, a figure of too few players hidden), grouped by day, week or month, and its path from AR to a sale.
 */
export function ItemAnalytics({ itemId }: { itemId: string }) {
  const [days, setDays] = useState<RangeDays>(DEFAULT_RANGE);
  const [granularity, setGranularity] = useState<AnalyticsGranularity>('day');
  const range = useMemo(() => rangeOf(days), [days]);
  const analytics = useItemAnalytics(itemId, { ...range, Granularity: granularity });
  const groupId = useId();
  const figures = analytics.data;
  return (
    <div className="analytics-item">
      <div className="analytics-controls">
        <RangeSelect days={days} onChange={(value) => setDays(rangeDaysOf(value))} />
        <span className="analytics-control">
          <label htmlFor={groupId}>Group by</label>
          <select
            id={groupId}
            className="input"
            value={granularity}
            onChange={(event) => setGranularity(event.target.value as AnalyticsGranularity)}
          >
            {analyticsGranularities.map((option) => (
              <option key={option} value={option}>
                {GROUP_LABELS[option]}
              </option>
            ))}
          </select>
        </span>
      </div>
      {analytics.isPending ? (
        <Loading className="analytics-loading" label="Loading the analytics…" />
      ) : analytics.isError || !figures ? (
        <LoadFailed what="The analytics" onRetry={() => void analytics.refetch()} />
      ) : (
        <div className="analytics-figures" aria-busy={analytics.isPlaceholderData}>
          <p className="analytics-range">
            {formatDay(figures.from)} to {formatDay(figures.to)}, in Hong Kong days. Members of your studio and your
            testers are not counted.
          </p>
          <Figures figures={figures} />
        </div>
      )}
    </div>
  );
}
