import {
  formatDuration,
  itemTypeLabels,
  REVIEW_TIMES_WINDOW_DAYS,
  type ReviewerFigures,
  type ReviewTimes,
} from '@portal/contracts';
import { useId } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { useReviewTimes } from '../api/get-review-times.ts';
import '../review-times.css';

export interface ReviewTimesPanelProps {
  /** Opens the review queue at its first page, where the oldest waiting version comes first. */
  onShowQueue: () => void;
}

const medianOrDash = (figures: Pick<ReviewerFigures, 'medianDecisionMs'>) =>
  figures.medianDecisionMs === null ? '—' : formatDuration(figures.medianDecisionMs);

/** How long decisions take, overall and per reviewer, and the version that has waited longest. */
export function ReviewTimesPanel({ onShowQueue }: ReviewTimesPanelProps) {
  const titleId = useId();
  const figures = useReviewTimes();
  return (
    <section className="review-times" aria-labelledby={titleId} aria-busy={figures.isPending}>
      <div className="page-heading income-section__heading">
        <div>
          <h2 id={titleId}>Review times</h2>
          <p className="page-heading__intro">
            Decisions of the last {figures.data?.windowDays ?? REVIEW_TIMES_WINDOW_DAYS} days, timed from a version's
            submission to its acceptance or rejection. A version rejected and submitted again counts once, at its last
            decision.
          </p>
        </div>
      </div>
      {figures.isPending ? (
        <div className="review-times__stats" aria-hidden="true">
          {Array.from({ length: 3 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <span key={index} className="review-times__stat review-times__stat--skeleton skeleton" />
          ))}
        </div>
      ) : figures.data ? (
        <Figures figures={figures.data} onShowQueue={onShowQueue} />
      ) : (
        <div className="empty">
          <p>The review times could not be loaded. Please reload the page.</p>
        </div>
      )}
    </section>
  );
}

function Figures({ figures, onShowQueue }: { figures: ReviewTimes; onShowQueue: () => void }) {
  const { overall, reviewers, oldestWaiting } = figures;
  return (
    <>
      <dl className="review-times__stats">
        <div className="review-times__stat card">
          <dt>Median time to a decision</dt>
          <dd className="review-times__value">{medianOrDash(overall)}</dd>
          <dd className="review-times__hint">From submission to acceptance or rejection</dd>
        </div>
        <div className="review-times__stat card">
          <dt>Decisions</dt>
          <dd className="review-times__value">{overall.decisionsCount}</dd>
          <dd className="review-times__hint">Last {figures.windowDays} days</dd>
        </div>
        <div className="review-times__stat card">
          <dt>In the queue</dt>
          <dd className="review-times__value">{overall.waitingCount}</dd>
          <dd className="review-times__hint">Waiting or under review</dd>
        </div>
      </dl>
      <section className="review-times__oldest card" aria-labelledby="review-times-oldest">
        <h3 id="review-times-oldest">Oldest waiting</h3>
        {oldestWaiting ? (
          <p>
            <strong>
              {oldestWaiting.itemName} version {oldestWaiting.version}
            </strong>{' '}
            ({itemTypeLabels[oldestWaiting.itemType]}, {oldestWaiting.partnerName}) has waited{' '}
            <strong>{formatDuration(Date.now() - Date.parse(oldestWaiting.submittedAt))}</strong>, since{' '}
            <time dateTime={oldestWaiting.submittedAt}>{formatDateTime(oldestWaiting.submittedAt)}</time>.{' '}
            <button type="button" className="link-button" onClick={onShowQueue}>
              Open the review queue
            </button>
          </p>
        ) : (
          <p>Nothing is waiting for review.</p>
        )}
      </section>
      {reviewers.length === 0 ? (
        <div className="empty">
          <p>No decisions in the last {figures.windowDays} days.</p>
        </div>
      ) : (
        <section
          className="table-wrap"
          aria-label="Decisions per reviewer table"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls in this box, by keyboard too
          tabIndex={0}
        >
          <table className="table income-table review-times__table">
            <caption className="visually-hidden">Decisions per reviewer, last {figures.windowDays} days</caption>
            <thead>
              <tr>
                <th scope="col">Reviewer</th>
                <th scope="col" className="income-table__amount">
                  Decisions
                </th>
                <th scope="col" className="income-table__amount">
                  Accepted
                </th>
                <th scope="col" className="income-table__amount">
                  Rejected
                </th>
                <th scope="col" className="income-table__amount">
                  Median time
                </th>
              </tr>
            </thead>
            <tbody>
              {reviewers.map((reviewer) => (
                <tr key={reviewer.reviewerId ?? 'not-recorded'}>
                  <th scope="row">{reviewer.name}</th>
                  <td className="income-table__amount">{reviewer.decisionsCount}</td>
                  <td className="income-table__amount">{reviewer.acceptedCount}</td>
                  <td className="income-table__amount">{reviewer.rejectedCount}</td>
                  <td className="income-table__amount">{medianOrDash(reviewer)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
