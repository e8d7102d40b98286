import { contentTypeLabels, MAX_NAME_LENGTH, utilityKindLabels } from '@portal/contracts';
import { useId } from 'react';
import { Button } from '../../../components/button.tsx';
import { ModelPreviewButton } from '../../../components/model-preview.tsx';
import { placementError, type Vector3 } from '../utils/placement.ts';
import type { ContentDraft } from '../utils/stage-form.ts';
import { NumberField } from './number-field.tsx';

/** Only a glTF binary opens in the browser's viewer; an AssetBundle is for the Unity app alone. */
const isPreviewable = (url: string | null) => Boolean(url && /\.glb$/i.test(new URL(url, 'http://x').pathname));

/** The message of a uniform scale names no axis: the three take the same factor. */
const uniformScaleError = (factor: number) =>
  placementError('scale', [factor, factor, factor])?.replace(/^scale [xyz]\b/, 'scale');

export interface ContentEditorProps {
  draft: ContentDraft;
  onChange: (draft: ContentDraft) => void;
  onRemove: () => void;
}

/** The selected piece of content: its name, where it stands (x, z on the ground, height), its turn and its size. */
export function ContentEditor({ draft, onChange, onRemove }: ContentEditorProps) {
  const nameId = useId();
  const titleId = useId();
  const [x, y, z] = draft.position;
  const setPosition = (position: Vector3) => onChange({ ...draft, position });
  const what =
    draft.type === 'Utility' && draft.utility ? utilityKindLabels[draft.utility] : contentTypeLabels[draft.type];

  return (
    <section className="content-editor card" aria-labelledby={titleId}>
      <div className="content-editor__head">
        <h3 id={titleId} className="content-editor__title">
          Selected: {draft.name}
        </h3>
        <span className="content-editor__type">{what}</span>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={nameId}>
          Content name
        </label>
        <input
          id={nameId}
          className="input"
          maxLength={MAX_NAME_LENGTH}
          autoComplete="off"
          value={draft.name}
          onChange={(event) => onChange({ ...draft, name: event.target.value })}
        />
      </div>
      <div className="content-editor__numbers">
        <NumberField
          label="x (m)"
          value={x}
          onChange={(value) => setPosition([value, y, z])}
          check={(value) => placementError('position', [value, y, z])}
        />
        <NumberField
          label="z (m)"
          value={z}
          onChange={(value) => setPosition([x, y, value])}
          check={(value) => placementError('position', [x, y, value])}
        />
        <NumberField
          label="Height y (m)"
          value={y}
          onChange={(value) => setPosition([x, value, z])}
          check={(value) => placementError('position', [x, value, z])}
        />
        <NumberField
          label="Turn (°)"
          value={draft.rotation[1]}
          onChange={(value) => onChange({ ...draft, rotation: [draft.rotation[0], value, draft.rotation[2]] })}
          check={(value) => placementError('rotation', [draft.rotation[0], value, draft.rotation[2]])}
        />
        <NumberField
          label="Scale"
          value={draft.scale[0]}
          onChange={(value) => onChange({ ...draft, scale: [value, value, value] })}
          check={uniformScaleError}
        />
      </div>
      <div className="content-editor__actions">
        {draft.type === 'Asset3D' && draft.url && isPreviewable(draft.url) ? (
          <ModelPreviewButton url={draft.url} label={draft.name} />
        ) : draft.type === 'Asset3D' ? (
          <span className="field__hint">This build is an AssetBundle: it shows in the app, not in a preview here.</span>
        ) : null}
        <Button variant="danger" onClick={onRemove} isThrottled={false}>
          Remove<span className="visually-hidden"> {draft.name}</span>
        </Button>
      </div>
    </section>
  );
}
