import { canPublish, STAGE_PAGE_SIZE, type Stage, type StagePage, stageMessages } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ConfirmRowDialog, RowDangerButton, useConfirmRow } from '../../../components/confirm-dialog.tsx';
import { LoadFailed } from '../../../components/paged-table.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { StageStatePill } from '../../../components/status-pill.tsx';
import { toast } from '../../../components/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorToastKey } from '../../../lib/query-client.ts';
import { useDeleteStage } from '../api/delete-stage.ts';
import { useStages } from '../api/get-stages.ts';
import { usePublishStage } from '../api/publish-stage.ts';
import { formatPlace } from '../utils/format.ts';
import { configPlacementPath, placementSummaryPath } from '../utils/paths.ts';
import { StageInstant } from './stage-instant.tsx';
import '../stages.css';

/** "Showing 11–20 of 23 stages", said to screen readers whenever the list changes. */
function resultsText(page: StagePage | undefined, pageIndex: number): string {
  if (!page) return 'Loading stages…';
  if (page.totalCount === 0) return 'No stages yet.';
  const of = `${page.totalCount} ${page.totalCount === 1 ? 'stage' : 'stages'}`;
  if (page.totalCount <= STAGE_PAGE_SIZE) return `Showing ${of}.`;
  const first = (pageIndex - 1) * STAGE_PAGE_SIZE + 1;
  return `Showing ${first}–${first + page.data.length - 1} of ${of}.`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function contentsText(stage: Stage): string {
  const contents = plural(stage.contents.length, 'content', 'contents');
  const carousels = stage.verticalCarousels.length;
  return carousels > 0 ? `${contents}, ${plural(carousels, 'carousel', 'carousels')}` : contents;
}

interface StageCardProps {
  stage: Stage;
  isPublishing: boolean;
  onPublish: (stage: Stage) => void;
  onDelete: (stage: Stage) => void;
}

function StageCard({ stage, isPublishing, onPublish, onDelete }: StageCardProps) {
  const titleId = `stage-${stage.id}-title`;
  return (
    <li className="stage-card">
      <article className="card stage-card__body" aria-labelledby={titleId}>
        <div className="stage-card__head">
          <h3 id={titleId} className="stage-card__name">
            {stage.name}
          </h3>
          <StageStatePill state={stage.state} className="stage-card__state" />
        </div>
        <dl className="stage-card__facts">
          <div>
            <dt>Place</dt>
            <dd className="stage-card__place">{formatPlace(stage.latitude, stage.longitude)}</dd>
          </div>
          <div>
            <dt>Contents</dt>
            <dd>{contentsText(stage)}</dd>
          </div>
          <div>
            <dt>Expires</dt>
            <dd>
              <StageInstant
                iso={stage.expiresAt}
                none={
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">Not published</span>
                  </>
                }
              />
            </dd>
          </div>
        </dl>
        <div className="stage-card__actions">
          <Link className="btn btn--secondary btn--md" to={configPlacementPath(stage.id)}>
            Edit<span className="visually-hidden"> {stage.name}</span>
          </Link>
          <Link className="btn btn--ghost btn--md" to={placementSummaryPath(stage.id)}>
            Placement summary<span className="visually-hidden"> of {stage.name}</span>
          </Link>
          {canPublish(stage.state) ? (
            <Button onClick={() => onPublish(stage)} isLoading={isPublishing}>
              Publish<span className="visually-hidden"> {stage.name}</span>
            </Button>
          ) : null}
          <RowDangerButton
            label="Delete"
            rowName={stage.name}
            onClick={() => onDelete(stage)}
            className="stage-card__delete"
          />
        </div>
      </article>
    </li>
  );
}

/**
 * The partner's stages on /vps, ten a page, most recently changed first: where each one is, what it places and
 * until when it shows, with Edit, its placement summary, Publish (a draft, or an expired stage for a new month)
 * and Delete. Self-contained: the page only renders it.
 */
export function StageList() {
  const [page, setPage] = useState(1);
  const stages = useStages(page);
  const publish = usePublishStage();
  const remove = useDeleteStage();
  const deleting = useConfirmRow<Stage>(async (id) => {
    await remove.mutateAsync(id);
    toast.success(stageMessages.deleted);
  }, remove.isPending);

  // a page emptied by a delete (or by another tab) falls back to the last page that has stages
  const lastPage = Math.max(1, Math.ceil((stages.data?.totalCount ?? 0) / STAGE_PAGE_SIZE));
  const isPastEnd = stages.isSuccess && !stages.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (isPastEnd) setPage(lastPage);
  }, [isPastEnd, lastPage]);

  const publishStage = (stage: Stage) =>
    publish.mutate(stage.id, {
      onSuccess: () => toast.success(stageMessages.published),
      onError: (error) => {
        // no month bought (what to do next is in the message), or published meanwhile: said as the server says it
        if (isApiError(error, 'SubscriptionRequired') || isApiError(error, 'StageNotPublishable')) {
          toast.error(error.message, { key: errorToastKey(error) });
        }
      },
    });

  const data = stages.data;
  return (
    <section className="stage-list" aria-labelledby="stage-list-title">
      <div className="stage-list__head">
        <h2 id="stage-list-title">Stages</h2>
        <Link className="btn btn--primary btn--md" to={configPlacementPath()}>
          Create stage
        </Link>
      </div>
      <p className="stage-list__intro">
        A stage places your images, videos, 3D assets and special utilities around one spot. Publishing shows it in the
        Lumora app for one month.
      </p>
      <p className="visually-hidden" role="status">
        {resultsText(data, page)}
      </p>
      {!data ? (
        stages.isError ? (
          <LoadFailed what="Your stages" onRetry={() => void stages.refetch()} />
        ) : (
          <div className="stage-list__loading" aria-busy="true">
            <span className="skeleton stage-list__skeleton" />
            <span className="skeleton stage-list__skeleton" />
          </div>
        )
      ) : data.data.length === 0 ? (
        <div className="empty stage-list__empty">
          <p className="empty__title">No stages yet</p>
          <p>Create a stage to place content at a spot of the VPS map.</p>
          <Link className="btn btn--primary btn--md" to={configPlacementPath()}>
            Create your first stage
          </Link>
        </div>
      ) : (
        <ul className="stage-list__items" aria-busy={stages.isFetching || undefined} aria-label="Your stages">
          {data.data.map((stage) => (
            <StageCard
              key={stage.id}
              stage={stage}
              isPublishing={publish.isPending && publish.variables === stage.id}
              onPublish={publishStage}
              onDelete={deleting.ask}
            />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageSize={STAGE_PAGE_SIZE}
        total={data?.totalCount ?? 0}
        onChange={setPage}
        label="Stage pages"
      />
      <ConfirmRowDialog {...deleting.dialog} title="Delete this stage?" confirmLabel="Delete">
        <p>
          {deleting.row?.name} and everything placed on it will be removed
          {deleting.row?.state === 'Published' ? ', and the Lumora app stops showing it' : ''}. This cannot be undone.
        </p>
      </ConfirmRowDialog>
    </section>
  );
}
