import {
  MAX_ANCHOR_ID_LENGTH,
  MAX_CONTENTS_PER_STAGE,
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  type Stage,
  stageMessages,
  utilityKindLabels,
} from '@portal/contracts';
import { VPS_PATH } from '@portal/contracts/pages';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form/field.tsx';
import { InputField, TextAreaField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorToastKey } from '../../../lib/query-client.ts';
import { useCreateStage } from '../api/create-stage.ts';
import { useUpdateStage } from '../api/update-stage.ts';
import { freeSpot } from '../utils/placement.ts';
import {
  type ContentDraft,
  generateAnchorId,
  newContentKey,
  type StageFormValues,
  serverFieldError,
  stageFormSchema,
  stageFormValues,
  validCoordinate,
  validHeading,
} from '../utils/stage-form.ts';
import { AddContentDialog, type ContentChoice } from './add-content-dialog.tsx';
import { CarouselSection } from './carousel-section.tsx';
import { ContentEditor } from './content-editor.tsx';
import { ContentList } from './content-list.tsx';
import { PlaceMap } from './place-map.tsx';
import { PlacementGrid, type PlacementGridHandle } from './placement-grid.tsx';

const FORM_FIELDS = Object.keys(stageFormValues()) as Array<keyof StageFormValues>;

/** A new piece of content at a free spot near the anchor, upright, at its own size. */
function draftOf(choice: ContentChoice, taken: ContentDraft[]): ContentDraft {
  const placement = {
    key: newContentKey(),
    position: freeSpot(taken),
    rotation: [0, 0, 0] as ContentDraft['rotation'],
    scale: [1, 1, 1] as ContentDraft['scale'],
  };
  if (choice.type === 'Utility') {
    return {
      ...placement,
      type: 'Utility',
      name: utilityKindLabels[choice.utility],
      assetId: null,
      utility: choice.utility,
      url: null,
      thumbnailUrl: null,
    };
  }
  const { asset } = choice;
  return {
    ...placement,
    type: choice.type,
    name: asset.name,
    assetId: asset.id,
    utility: null,
    url: asset.url,
    thumbnailUrl: asset.thumbnailUrl,
  };
}

export interface StageFormProps {
  /** The stage to edit; a new one without it. */
  stage?: Stage;
  /** The stage's carousels as the server has them now (they change apart from the form). */
  carousels: Stage['verticalCarousels'];
}

/**
 * Creates a stage or edits one: its name, its place on the map, its VPS anchor, and the contents placed around the
 * anchor. Saving sends the whole stage (POST or PUT), says "VPS created successfully" and goes back to /vps; a field
 * the server refuses is shown beside it, with everything typed kept.
 */
