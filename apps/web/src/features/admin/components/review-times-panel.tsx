import {
  formatDuration,
  itemTypeLabels,
  REVIEW_TIMES_WINDOW_DAYS,
  type ReviewerFigures,
  type ReviewTimes,
} from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useReviewTimes } from '../api/get-review-times.ts';
import '../review-times.css';
import { ConsoleSection } from './console-section.tsx';
import { AmountColumn, IncomeTable, TableScroll } from './income-table.tsx';

export interface ReviewTimesPanelProps {
  /** Opens the review queue at its first page, where the oldest waiting version comes first. */
  onShowQueue: () => void;
}

const medianOrDash = (figures: Pick<ReviewerFigures, 'medianDecisionMs'>) =>
  figures.medianDecisionMs === null ? '—' : formatDuration(figures.medianDecisionMs);

/** How long decisions take, overall and per reviewer, and the version that has waited longest. */
export function ReviewTimesPanel({ onShowQueue }: ReviewTimesPanelProps) {
  const figures = useReviewTimes();
  return (
    <ConsoleSection
      className="review-times"
      isBusy={figures.isPending}
      title="Review times"
      intro={
        <>
          Decisions of the last {figures.data?.windowDays ?? REVIEW_TIMES_WINDOW_DAYS} days, timed from a version's
          submission to its acceptance or rejection. A version rejected and submitted again counts once, at its last
          decision.
        </>
      }
    >
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
    </ConsoleSection>
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
        <TableScroll label="Decisions per reviewer table">
          <IncomeTable
            className="review-times__table"
            caption={<>Decisions per reviewer, last {figures.windowDays} days</>}
            columns={
              <>
                <th scope="col">Reviewer</th>
                <AmountColumn>Decisions</AmountColumn>
                <AmountColumn>Accepted</AmountColumn>
                <AmountColumn>Rejected</AmountColumn>
                <AmountColumn>Median time</AmountColumn>
              </>
            }
          >
            {reviewers.map((reviewer) => (
              <tr key={reviewer.reviewerId ?? 'not-recorded'}>
                <th scope="row">{reviewer.name}</th>
                <td className="income-table__amount">{reviewer.decisionsCount}</td>
                <td className="income-table__amount">{reviewer.acceptedCount}</td>
                <td className="income-table__amount">{reviewer.rejectedCount}</td>
                <td className="income-table__amount">{medianOrDash(reviewer)}</td>
              </tr>
            ))}
          </IncomeTable>
        </TableScroll>
      )}
    </>
  );
}
