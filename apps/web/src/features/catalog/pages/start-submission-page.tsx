import { submissionPath } from '@portal/contracts/pages';
import { Link } from 'react-router';

const categories = [
  {
    type: 'game',
    title: 'AR GAME',
    text: 'A multiplayer augmented-reality game, played with tokens and tested on the realtime game server.',
    icon: (
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <rect x="4" y="14" width="40" height="22" rx="11" fill="currentColor" opacity="0.16" />
        <rect x="4" y="14" width="40" height="22" rx="11" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M15 20v10M10 25h10" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        <circle cx="32" cy="22" r="2.4" fill="currentColor" />
        <circle cx="37" cy="27" r="2.4" fill="currentColor" />
      </svg>
    ),
  },
  {
    type: 'model',
    title: '3D Model',
    text: 'A 3D asset that users buy on the marketplace and place in the world around them.',
    icon: (
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <path d="M24 5 41 14.5v19L24 43 7 33.5v-19z" fill="currentColor" opacity="0.16" />
        <path
          d="M24 5 41 14.5v19L24 43 7 33.5v-19zM7 14.5 24 24l17-9.5M24 24v19"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
      </svg>
    ),
  },
] as const;

/** Choose the project category: each card opens its submission form. */
export default function StartSubmissionPage() {
  return (
    <section className="start-submission" aria-labelledby="start-submission-title">
      <h2 id="start-submission-title" className="section__title">
        Choose project category
      </h2>
      <ul className="category-cards">
        {categories.map((category) => (
          <li key={category.type}>
            <Link className="category-card" to={submissionPath(category.type)}>
              <span className="category-card__icon">{category.icon}</span>
              <span className="category-card__title">{category.title}</span>
              <span className="category-card__text">{category.text}</span>
              <span className="category-card__cta" aria-hidden="true">
                Start →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