export function StageForm({ stage, carousels }: StageFormProps) {
  const navigate = useNavigate();
  const createStage = useCreateStage();
  const updateStage = useUpdateStage();
  const formId = useId();
  const mapHintId = useId();
  const gridRef = useRef<PlacementGridHandle>(null);
  const [selectedKey, setSelectedKey] = useState<string | undefined>(() => stage?.contents[0]?.id);
  const [isAdding, setIsAdding] = useState(false);

  const form = useZodForm({
    schema: stageFormSchema,
    initialValues: stageFormValues(stage),
    onSubmit: async (body) => {
      try {
        if (stage) await updateStage.mutateAsync({ id: stage.id, body });
        else await createStage.mutateAsync(body);
        toast.success(stageMessages.saved);
        navigate(VPS_PATH);
      } catch (err) {
        if (!isApiError(err, 'ValidationFailed')) throw err;
        const message = err.serverMessage ?? err.message;
        const refused = serverFieldError(message, FORM_FIELDS);
        if (!refused) {
          toast.error(message, { key: errorToastKey(err) });
          throw err;
        }
        form.setFieldError(refused.field, refused.message);
        document.getElementById(form.fieldId(refused.field))?.focus();
      }
    },
  });
  const { values, errors, register, fieldId } = form;
  const contents = values.contents;
  const selected = contents.find((draft) => draft.key === selectedKey);

  const setContents = (next: ContentDraft[]) => form.setValue('contents', next);
  const changeContent = (changed: ContentDraft) =>
    setContents(contents.map((draft) => (draft.key === changed.key ? changed : draft)));
  const moveContent = (key: string, x: number, z: number) =>
    setContents(
      contents.map((draft) =>
        draft.key === key ? { ...draft, position: [x, draft.position[1], z] as ContentDraft['position'] } : draft,
      ),
    );
  const removeContent = (key: string) => {
    const index = contents.findIndex((draft) => draft.key === key);
    const next = contents.filter((draft) => draft.key !== key);
    setContents(next);
    setSelectedKey(next[Math.min(index, next.length - 1)]?.key);
  };
  const addContent = (choice: ContentChoice) => {
    const draft = draftOf(choice, contents);
    setContents([...contents, draft]);
    setSelectedKey(draft.key);
    setIsAdding(false);
    // on the grid with the focus, the new piece moves with the arrow keys at once
    requestAnimationFrame(() => gridRef.current?.focusItem(draft.key));
  };

  const setPlace = (latitude: number, longitude: number) => {
    form.setValue('latitude', String(latitude));
    form.setValue('longitude', String(longitude));
  };

  const isFull = contents.length >= MAX_CONTENTS_PER_STAGE;

  return (
    <>
      <form
        id={formId}
        ref={form.formRef}
        className="stage-form"
        noValidate
        onSubmit={form.handleSubmit}
        aria-label={stage ? `Edit stage ${stage.name}` : 'New stage'}
      >
        <section className="stage-form__section" aria-labelledby="stage-details-title">
          <h2 id="stage-details-title">Details</h2>
          <div className="stage-form__details">
            <InputField
              form={form}
              name="name"
              label="Stage name"
              isRequired
              maxLength={MAX_NAME_LENGTH}
              autoComplete="off"
            />
            <TextAreaField
              form={form}
              name="description"
              label="Description"
              className="input textarea textarea--short"
              rows={3}
              maxLength={MAX_TEXT_LENGTH}
            />
          </div>
        </section>

        <section className="stage-form__section" aria-labelledby="stage-place-title">
          <h2 id="stage-place-title">Place</h2>
          <div className="stage-form__split">
            <div className="stage-form__fields">
              <div className="form__row">
                <InputField
                  form={form}
                  name="latitude"
                  label="Latitude"
                  isRequired
                  hint="Degrees, −90 to 90"
                  inputMode="decimal"
                  autoComplete="off"
                />
                <InputField
                  form={form}
                  name="longitude"
                  label="Longitude"
                  isRequired
                  hint="Degrees, −180 to 180"
                  inputMode="decimal"
                  autoComplete="off"
                />
              </div>
              <div className="form__row">
                <InputField
                  form={form}
                  name="altitude"
                  label="Altitude (m)"
                  hint="Above sea level"
                  inputMode="decimal"
                  autoComplete="off"
                />
                <InputField
                  form={form}
                  name="heading"
                  label="Heading (°)"
                  hint="0 is north, clockwise to 360"
                  inputMode="decimal"
                  autoComplete="off"
                />
              </div>
              <Field
                id={fieldId('anchorId')}
                label="VPS anchor id"
                isRequired
                error={errors.anchorId}
                hint="The anchor of this spot in the VPS placement app. None yet? Generate one and use it in the app."
              >
                <div className="input-with-button">
                  <input
                    className="input stage-form__anchor"
                    maxLength={MAX_ANCHOR_ID_LENGTH}
                    autoComplete="off"
                    spellCheck={false}
                    {...register('anchorId')}
                  />
                  <Button
                    variant="secondary"
                    onClick={() => form.setValue('anchorId', generateAnchorId())}
                    isThrottled={false}
                  >
                    Generate<span className="visually-hidden"> an anchor id</span>
                  </Button>
                </div>
              </Field>
            </div>
            <div className="stage-form__visual">
              <PlaceMap
                latitude={validCoordinate(values.latitude, 'latitude')}
                longitude={validCoordinate(values.longitude, 'longitude')}
                heading={validHeading(values.heading)}
                onPick={setPlace}
                label="Map of the stage's place"
                describedBy={mapHintId}
              />
              <p id={mapHintId} className="field__hint">
                Click the map (or drag the pin) to set the place; arrow keys pan the map, + and − zoom. The arrow on the
                pin is the heading.
              </p>
            </div>
          </div>
        </section>

        <section className="stage-form__section" aria-labelledby="stage-contents-title">
          <div className="stage-form__section-head">
            <h2 id="stage-contents-title">Contents</h2>
            <Button onClick={() => setIsAdding(true)} disabled={isFull} isThrottled={false}>
              Add content
            </Button>
          </div>
          {isFull ? <p className="field__hint">A stage holds at most {MAX_CONTENTS_PER_STAGE} contents.</p> : null}
          {errors.contents ? (
            <p className="field__error" id={fieldId('contents')} role="alert">
              {errors.contents}
            </p>
          ) : null}
          <div className="stage-form__split">
            <div className="stage-form__fields">
              <ContentList contents={contents} selectedKey={selectedKey} onSelect={setSelectedKey} />
              {selected ? (
                <ContentEditor
                  key={selected.key}
                  draft={selected}
                  onChange={changeContent}
                  onRemove={() => removeContent(selected.key)}
                />
              ) : null}
            </div>
            <div className="stage-form__visual">
              <PlacementGrid
                handleRef={gridRef}
                contents={contents}
                carousels={carousels}
                selectedKey={selectedKey}
                onSelect={setSelectedKey}
                onMove={moveContent}
              />
            </div>
          </div>
        </section>
      </form>

      <CarouselSection stageId={stage?.id} carousels={carousels} />

      <div className="stage-form__actions">
        <Button type="submit" form={formId} size="lg" isLoading={form.isSubmitting}>
          Save stage
        </Button>
        <Link className="btn btn--ghost btn--lg" to={VPS_PATH}>
          Cancel
        </Link>
      </div>

      <AddContentDialog isOpen={isAdding} onAdd={addContent} onClose={() => setIsAdding(false)} />
    </>
  );
}
