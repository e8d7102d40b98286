import {
  type CatalogItemType,
  isInReview,
  medianDecisionText,
  queuePositionText,
  REVIEW_TIMES_WINDOW_DAYS,
} from '@portal/contracts';
import { useReviewStanding } from '../api/get-review-standing.ts';
import { useItemVersions } from '../api/list-versions.ts';
import { versionNumberOf } from '../utils/item-api.ts';
import '../review-standing.css';

export interface ReviewStandingProps {
  type: CatalogItemType;
  itemId: string;
}

/** On Detail, while the item's release version is in review: its place in the queue and how long decisions take. */
export function ReviewStanding({ type, itemId }: ReviewStandingProps) {
  const versions = useItemVersions(type, itemId);
  const release = versions.data?.releaseVersion;
  if (!release || !isInReview(release)) return null;
  return <Standing versionId={release.id} versionNumber={versionNumberOf(release)} />;
}

function Standing({ versionId, versionNumber }: { versionId: string; versionNumber: number }) {
  const standing = useReviewStanding(versionId);
  const position = standing.data ? queuePositionText(standing.data) : null;
  return (
    <section className="review-standing card" aria-labelledby="review-standing-title" aria-busy={standing.isPending}>
      <h2 id="review-standing-title">Version {versionNumber} is in review</h2>
      {standing.isPending ? (
        <>
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </>
      ) : standing.data ? (
        <>
          {position ? (
            <p>
              In the review queue: <strong>{position}</strong>
            </p>
          ) : null}
          <p>
            Median time to a decision (last {REVIEW_TIMES_WINDOW_DAYS} days):{' '}
            <strong>{medianDecisionText(standing.data)}</strong>
          </p>
        </>
      ) : (
        <p>The review queue could not be read just now.</p>
      )}
    </section>
  );
}
