import { type Step, Steps } from '../../../components/steps.tsx';

/** A card of a title and a line. */
export interface Feature {
  title: string;
  text: string;
}

/** Features side by side, `columns` to a row on wide screens. */
export function FeatureGrid({
  features,
  columns,
  cardClassName = 'card feature',
}: {
  features: readonly Feature[];
  columns: 2 | 3 | 4;
  cardClassName?: string;
}) {
  return (
    <div className={`grid grid--${columns}`}>
      {features.map((feature) => (
        <article key={feature.title} className={cardClassName}>
          <h3>{feature.title}</h3>
          <p>{feature.text}</p>
        </article>
      ))}
    </div>
  );
}

/** A page section: its title over a grid of features. */
export function FeatureSection({ title, ...grid }: { title: string } & Parameters<typeof FeatureGrid>[0]) {
  return (
    <section className="section">
      <div className="container">
        <h2 className="section__title">{title}</h2>
        <FeatureGrid {...grid} />
      </div>
    </section>
  );
}

/** A tinted page section: its title over numbered steps. */
export function StepsSection({ title, steps }: { title: string; steps: readonly Step[] }) {
  return (
    <section className="section section--tinted">
      <div className="container">
        <h2 className="section__title">{title}</h2>
        <Steps steps={steps} />
      </div>
    </section>
  );
}
