import { formatCount } from '../../../lib/format.ts';
import { useLivePlayers } from '../api/live-players.ts';

/** The players in the studio's games now, with a pulse while anyone plays; the busiest games named. */
export function LiveNow() {
  const live = useLivePlayers();
  if (!live) return null;
  const busiest = live.items.slice(0, 3);
  return (
    <section className="analytics-live card" aria-labelledby="analytics-live-title">
      <h3 id="analytics-live-title" className="analytics-live__title">
        <span
          className={live.players > 0 ? 'analytics-live__pulse analytics-live__pulse--on' : 'analytics-live__pulse'}
          aria-hidden="true"
        />
        Playing now
      </h3>
      {/* polite: the count is read out when it changes, never interrupting */}
      <p className="analytics-live__count" aria-live="polite">
        {live.players === 0
          ? 'No one is playing your games right now.'
          : `${formatCount(live.players)} ${live.players === 1 ? 'player' : 'players'}`}
      </p>
      {busiest.length > 0 ? (
        <ul className="analytics-live__items">
          {busiest.map((item) => (
            <li key={item.itemId}>
              {item.name ?? 'A game'}: {formatCount(item.players)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
