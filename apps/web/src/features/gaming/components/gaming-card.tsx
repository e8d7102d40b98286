import type { ReactNode } from 'react';

export interface GamingCardProps {
  /** The heading's id, which names the card. */
  titleId: string;
  title: ReactNode;
  /** Beside the title: a status, a button. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A card of the test staging console, named by the heading at its head. */
export function GamingCard({ titleId, title, actions, className = 'card gaming-card', children }: GamingCardProps) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <div className="gaming-card__head">
        <h2 id={titleId} className="gaming-card__title">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
