const steps = ['Registered', 'Submitted', 'Waiting for approval'];

/** The three steps from account to review. */
export function RegistrationSteps() {
  return (
    <ol className="progress-steps" aria-label="How it works">
      {steps.map((step, index) => (
        <li key={step} className="progress-steps__item">
          <span className="progress-steps__number" aria-hidden="true">
            {index + 1}
          </span>
          <span>{step}</span>
        </li>
      ))}
    </ol>
  );
}
