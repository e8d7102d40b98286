import { MAX_CAROUSELS_PER_STAGE, stageMessages, type VerticalCarousel } from '@portal/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
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
  const [removing, setRemoving] = useState<VerticalCarousel>();
  const remove = useDeleteCarousel();
  const hintId = useId();
  const isFull = carousels.length >= MAX_CAROUSELS_PER_STAGE;
  const hint = !stageId
    ? 'Save the stage first: vertical carousels are added to a saved stage.'
    : isFull
      ? `A stage holds at most ${MAX_CAROUSELS_PER_STAGE} vertical carousels.`
      : 'Carousels are saved as you add or change them, apart from the stage form.';

  const confirmRemove = async () => {
    if (!removing || !stageId) return;
    try {
      await remove.mutateAsync({ id: removing.id, stageId });
      toast.success(stageMessages.deleted);
    } catch {
      // the query client has reported it
    } finally {
      setRemoving(undefined);
    }
  };

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
                  <button
                    type="button"
                    className="link-button link-button--danger"
                    onClick={() => setRemoving(carousel)}
                  >
                    Remove<span className="visually-hidden"> {name}</span>
                  </button>
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
      <ConfirmDialog
        isOpen={removing !== undefined}
        title="Remove this vertical carousel?"
        confirmLabel="Remove"
        variant="danger"
        isBusy={remove.isPending}
        onCancel={() => setRemoving(undefined)}
        onConfirm={confirmRemove}
      >
        <p>Its images stay among your assets; the carousel leaves the stage now.</p>
      </ConfirmDialog>
    </section>
  );
}
