import { type Studio, teamMessages } from '@portal/contracts';
import { MY_PROJECTS_PATH, TEAM_PATH } from '@portal/contracts/pages';
import { Link } from 'react-router';

/** What a page out of reach of the member's role shows instead of itself: why, and the way back. */
export function NotAllowed({ studio }: { studio: Studio }) {
  return (
    <section className="empty empty--page" aria-labelledby="not-allowed-title">
      <h2 id="not-allowed-title">Not part of your role</h2>
      <p>{teamMessages.notAllowedPage}</p>
      <p>
        You work in {studio.name} as {studio.role}. <Link to={TEAM_PATH}>See who does what</Link>
      </p>
      <Link className="btn btn--primary btn--md" to={MY_PROJECTS_PATH}>
        Back to My Projects
      </Link>
    </section>
  );
}
