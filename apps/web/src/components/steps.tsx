export interface Step {
  title: string;
  text: string;
}

/** A numbered list of steps, each a title and a sentence (Home's path to release, the placement guide). */
export function Steps({ steps, className }: { steps: readonly Step[]; className?: string }) {
  return (
    <ol className={className ? `steps ${className}` : 'steps'}>
      {steps.map((step, index) => (
        <li key={step.title} className="steps__item">
          <span className="steps__number" aria-hidden="true">
            {index + 1}
          </span>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
