import type { PlayFigure } from '@portal/contracts';
import { ANALYTICS_PATH } from '@portal/contracts/pages';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format.ts';
import { useAnalyticsSummary } from '../api/get-analytics-summary.ts';
import { rangeOf } from '../utils/ranges.ts';
import '../analytics.css';

const said = (value: PlayFigure, one: string, many: string) =>
  typeof value === 'number' ? `${formatCount(value)} ${value === 1 ? one : many}` : `${value} ${many}`;

/**
 * My Projects' line of the last seven days' play figures, leading to Analytics; nothing while there is nothing to
 * tell (Analytics says how figures come).
 */
export function PlaysLine() {
  const range = useMemo(() => rangeOf(7), []);
  const summary = useAnalyticsSummary(range);
  const data = summary.data;
  if (!data || (data.items.length === 0 && data.stages.length === 0)) return null;
  const { totals } = data;
  const sales = data.items.reduce((total, item) => total + item.sales, 0);
  const parts = [
    said(totals.plays, 'play', 'plays'),
    said(totals.players, 'player', 'players'),
    said(totals.views, 'view', 'views'),
    ...(totals.impressions > 0 ? [said(totals.impressions, 'stage impression', 'stage impressions')] : []),
    said(sales, 'sale', 'sales'),
  ];
  return (
    <p className="plays-line">
      <span className="plays-line__label">Last 7 days</span> <span>{parts.join(' · ')}</span>{' '}
      <Link to={`${ANALYTICS_PATH}?days=7`}>See analytics</Link>
    </p>
  );
}
