import { MAX_CAROUSELS_PER_STAGE, stageMessages, type VerticalCarousel } from '@portal/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmRowDialog, RowDangerButton, useConfirmRow } from '../../../components/confirm-dialog.tsx';
import { toast } from '../../../components/toast.tsx';
import { useDeleteCarousel } from '../api/delete-carousel.ts';
import { formatPosition } from '../utils/format.ts';
import { AssetThumbnail } from './asset-choices.tsx';
import { CarouselDialog } from './carousel-dialog.tsx';

/** A carousel without a name is known by its place in the list. */
export const carouselName = (carousel: VerticalCarousel, index: number) =>
  carousel.name || `Vertical carousel ${index + 1}`;

export interface CarouselSectionProps {
  /** The saved stage's id; none while the stage is being created. */
  stageId: string | undefined;
  carousels: VerticalCarousel[];
}

/**
 * The stage's vertical carousels: images shown one above another at one place. Each is saved on its own, as soon
 * as it is added or changed, so a stage must be saved before it has any.
 */
export function CarouselSection({ stageId, carousels }: CarouselSectionProps) {
  const [editing, setEditing] = useState<{ carousel: VerticalCarousel | undefined } | undefined>();
  const remove = useDeleteCarousel();
  const removing = useConfirmRow<VerticalCarousel>(async (id) => {
    if (!stageId) return;
    await remove.mutateAsync({ id, stageId });
    toast.success(stageMessages.deleted);
  }, remove.isPending);
  const hintId = useId();
  const isFull = carousels.length >= MAX_CAROUSELS_PER_STAGE;
  const hint = !stageId
    ? 'Save the stage first: vertical carousels are added to a saved stage.'
    : isFull
      ? `A stage holds at most ${MAX_CAROUSELS_PER_STAGE} vertical carousels.`
      : 'Carousels are saved as you add or change them, apart from the stage form.';

  return (
    <section className="stage-form__section carousel-section" aria-labelledby="carousels-title">
      <div className="stage-form__section-head">
        <h2 id="carousels-title">Vertical carousels</h2>
        <Button
          variant="secondary"
          onClick={() => setEditing({ carousel: undefined })}
          disabled={!stageId || isFull}
          aria-describedby={hintId}
        >
          Add vertical carousel
        </Button>
      </div>
      <p className="field__hint carousel-section__hint" id={hintId}>
        {hint}
      </p>
      {carousels.length === 0 ? (
        <div className="empty carousel-section__empty">
          <p>No vertical carousels.</p>
        </div>
      ) : (
        <ul className="carousel-list">
          {carousels.map((carousel, index) => {
            const name = carouselName(carousel, index);
            return (
              <li key={carousel.id} className="carousel-list__item">
                <div className="carousel-list__images" aria-hidden="true">
                  {carousel.images.slice(0, 4).map((image) => (
                    <AssetThumbnail key={image.assetId} asset={{ type: 'Image', ...image }} />
                  ))}
                </div>
                <div className="carousel-list__text">
                  <span className="carousel-list__name">{name}</span>
                  <span className="carousel-list__meta">
                    {carousel.images.length} {carousel.images.length === 1 ? 'image' : 'images'} ·{' '}
                    {formatPosition(carousel.position)}
                  </span>
                </div>
                <div className="carousel-list__actions">
                  <button type="button" className="link-button" onClick={() => setEditing({ carousel })}>
                    Edit<span className="visually-hidden"> {name}</span>
                  </button>
                  <RowDangerButton label="Remove" rowName={name} onClick={() => removing.ask(carousel)} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {stageId ? (
        <CarouselDialog
          isOpen={editing !== undefined}
          stageId={stageId}
          carousel={editing?.carousel}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmRowDialog {...removing.dialog} title="Remove this vertical carousel?" confirmLabel="Remove">
        <p>Its images stay among your assets; the carousel leaves the stage now.</p>
      </ConfirmRowDialog>
    </section>
  );
}
