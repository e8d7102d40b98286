import type { PlayFigure } from '@portal/contracts';
import { formatCount } from '../../../lib/format.ts';

/**
 * A figure about players: the count, or `< N` when fewer than N players make it (the server hides it, so that no one
 * can be told apart), said in words to screen readers.
 */
export function PlayFigureText({ value }: { value: PlayFigure }) {
  if (typeof value === 'number') return <>{formatCount(value)}</>;
  const fewest = value.slice(2);
  return (
    <span className="play-figure--hidden" title={`Fewer than ${fewest} players: hidden to keep them private`}>
      <span aria-hidden="true">{value}</span>
      <span className="visually-hidden">fewer than {fewest} players</span>
    </span>
  );
}

/** A figure as a chart's bar: a hidden one leaves a gap, never a made-up height. */
export const chartValue = (value: PlayFigure): number | null => (typeof value === 'number' ? value : null);

/** A total as a card: its name over its figure (a count, or `text` already written out: an amount). */
export function Stat({ label, value, text }: { label: string; value?: PlayFigure; text?: string }) {
  return (
    <div className="analytics-stat card">
      <dt>{label}</dt>
      <dd className="analytics-stat__value">{value === undefined ? text : <PlayFigureText value={value} />}</dd>
    </div>
  );
}
