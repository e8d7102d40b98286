import { type ReactNode, useId } from 'react';

export interface ConsoleSectionProps {
  title: string;
  intro: ReactNode;
  /** Controls beside the heading: a filter, a button. */
  actions?: ReactNode;
  className?: string;
  isBusy?: boolean;
  children: ReactNode;
}

/** A section of the admin console, named by its heading, with an intro and the heading's own controls. */
export function ConsoleSection({
  title,
  intro,
  actions,
  className = 'income-section',
  isBusy,
  children,
}: ConsoleSectionProps) {
  const titleId = useId();
  return (
    <section className={className} aria-labelledby={titleId} aria-busy={isBusy}>
      <div className="page-heading income-section__heading">
        <div>
          <h2 id={titleId}>{title}</h2>
          <p className="page-heading__intro">{intro}</p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
