import { Link } from 'react-router';
import { SIGN_IN_PATH } from '../utils/paths.ts';

/** What My Project Income is, for a visitor: the route has no guard, so it explains itself and offers a sign-in. */
export function SignedOut() {
  return (
    <section className="empty empty--page my-income-empty" aria-labelledby="income-visitor-title">
      <h2 id="income-visitor-title">Your sales and payouts, in one place</h2>
      <p>
        My Project Income is where Lumora partners follow what their AR games and 3D models earn: every sale with its
        fees and income, income by month, and the days their payouts go out.
      </p>
      <Link className="btn btn--primary btn--md" to={SIGN_IN_PATH}>
        Sign in to see your income
      </Link>
      <p className="my-income-empty__aside">
        Not a partner yet? You can register a partnership account on the same page.
      </p>
    </section>
  );
}
