import { Link } from 'react-router';

/** The body of a screen that a later release brings. */
export default function ComingSoon() {
  return (
    <section className="coming-soon">
      <h2>Coming soon</h2>
      <p>This part of the Partner Portal is being finished. Everything else is ready to use.</p>
      <Link className="btn btn--secondary btn--md" to="/">
        Back to Home
      </Link>
    </section>
  );
}
